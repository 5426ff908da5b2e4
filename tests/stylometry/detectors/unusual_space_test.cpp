#include "stylometry/detectors/unusual_space.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("unusual-space marks odd spaces between ordinary words") {
    const auto markers = require_markers(UnusualSpace{},
                                         "The[[\u00A0]]report is late.[[\u00A0]] Then[[\u2003]]we "
                                         "left[[\u202F]]early[[\u3000]]today.",
                                         5);
    CHECK(markers[0].feature == "invisible.unusual-space");
    CHECK(markers[0].fixes.at(0).new_text == " ");
    CHECK(markers[0].fixes.at(0).keeps_appearance);
    CHECK(markers[0].message.find("No-break space (U+00A0) where a plain space would do") !=
          std::string::npos);
    require_markers(UnusualSpace{}, "The\u00A0report is *late*.\n", 1, Language::Markdown);
    require_markers(UnusualSpace{}, "The\u00A0report is \\emph{late}.\n", 1, Language::Latex);
}

TEST_CASE("unusual-space leaves typographic spaces alone") {
    // French punctuation and quotes, numbers and units, abbreviations and initials, spaced
    // dashes, one-letter words (Czech), CJK text with ideographic spaces.
    require_no_markers(
        UnusualSpace{},
        "Il a dit\u202F: «\u00A0Bonjour\u00A0!\u00A0» Vraiment\u00A0? "
        "Il mesure 10\u00A0000\u00A0km, soit 5\u202F% de plus, p.\u00A012. "
        "Mr.\u00A0Smith and J.\u00A0R.\u00A0R.\u00A0Tolkien came\u2009\u2014\u2009late. "
        "Byl v\u00A0Praze. 今日は\u3000晴れです。\n\n\u3000日本語の段落。");
}

TEST_CASE("unusual-space skips spaces written as markup") {
    require_markers(UnusualSpace{}, "The&nbsp;report is late.\n", 0, Language::Markdown);
    require_markers(UnusualSpace{}, "The~report is late.\n", 0, Language::Latex);
}

TEST_CASE("unusual-space leaves a converter's no-break spaces: indentation and section numbers") {
    // The Debian FAQ as DocBook's conversion to text writes it.
    require_no_markers(UnusualSpace{},
                       "Chapter\u00A01.\u00A0Definitions and overview\n\n"
                       "3.2.3.\u00A0I'm using another distribution. How do I migrate?\n\n"
                       "    If you are an expert and you know what you\n"
                       "\u00A0\u00A0\u00A0 are doing, then it might be possible.\n");
    // Between words of a sentence, the same character is no layout.
    require_markers(UnusualSpace{},
                    "Chapter\u00A01.\u00A0Definitions\n\nWe know[[\u00A0]]what we are doing.\n", 1);
}
