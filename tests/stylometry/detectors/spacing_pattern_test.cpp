#include "stylometry/detectors/spacing_pattern.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("spacing-pattern marks repeated extra spaces between words") {
    const auto markers = require_markers(
        SpacingPattern{}, "The report[[  ]]is late and the[[   ]]board knows.\nWe left early.", 2,
        Language::Markdown);
    CHECK(markers[0].feature == "invisible.spacing");
    CHECK(markers[0].fixes.at(0).new_text == " ");
    CHECK(markers[0].fixes.at(0).keeps_appearance);
    require_markers(SpacingPattern{}, "The report  is *late* and  the board.\n", 2,
                    Language::Markdown);
    require_markers(SpacingPattern{}, "The report  is \\emph{late} and  the board.\n", 2,
                    Language::Latex);
}

TEST_CASE("spacing-pattern wants a repeat, and leaves sentence gaps, columns and hard breaks") {
    const auto markdown = [](std::string_view text) {
        require_markers(SpacingPattern{}, text, 0, Language::Markdown);
    };
    markdown("The report  is late.");
    markdown("One.  Two.  Three.  Four.");
    markdown("Type this:  run it. See the back.  v2 is out.");
    markdown("Name      Age\nAnn       42\nBob       37");
    // Plain text shows every space: columns and indented examples are layout.
    require_no_markers(SpacingPattern{}, "C-x C-f  Find a file and  C-x C-s  Save it.");
    // Indentation of a wrapped line is no gap between words.
    require_markers(SpacingPattern{}, "The plan is set,\n  and the board\n  knows it.\n", 0,
                    Language::Latex);
    require_markers(SpacingPattern{}, "A line  \nbreaks here  \nand here.\n", 0,
                    Language::Markdown);
}

TEST_CASE("spacing-pattern leaves headings' alignment and justified sources") {
    // A NEWS file's version headings, each with two spaces before its date (data.table's).
    require_markers(SpacingPattern{},
                    "# pkg v1.11.2  (08 May 2018)\n\nFixed a crash.\n\n"
                    "# pkg v1.11.0  (01 May 2018)\n\nFaster  reads and  writes.\n",
                    2, Language::Markdown);
    // Markdown filled and justified by an editor: the filler's padding, on one right edge.
    std::string justified;
    for (int i = 0; i < 8; ++i) {
        justified +=
            "The  files  are  now  read  in  parallel, and the result is the\n"
            "same  as  before on every platform that the package builds for.\n\n";
    }
    require_markers(SpacingPattern{}, justified, 0, Language::Markdown);
}
