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
