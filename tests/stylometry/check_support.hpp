#pragma once
// Checking a text through the whole analyzer as `fantasma check` runs it (the built-in
// reference and detectors, common habits hidden, one marker per habit per paragraph), for the
// tests that replay shapes of real documents.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/analyzer.hpp"

namespace fantasma::testing {

inline Report check(std::string_view source, Language language = Language::Text) {
    AnalysisOptions options;
    options.language = language;
    options.hide_common_habits = true;
    options.group_by_paragraph = true;
    static const Analyzer analyzer;
    return analyzer.analyze(source, options);
}

// The texts the markers of `code` cover, every span, in order.
inline std::vector<std::string> marked(const Report& report, std::string_view source,
                                       std::string_view code) {
    std::vector<std::string> texts;
    for (const Marker& marker : report.markers) {
        if (marker.code != code) continue;
        for (Span span : marker.spans) texts.emplace_back(source.substr(span.begin, span.size()));
    }
    return texts;
}

}  // namespace fantasma::testing
