#pragma once
// Every detector fantasma ships, in one alphabetical list (registry.cpp). Adding a detector
// means adding one line there; the registry tests check that codes are unique and kebab-case
// and that every detector describes itself.
#include <memory>
#include <vector>

#include "stylometry/detector.hpp"

namespace fantasma {

// A fresh instance of every detector, sorted by code.
std::vector<std::unique_ptr<Detector>> make_all_detectors();

}  // namespace fantasma
