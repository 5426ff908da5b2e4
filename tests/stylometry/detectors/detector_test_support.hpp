#pragma once
// Running one detector on a snippet in tests. Spans are prose-text spans (for plain text the
// prose is the source). Mark expected spans in the input with [[ and ]]:
//   require_markers(detector, "I like the [[colour]] red.", 1);
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "stylometry/detector.hpp"

namespace fantasma::testing {

struct CollectingSink : MarkerSink {
    std::vector<Marker> markers;
    std::map<std::string, std::pair<double, double>> measurements;  // feature -> count, opps

    void measure(std::string_view feature, double count, double opportunities) override {
        auto& m = measurements[std::string(feature)];
        m.first += count;
        m.second += opportunities;
    }
    void mark(Marker marker) override { markers.push_back(std::move(marker)); }
    // Source spans: kept apart, so that `markers` holds prose spans only.
    std::vector<Marker> source_markers;
    void mark_in_source(Marker marker) override { source_markers.push_back(std::move(marker)); }
};

// Strips [[ ]] from `annotated`, returning the plain text and the marked prose spans.
inline std::pair<std::string, std::vector<Span>> parse_annotations(std::string_view annotated) {
    std::string text;
    std::vector<Span> spans;
    std::size_t open = 0;
    for (std::size_t i = 0; i < annotated.size(); ++i) {
        if (annotated.substr(i, 2) == "[[") {
            open = text.size();
            ++i;
        } else if (annotated.substr(i, 2) == "]]") {
            spans.emplace_back(open, text.size());
            ++i;
        } else {
            text += annotated[i];
        }
    }
    return {text, spans};
}

inline CollectingSink run_detector(const Detector& detector, std::string_view text,
                                   Language language = Language::Text,
                                   const Reference& reference = Reference::builtin()) {
    const Document document = make_document(text, language);
    CollectingSink sink;
    detector.detect(DetectionContext{document, reference, {}, {}, {}}, sink);
    return sink;
}

// Requires exactly `count` markers, detected against `reference`; when the text carries
// [[ ]] annotations, requires the markers' first spans to be exactly those spans, in order.
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

// require_markers_with against the built-in population reference.
inline std::vector<Marker> require_markers(const Detector& detector, std::string_view annotated,
                                           std::size_t count, Language language = Language::Text) {
    return require_markers_with(detector, Reference::builtin(), annotated, count, language);
}

inline void require_no_markers(const Detector& detector, std::string_view text,
                               Language language = Language::Text) {
    require_markers(detector, text, 0, language);
}

}  // namespace fantasma::testing
