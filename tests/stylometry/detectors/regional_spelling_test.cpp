#include "stylometry/detectors/regional_spelling.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("regional-spelling marks British forms and names the region") {
    const auto markers = require_markers(
        RegionalSpelling{},
        "I like the [[colour]] [[grey]]... no, the [[colour]] of the [[theatre]].", 4);
    CHECK(markers[0].fixes.at(0).new_text == "color");
    CHECK(markers[0].fixes.at(0).title == "Use 'color'");
    CHECK(markers[0].message.find("British") != std::string::npos);
    CHECK(markers[0].feature == "spelling.regional");
    const auto sink = run_detector(RegionalSpelling{}, "The colour and the color.");
    CHECK(sink.measurements.at("spelling.regional") == std::pair(1.0, 2.0));
}

TEST_CASE("regional-spelling leaves American forms and names alone") {
    require_no_markers(RegionalSpelling{},
                       "The color of the theater was gray. We met at the Lincoln Centre.");
}

TEST_CASE("regional-spelling keeps the original casing and apostrophe") {
    const auto markers =
        require_markers(RegionalSpelling{},
                        "[[Colour]] matters. I said [[COLOUR]] twice. The [[colour’s]] hue.", 3);
    CHECK(markers[0].fixes.at(0).new_text == "Color");
    CHECK(markers[1].fixes.at(0).new_text == "COLOR");
    CHECK(markers[2].fixes.at(0).new_text == "color’s");
}
