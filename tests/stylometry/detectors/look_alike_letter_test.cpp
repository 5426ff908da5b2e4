#include "stylometry/detectors/look_alike_letter.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("look-alike-letter marks Cyrillic and Greek letters inside Latin words") {
    // Cyrillic а and О, Greek ο; and a whole Cyrillic "а" in English text.
    const auto markers = require_markers(
        LookAlikeLetter{}, "J[[а]]mes met the B[[О]]ard t[[ο]]day with [[а]] lawyer.", 4);
    CHECK(markers[0].feature == "invisible.look-alike");
    CHECK(markers[0].fixes.at(0).new_text == "a");
    CHECK(markers[1].fixes.at(0).new_text == "O");
    CHECK(markers[2].fixes.at(0).new_text == "o");
    CHECK(markers[3].fixes.at(0).new_text == "a");
    CHECK(markers[0].fixes.at(0).keeps_appearance);
    CHECK(markers[0].message.find("Cyrillic letter 'а' (U+0430) in 'Jаmes'") != std::string::npos);
    CHECK(markers[2].message.find("Greek letter") != std::string::npos);
    require_markers(LookAlikeLetter{}, "J\u0430mes is *here*.\n", 1, Language::Markdown);
    require_markers(LookAlikeLetter{}, "J\u0430mes is \\emph{here}.\n", 1, Language::Latex);
}

TEST_CASE("look-alike-letter leaves Russian, Greek and Greek symbols in English alone") {
    require_no_markers(LookAlikeLetter{},
                       "Москва и Санкт-Петербург. Ο καιρός είναι καλός. "
                       "The α particle, a μm scale and π are fine. Copy 東京 too.");
    // Headings in capitals of a Russian text, beside an English word.
    require_no_markers(LookAlikeLetter{}, "Окна и буферы.\n\n* ОКНА (WINDOWS)\n");
    // A Russian quotation with a Latin letter in a word is not a Latin word.
    require_no_markers(LookAlikeLetter{}, "Он сказал привeт и ушёл.");
}
