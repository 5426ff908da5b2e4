#include "stylometry/detectors/ellipsis_style.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("ellipsis-style marks the ellipsis character and spaced periods") {
    const auto markers =
        require_markers_with(EllipsisStyle{}, kUnknown, "Well[[…]] maybe. Then[[. . .]] no.", 2);
    CHECK(markers[0].fixes.at(0).new_text == "...");
    CHECK(markers[0].feature == "ellipsis.character");
    CHECK(markers[1].feature == "ellipsis.spaced-periods");
    const auto sink =
        run_detector(EllipsisStyle{}, "Well… maybe. Then. . . no.", Language::Text, kUnknown);
    CHECK(measured(sink, "ellipsis.character") == std::pair(1.0, 2.0));
    CHECK(measured(sink, "ellipsis.periods") == std::pair(0.0, 2.0));
}

TEST_CASE("ellipsis-style leaves three attached periods and double periods alone") {
    require_markers_with(EllipsisStyle{}, kUnknown, "Well... maybe. So.. fine. End.", 0);
    const auto sink = run_detector(EllipsisStyle{}, "Well... maybe.", Language::Text, kUnknown);
    CHECK(measured(sink, "ellipsis.space-before") == std::pair(0.0, 1.0));
}

TEST_CASE("ellipsis-style marks a space before an ellipsis, not one opening a line") {
    const auto markers =
        require_markers_with(EllipsisStyle{}, kUnknown, "Well[[ ...]] maybe.\n\n... and then.", 1);
    CHECK(markers[0].feature == "ellipsis.space-before");
    CHECK(markers[0].fixes.at(0).new_text == "...");
}

TEST_CASE("ellipsis-style follows the population's usual form") {
    const Reference character_population = reference_with(
        {{"ellipsis.character", "0.6,0.7,0.9"}, {"ellipsis.periods", "0.1,0.2,0.3"}});
    const auto markers = require_markers_with(EllipsisStyle{}, character_population,
                                              "Well[[...]] ok. Fine… yes.", 1);
    CHECK(markers[0].fixes.at(0).new_text == "…");
    CHECK(markers[0].bits > 0);
}

TEST_CASE("ellipsis-style fixes to the ldots command in LaTeX") {
    const Reference character_population = reference_with(
        {{"ellipsis.character", "0.6,0.7,0.9"}, {"ellipsis.periods", "0.1,0.2,0.3"}});
    const auto markers =
        require_markers_with(EllipsisStyle{}, character_population,
                             "Well... ok. Fine\\ldots{} yes.\n", 1, Language::Latex);
    CHECK(markers[0].fixes.at(0).new_text == "\\ldots{}");
}

TEST_CASE("ellipsis-style calls an ellipsis between two numbers a range, with no fix") {
    // systemd's UID tables: "60578…61183" is a range typed with the ellipsis character.
    const auto markers = require_markers_with(EllipsisStyle{}, kUnknown,
                                              "Dynamic users get[[…]] no, 60578[[…]]61183.", 2);
    CHECK(markers[0].fixes.at(0).new_text == "...");
    CHECK(markers[1].message.starts_with("A range typed with '…'"));
    CHECK(markers[1].fixes.empty());
}

TEST_CASE("ellipsis-style counts no quoted dots and no address's placeholder") {
    // An announcement quoting an expression and a package's DESCRIPTION with its addresses
    // left out (fresh shapes of seed 16's).
    require_no_markers(EllipsisStyle{},
                       "Objects are also made by as(x, \"....Matrix\") calls.\n\n"
                       "Author: Ann Smith <....> and Bo Li <....>\n");
    // The writer's own, typed between words, still counts.
    require_markers(EllipsisStyle{}, "We waited[[....]]and waited[[....]] then left.", 2);
}
