#include "stylometry/linking.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

// The model, per habit (a rate: `count` events in `opportunities` trials).
//
// Rates are compared on the square-root scale, where counting noise is about the same for
// every rate: a rate measured on n trials has a square root with variance ~ 1/(4n) (the
// variance-stabilising transform of a Poisson count). On that scale, a two-level normal model
// (as in forensic likelihood ratios for a measured trait):
//   - each writer has a true root rate t, spread across writers around the population's
//     median m with variance B = (1 - w) s^2, where s^2 is the spread of the reference
//     writers' root rates (from their interquartile range, so that a few extreme writers do
//     not inflate it) and w = within_writer_share;
//   - one writer's texts scatter around t with variance W = w s^2 (topic, mood), plus
//     counting noise 1/(4n).
// The profile (D documents, N trials) estimates t with variance P = W/D + 1/(4N); the
// posterior for t is normal with mean m + k (y_a - m) and variance k P, k = B / (B + P). A
// text's root rate y_t is then predicted
//   by the profile's writer:  N(m + k (y_a - m), k P + W + 1/(4 n_t))
//   by a random writer:       N(m, B + W + 1/(4 n_t))
// and the link is the log2 ratio of the two densities, capped at +-cap_bits. It is positive
// when the text sits closer to the profile than a random writer would, largest when both
// depart from the population together (a rare shared habit), and near 0 when either side is
// measured on too few trials to tell (k -> 0 makes the two predictions equal). The document's
// total sums the links over habits as if they were independent, which overstates the
// evidence when habits are correlated (comma and sentence-length habits, say).
namespace fantasma {
namespace {

// Linear interpolation between the order statistics of `sorted`.
double quantile(const std::vector<float>& sorted, double q) {
    const double position = q * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double weight = position - static_cast<double>(below);
    return (1 - weight) * sorted[below] + weight * sorted[above];
}

double root(double rate) {
    return std::sqrt(std::max(0.0, rate));
}

struct RootPopulation {
    double centre = 0;
    double variance = 0;
};

// The population on the square-root scale. Quantiles commute with the (monotone) square root,
// so the median and quartiles of root rates are the roots of the rates' own.
std::optional<RootPopulation> root_population(const Distribution& distribution) {
    const std::vector<float>& values = distribution.values();
    if (values.size() < 5) return std::nullopt;
    RootPopulation population;
    population.centre = root(quantile(values, 0.5));
    double spread = (root(quantile(values, 0.75)) - root(quantile(values, 0.25))) / 1.349;
    if (spread <= 0) {
        // A habit most writers never show: the interquartile range is 0, so fall back to the
        // root-mean-square departure from the median.
        double sum = 0;
        for (float value : values) sum += std::pow(root(value) - population.centre, 2);
        spread = std::sqrt(sum / static_cast<double>(values.size()));
    }
    if (spread <= 0) return std::nullopt;  // every writer alike: nothing to link on
    population.variance = spread * spread;
    return population;
}

double normal_log_density(double x, double mean, double variance) {
    return -0.5 * std::log(2 * std::numbers::pi * variance) -
           (x - mean) * (x - mean) / (2 * variance);
}

}  // namespace

std::vector<FeatureLink> link_to_profile(
    const Reference& reference, const std::map<std::string, Measurement, std::less<>>& text,
    const Profile& profile, const LinkingModel& model) {
    std::vector<FeatureLink> links;
    for (const auto& [feature, measured] : text) {
        const Measurement* known = profile.find(feature);
        const Distribution* distribution = reference.distribution(feature);
        if (known == nullptr || distribution == nullptr) continue;
        if (measured.opportunities <= 0 || known->opportunities <= 0) continue;
        const std::optional<RootPopulation> population = root_population(*distribution);
        if (!population) continue;

        const double text_root = root(measured.count / measured.opportunities);
        const double text_noise = 1 / (4 * measured.opportunities);
        const double within = model.within_writer_share * population->variance;
        const double between = population->variance - within;
        const double documents = std::max<double>(1, static_cast<double>(profile.documents()));
        const double profile_error = within / documents + 1 / (4 * known->opportunities);
        const double reliability = between / (between + profile_error);
        const double writer_root =
            population->centre +
            reliability * (root(known->count / known->opportunities) - population->centre);

        const double same_writer = normal_log_density(
            text_root, writer_root, reliability * profile_error + within + text_noise);
        const double any_writer = normal_log_density(text_root, population->centre,
                                                     population->variance + text_noise);
        const double bits = (same_writer - any_writer) / std::numbers::ln2;
        links.push_back({feature, std::clamp(bits, -model.cap_bits, model.cap_bits)});
    }
    std::ranges::sort(links, [](const FeatureLink& a, const FeatureLink& b) {
        return a.bits != b.bits ? a.bits > b.bits : a.feature < b.feature;
    });
    return links;
}

}  // namespace fantasma
