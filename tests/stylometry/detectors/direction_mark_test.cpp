#include "stylometry/detectors/direction_mark.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("direction-mark marks direction controls in left-to-right text") {
    const auto markers = require_markers(
        DirectionMark{}, "I wrote it[[\u200E]] myself. [[\u202D]]Then[[\u202C]] I sent it.", 3);
    CHECK(markers[0].feature == "invisible.direction");
    CHECK(markers[0].message.find("left-to-right mark (U+200E)") != std::string::npos);
    CHECK(markers[1].message.find("left-to-right override (U+202D)") != std::string::npos);
    CHECK(markers[2].fixes.at(0).new_text.empty());
    CHECK(markers[2].fixes.at(0).keeps_appearance);
}

TEST_CASE("direction-mark leaves right-to-left blocks alone") {
    // Hebrew and Arabic with their marks, and an English paragraph quoting a Hebrew name.
    require_no_markers(DirectionMark{},
                       "שלום\u200F עולם.\n\nمرحبا\u200F بالعالم\u061C.\n\n"
                       "We met \u2067דוד\u2069 there\u200E.");
    // A mark in an English paragraph next to a Hebrew one is still marked.
    require_markers(DirectionMark{}, "שלום\u200F עולם.\n\nWe met[[\u200E]] there.", 1);
}

TEST_CASE("direction-mark works in Markdown and LaTeX") {
    require_markers(DirectionMark{}, "# Title\u200E\n\nSome *text*\u200F here.\n", 2,
                    Language::Markdown);
    require_markers(DirectionMark{}, "\\section{Intro\u200E}\nSome text\u200F here.\n", 2,
                    Language::Latex);
}
