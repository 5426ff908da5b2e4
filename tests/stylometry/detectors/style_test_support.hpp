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

// require_markers (see detector_test_support.hpp) against `reference`.
inline std::vector<Marker> require_markers_with(const Detector& detector,
                                                const Reference& reference,
                                                std::string_view annotated, std::size_t count,
                                                Language language = Language::Text) {
    const auto [text, spans] = parse_annotations(annotated);
    CollectingSink sink = run_detector(detector, text, language, reference);
    INFO("text: " << text);
    REQUIRE(sink.markers.size() == count);
    if (!spans.empty()) {
        REQUIRE(spans.size() == sink.markers.size());
        for (std::size_t i = 0; i < spans.size(); ++i) {
            REQUIRE(!sink.markers[i].spans.empty());
            CHECK(sink.markers[i].spans.front() == spans[i]);
        }
    }
    for (const Marker& marker : sink.markers) {
        CHECK(marker.code == detector.code());
        CHECK(!marker.message.empty());
        CHECK(marker.bits >= 0);
    }
    return sink.markers;
}

// The measurement of `feature` in a run, as {count, opportunities}; {-1, -1} when absent.
inline std::pair<double, double> measured(const CollectingSink& sink, std::string_view feature) {
    const auto it = sink.measurements.find(std::string(feature));
    return it == sink.measurements.end() ? std::pair(-1.0, -1.0) : it->second;
}

}  // namespace fantasma::testing
