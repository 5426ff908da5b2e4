#include "stylometry/detectors/variation_selector.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("variation-selector marks selectors after ordinary letters and punctuation") {
    const auto markers = require_markers(
        VariationSelector{},
        "The pla[[\uFE01]]n is set[[\uFE0F]]. Meet a[[\U000E0100\U000E0101]]t 5.", 3);
    CHECK(markers[0].feature == "invisible.variation-selector");
    CHECK(markers[0].message.find("U+FE01") != std::string::npos);
    require_markers(VariationSelector{}, "The pla\uFE01n is *set*.\n", 1, Language::Markdown);
    require_markers(VariationSelector{}, "The pla\uFE01n is \\emph{set}.\n", 1, Language::Latex);
}

TEST_CASE("variation-selector leaves emoji, text-style symbols, ideographs and math alone") {
    require_no_markers(VariationSelector{},
                       "Love ❤\uFE0F and ☺\uFE0E, 1\uFE0F\u20E3 first, ©\uFE0E 2024. "
                       "葛\U000E0100城 and 辻\U000E0101. A ≩\uFE00 B.");
}
