#pragma once
// Tests of the lexical detectors: a small reference with chosen distributions, so a test can
// say "the population writes 'actually' 0-2 times per 1,000 words" without depending on the
// real reference's figures.
#include <cstdio>
#include <string>
#include <vector>

#include "detector_test_support.hpp"

namespace fantasma::testing {

// A distributions table line: `writers` reference writers spread evenly from `low` to `high`.
inline std::string spread(std::string_view feature, double low, double high,
                          std::size_t writers = 20) {
    std::string line = std::string(feature) + "\tbrown\t";
    for (std::size_t i = 0; i < writers; ++i) {
        char value[32];
        std::snprintf(
            value, sizeof value, "%s%g", i > 0 ? "," : "",
            low + (high - low) * static_cast<double>(i) / static_cast<double>(writers - 1));
        line += value;
    }
    return line + "\n";
}

// A reference made of the given distribution lines (see spread) and function words.
inline Reference reference_with(const std::vector<std::string>& distributions,
                                const std::vector<std::string>& function_words = {}) {
    std::string tables = "@table distributions\nfeature\tsource\tvalues\n";
    for (const std::string& line : distributions) tables += line;
    tables += "@table function_words\nword\n";
    for (const std::string& word : function_words) tables += word + "\n";
    return Reference::parse(tables);
}

// require_markers against `reference` instead of the built-in one.
inline std::vector<Marker> require_markers_with(const Reference& reference,
                                                const Detector& detector,
                                                std::string_view annotated, std::size_t count) {
    const auto [text, spans] = parse_annotations(annotated);
    CollectingSink sink = run_detector(detector, text, Language::Text, reference);
    INFO("text: " << text);
    REQUIRE(sink.markers.size() == count);
    for (std::size_t i = 0; i < spans.size() && i < sink.markers.size(); ++i) {
        REQUIRE(!sink.markers[i].spans.empty());
        CHECK(sink.markers[i].spans.front() == spans[i]);
    }
    if (!spans.empty()) CHECK(spans.size() == count);
    for (const Marker& marker : sink.markers) {
        CHECK(marker.code == detector.code());
        CHECK(!marker.message.empty());
        CHECK(marker.bits >= 0);
    }
    return sink.markers;
}

// The text repeated `times` times, separated by spaces.
inline std::string repeat(std::string_view text, std::size_t times) {
    std::string out;
    for (std::size_t i = 0; i < times; ++i)
        out += std::string(i > 0 ? " " : "") + std::string(text);
    return out;
}

}  // namespace fantasma::testing
