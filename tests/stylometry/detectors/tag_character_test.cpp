#include "stylometry/detectors/tag_character.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("tag-character marks a run of tag characters as one") {
    const auto markers = require_markers(
        TagCharacter{}, "Quarterly figures[[\U000E0042\U000E006F\U000E0062]] attached.", 1);
    CHECK(markers[0].feature == "invisible.tag");
    CHECK(markers[0].fixes.at(0).new_text.empty());
    require_markers(TagCharacter{}, "Figures\U000E0041 *attached*.\n", 1, Language::Markdown);
    require_markers(TagCharacter{}, "Figures\U000E0041 \\emph{attached}.\n", 1, Language::Latex);
}

TEST_CASE("tag-character leaves subdivision flags alone") {
    require_no_markers(TagCharacter{},
                       "Go 🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F team.");
}
