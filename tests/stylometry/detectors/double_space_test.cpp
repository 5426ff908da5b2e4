#include "stylometry/detectors/double_space.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("double-space marks two spaces after a sentence") {
    const auto markers = require_markers_with(
        DoubleSpace{}, kUnknown, "It rained.[[  ]]We stayed in. Then it cleared![[   ]]Good.", 2);
    CHECK(markers[0].fixes.at(0).new_text == " ");
    CHECK(markers[0].fixes.at(0).title == "Use one space");
    const auto sink =
        run_detector(DoubleSpace{}, "It rained.  We stayed in. Then it cleared!   Good.",
                     Language::Text, kUnknown);
    CHECK(measured(sink, "space.double-after-sentence") == std::pair(2.0, 3.0));
}

TEST_CASE("double-space ignores single spaces, line breaks and spaces inside sentences") {
    require_markers_with(DoubleSpace{}, kUnknown,
                         "It rained.\nWe stayed  in. Then it cleared.\n\nGood.", 0);
    const auto sink =
        run_detector(DoubleSpace{}, "It rained.\nWe stayed in. Then.", Language::Text, kUnknown);
    CHECK(measured(sink, "space.double-after-sentence") == std::pair(0.0, 1.0));
}

TEST_CASE("double-space scores against the population and stays quiet where it is usual") {
    const Reference rare = reference_with({{"space.double-after-sentence", "0,0,0,0.1"}});
    const auto markers = require_markers_with(DoubleSpace{}, rare, "One.[[  ]]Two.", 1);
    CHECK(markers[0].bits > 0);
    const Reference usual = reference_with({{"space.double-after-sentence", "0.6,0.9,1"}});
    require_markers_with(DoubleSpace{}, usual, "One.  Two.", 0);
}

// nroff's output, as the NetHack guidebook ships it: every line padded to one right edge,
// sentence gaps of two or three spaces among them. The formatter spaced it, not the writer.
std::string justified_manual() {
    const std::string paragraph =
        "          You  have  just  begun a game of NetHack.  Your goal is to grab\n"
        "          as much treasure as you can, retrieve the Amulet of  Yendor,  and\n"
        "          escape  the  Mazes  of  Menace  alive.   On  the screen is kept a\n"
        "          map of where you have been and what you have seen on the current\n"
        "          level.   When  you  move  on, the shopkeeper sometimes runs after\n"
        "          you  and  asks  for  payment.   Credit can be used to pay for the\n"
        "          things you buy later in the game, in this shop or in another.\n\n";
    std::string manual;
    for (int i = 0; i < 6; ++i) manual += paragraph;
    return manual;
}

TEST_CASE("double-space leaves justified text, whose formatter spaced its sentences") {
    const Reference rare = reference_with({{"space.double-after-sentence", "0,0,0,0.1"}});
    require_markers_with(DoubleSpace{}, rare, justified_manual(), 0);
    const auto sink = run_detector(DoubleSpace{}, justified_manual(), Language::Text, rare);
    CHECK(sink.measurements.empty());  // not even the opportunities: no habit to read
    // The same sentences typed by a writer, lines of any length: their habit.
    require_markers_with(DoubleSpace{}, rare,
                         "You have just begun a game.[[  ]]Your goal is to grab treasure.\n"
                         "Retrieve the Amulet.[[  ]]Escape alive.\n",
                         2);
}

TEST_CASE("double-space leaves a heading's aligned spaces") {
    const Reference rare = reference_with({{"space.double-after-sentence", "0,0,0,0.1"}});
    require_markers_with(DoubleSpace{}, rare,
                         "# Release 1.2.  (08 May 2018)\n\nIt works.  Try it.\n", 1,
                         Language::Markdown);
}
