#include "stylometry/detectors/contraction_rate.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("contraction-rate marks contractions in a text that contracts everything") {
    const auto markers = require_markers_with(
        ContractionRate{}, kUnknown, "I [[don't]] know. [[It's]] late and [[I'm]] tired.", 3);
    CHECK(markers[0].fixes.at(0).new_text == "do not");
    CHECK(markers[1].fixes.at(0).new_text == "It is");
    CHECK(markers[2].fixes.at(0).new_text == "I am");
    const auto sink = run_detector(ContractionRate{}, "I don't know. It's late and I'm tired.",
                                   Language::Text, kUnknown);
    CHECK(measured(sink, "contraction.rate") == std::pair(3.0, 3.0));
}

TEST_CASE("contraction-rate marks spelled-out pairs in a text that rarely contracts") {
    const auto markers = require_markers_with(
        ContractionRate{}, kUnknown,
        "I [[do not]] know. [[It is]] late and [[I am]] tired. Don't go, I [[cannot]] stay. "
        "[[We have]] seen it.",
        5);
    CHECK(markers[0].fixes.at(0).new_text == "don't");
    CHECK(markers[1].fixes.at(0).new_text == "It's");
    CHECK(markers[3].fixes.at(0).new_text == "can't");
    CHECK(markers[4].fixes.at(0).new_text == "We've");
}

TEST_CASE("contraction-rate stays quiet at the population's rate and skips uncontractible pairs") {
    const Reference reference = reference_with({{"contraction.rate", "0.1,0.3,0.5,0.7,0.9"}});
    require_markers_with(ContractionRate{}, reference, "I don't know. It is late.", 0);
    const auto sink =
        run_detector(ContractionRate{}, "I know what it is. We have to go as you have it.",
                     Language::Text, reference);
    CHECK(measured(sink, "contraction.rate") == std::pair(0.0, 0.0));
}

TEST_CASE("contraction-rate keeps casing and reads 's been as has") {
    const auto markers = require_markers_with(
        ContractionRate{}, kUnknown, "[[It's]] been long. [[DON'T]] go. We [[won’t]] stay.", 3);
    CHECK(markers[0].fixes.at(0).new_text == "It has");
    CHECK(markers[1].fixes.at(0).new_text == "DO NOT");
    CHECK(markers[2].fixes.at(0).new_text == "will not");
}
