#include "stylometry/detectors/registry.hpp"

#include <algorithm>

namespace fantasma {

std::vector<std::unique_ptr<Detector>> make_all_detectors() {
    std::vector<std::unique_ptr<Detector>> detectors;
    // One line per detector, alphabetical by class name.
    std::ranges::sort(detectors,
                      [](const auto& a, const auto& b) { return a->code() < b->code(); });
    return detectors;
}

}  // namespace fantasma
