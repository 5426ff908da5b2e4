#pragma once
// For the style-habit detectors' tests: a small Reference with chosen distributions, so tests
// do not depend on the measured population, and require_markers against it.
#include <initializer_list>
#include <string>
#include <utility>

#include "detector_test_support.hpp"

namespace fantasma::testing {

// A Reference holding only `distributions` (feature, comma-separated writer values) plus
// any `extra_tables` in the format of stylometry/data/README.md.
inline Reference reference_with(
    std::initializer_list<std::pair<std::string_view, std::string_view>> distributions,
    std::string_view extra_tables = "") {
    std::string tables = "@table distributions\nfeature\tsource\tvalues\n";
    for (const auto& [feature, values] : distributions) {
        tables += std::string(feature) + "\ttest\t" + std::string(values) + "\n";
    }
    tables += extra_tables;
    return Reference::parse(tables);
}

// The measurement of `feature` in a run, as {count, opportunities}; {-1, -1} when absent.
inline std::pair<double, double> measured(const CollectingSink& sink, std::string_view feature) {
    const auto it = sink.measurements.find(std::string(feature));
    return it == sink.measurements.end() ? std::pair(-1.0, -1.0) : it->second;
}

}  // namespace fantasma::testing
