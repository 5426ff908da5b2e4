#pragma once
// Document-level linking: how strongly a text's habits, taken together, point to the writer
// of a personal profile rather than to a random writer of the population reference.
#include <map>
#include <string>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/reference.hpp"

namespace fantasma {

struct LinkingModel {
    // The spread of one writer's rate across their own texts, as a share of the spread of
    // rates across writers (variance ratio). Used when the profile holds too few documents to
    // measure it.
    double within_writer_share = 0.35;
    // No single habit may contribute more than this many bits either way: the models are
    // approximations, and one badly modelled habit must not decide the total.
    double cap_bits = 3.0;
};

// One link per feature measured both in `text` and in `profile` that the reference knows,
// strongest first. See linking.cpp for the model.
std::vector<FeatureLink> link_to_profile(
    const Reference& reference, const std::map<std::string, Measurement, std::less<>>& text,
    const Profile& profile, const LinkingModel& model = {});

}  // namespace fantasma
