#include "stylometry/detectors/soft_hyphen.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("soft-hyphen marks soft hyphens") {
    const auto markers =
        require_markers(SoftHyphen{}, "An extra[[\u00AD]]ordinary com[[\u00AD]]mittee.", 2);
    CHECK(markers[0].feature == "invisible.soft-hyphen");
    CHECK(markers[0].fixes.at(0).new_text.empty());
    CHECK(markers[0].message.find("soft hyphen (U+00AD)") != std::string::npos);
    require_markers(SoftHyphen{}, "An extra\u00ADordinary *day*.\n", 1, Language::Markdown);
    require_markers(SoftHyphen{}, "An extra\u00ADordinary \\textbf{day}.\n", 1, Language::Latex);
}

TEST_CASE("soft-hyphen leaves hyphens and LaTeX's discretionary hyphen alone") {
    require_no_markers(SoftHyphen{}, "A well-known extra-ordinary day.");
    require_markers(SoftHyphen{}, "An extra\\-ordinary day.\n", 0, Language::Latex);
}
