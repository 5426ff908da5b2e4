#include "stylometry/detectors/word_length.hpp"

#include "lexical_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

// The population writes 15-30% of its words with 7 letters or more.
Reference population() {
    return reference_with({spread("word-length.long", 0.15, 0.30)});
}

}  // namespace

TEST_CASE("word-length measures the length distribution") {
    // Letters: 1 + 3 + 8 + 4 + 15 ("don't" counts its 4 letters, not the apostrophe).
    const auto sink = run_detector(WordLength{}, "A cat devoured don't extraordinarily.");
    CHECK(sink.measurements.at("word-length.letters") == std::pair(31.0, 5.0));
    CHECK(sink.measurements.at("word-length.long") == std::pair(2.0, 5.0));
    CHECK(sink.measurements.at("word-length.short") == std::pair(2.0, 5.0));
    CHECK(sink.measurements.at("word-length.4") == std::pair(1.0, 5.0));
    CHECK(sink.measurements.at("word-length.13-plus") == std::pair(1.0, 5.0));
    CHECK(sink.measurements.at("word-length.2") == std::pair(0.0, 5.0));
    CHECK(sink.markers.empty());  // the built-in reference may know nothing yet: no claim
}

TEST_CASE("word-length marks the longest words of a long-word document") {
    const Reference reference = population();
    const std::string text =
        "[[Incomprehensibilities]] necessitate comprehensive documentation. " +
        repeat("Organisational responsibilities overwhelm institutional stakeholders.", 20);
    const auto markers = require_markers_with(reference, WordLength{}, text, 1);
    CHECK(markers[0].spans.size() == 8);
    CHECK(markers[0].feature == "word-length.long");
    CHECK(markers[0].message.find("long") != std::string::npos);
}

TEST_CASE("word-length marks a short-word document at its first word") {
    const Reference reference = population();
    const auto markers =
        require_markers_with(reference, WordLength{},
                             "[[I]] " + repeat("go to the shop and get a bun for my dad.", 30), 1);
    CHECK(markers[0].message.find("short") != std::string::npos);
}

TEST_CASE("word-length leaves a typical document and an empty one alone") {
    const Reference reference = population();
    require_markers_with(reference, WordLength{},
                         repeat("We went to the market and bought some fresh vegetables for "
                                "dinner. The children played outside while their parents "
                                "talked about the weather.",
                                10),
                         0);
    CHECK(run_detector(WordLength{}, "...").measurements.empty());
}
