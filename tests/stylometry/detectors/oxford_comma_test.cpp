#include "stylometry/detectors/oxford_comma.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("oxford-comma marks the serial comma where writers leave it out") {
    const auto markers = require_markers_with(
        OxfordComma{}, kUnknown, "We bought apples, pears[[,]] and plums. Tea, milk or juice?", 1);
    CHECK(markers[0].fixes.at(0).new_text.empty());
    CHECK(markers[0].feature == "comma.serial");
    const auto sink =
        run_detector(OxfordComma{}, "We bought apples, pears, and plums. Tea, milk or juice?",
                     Language::Text, kUnknown);
    CHECK(measured(sink, "comma.serial") == std::pair(1.0, 2.0));
}

TEST_CASE("oxford-comma ignores pairs and sentences without lists") {
    require_markers_with(OxfordComma{}, kUnknown,
                         "Salt and pepper. We went home, and then we slept for a very long time.",
                         0);
    const auto sink = run_detector(OxfordComma{}, "Salt and pepper.", Language::Text, kUnknown);
    CHECK(measured(sink, "comma.serial") == std::pair(0.0, 0.0));
}

TEST_CASE("oxford-comma adds the comma where writers use it, keeping the word's casing") {
    const Reference serial = reference_with({{"comma.serial", "0.4,0.7,0.9"}});
    const auto marked = require_markers_with(OxfordComma{}, serial,
                                             "Red, [[White]] and Blue. Red, white, or blue.", 1);
    CHECK(marked[0].fixes.at(0).new_text == "White,");
    CHECK(marked[0].fixes.at(0).title == "Add a serial comma");
}

TEST_CASE("oxford-comma: the message and the reference figure point the same way") {
    // Most reference writers use the serial comma; this writer mostly leaves it out.
    const Reference serial = reference_with({{"comma.serial", "0.6,0.8,0.85,0.9,0.95"}});
    const auto markers = require_markers_with(
        OxfordComma{}, serial,
        "Bring pens, paper, and ink. Pack socks, [[shirts]] or shoes. Buy salt, [[oil]] or rice.",
        2);
    for (const Marker& marker : markers) {
        CHECK(marker.message.find("you leave it out more often than most writers") !=
              std::string::npos);
        CHECK(marker.message.find("most writers leave it out") == std::string::npos);
    }
}

TEST_CASE("oxford-comma: no comma is added where the words are no list of three") {
    // Shapes from the blind judging of rewrites (issue 15): Debian documents and EBG essays,
    // written fresh. A comma added in any of them would break the sentence or its meaning.
    const Reference serial = reference_with({{"comma.serial", "0.4,0.7,0.9"}});
    require_markers_with(OxfordComma{}, serial,
                         "In later years, more and more towns grew. Before we begin, the "
                         "\\pkg{zoo} and \\pkg{xts} packages are loaded. Hence both \\code{a = 1} "
                         "and \\code{a = TRUE} work.\n",
                         0, Language::Latex);
    require_markers_with(
        OxfordComma{}, serial,
        "The first unit listed in the file, and `ctl set off` disables and stops them. He "
        "sorted them by price, sorting and grouping them. She toured with the band, singing "
        "and dancing. It may be called anywhere in the loop, including before and after it. "
        "It supports GET, plain request and response body types.\n\n* `$UNIT_CLIENT=1` — if "
        "set, enable or disable unit files here.\n",
        0, Language::Markdown);
    // A list of three stays one: the comma is added there.
    require_markers_with(OxfordComma{}, serial, "We grow apples, [[pears]] and plums.", 1);
}

TEST_CASE("oxford-comma: a serial comma that parts the items or ends a clause stays") {
    // Population without the serial comma: the writer's would be removed, except where it
    // tells the reader where the items part, or is no serial comma at all.
    const Reference plain = reference_with({{"comma.serial", "0.05,0.1,0.2"}});
    require_markers_with(OxfordComma{}, plain,
                         "Guns, hired soldiers, and Dutch and French troops failed. We took "
                         "the short, easy path, and we learned nothing. It uses the region, "
                         "if any, or starts a new one.",
                         0);
    require_markers_with(OxfordComma{}, plain, "We grow apples, pears[[,]] and plums.", 1);
}
