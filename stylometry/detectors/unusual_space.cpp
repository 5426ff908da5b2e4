#include "stylometry/detectors/unusual_space.hpp"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "stylometry/detectors/common/invisible.hpp"
#include "stylometry/detectors/common/layout.hpp"

namespace fantasma {
namespace {

std::string_view name_of(char32_t cp) {
    switch (cp) {
        case 0x00A0:
            return "no-break space";
        case 0x2000:
            return "en quad";
        case 0x2001:
            return "em quad";
        case 0x2002:
            return "en space";
        case 0x2003:
            return "em space";
        case 0x2004:
            return "three-per-em space";
        case 0x2005:
            return "four-per-em space";
        case 0x2006:
            return "six-per-em space";
        case 0x2007:
            return "figure space";
        case 0x2008:
            return "punctuation space";
        case 0x2009:
            return "thin space";
        case 0x200A:
            return "hair space";
        case 0x202F:
            return "narrow no-break space";
        case 0x205F:
            return "medium mathematical space";
        case 0x3000:
            return "ideographic space";
        default:
            return "";
    }
}

// The spaces typographers put in numbers, before French punctuation and beside dashes.
bool is_typographic(char32_t cp) {
    return cp == 0x00A0 || cp == 0x202F || cp == 0x2009 || cp == 0x200A || cp == 0x2007 ||
           cp == 0x2008;
}

bool is_digit(char32_t cp) {
    return cp < 0x80 ? cp >= '0' && cp <= '9' : u_isdigit(static_cast<UChar32>(cp));
}

bool is_cjk(char32_t cp) {
    if ((cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFFEF)) return true;
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(static_cast<UChar32>(cp), &status);
    return script == USCRIPT_HAN || script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA ||
           script == USCRIPT_HANGUL || script == USCRIPT_BOPOMOFO;
}

// Abbreviations typeset with a no-break space after them ("Mr. Smith", "p. 5", "U.S. Army").
bool ends_abbreviation(std::string_view text, std::size_t at) {
    if (at == 0 || text[at - 1] != '.') return false;
    std::size_t begin = at - 1;
    while (begin > 0 && std::isalpha(static_cast<unsigned char>(text[begin - 1]))) --begin;
    const std::string_view word = text.substr(begin, at - 1 - begin);
    if (word.empty()) return false;
    if (std::isupper(static_cast<unsigned char>(word.front())) && word.size() <= 3) return true;
    constexpr std::array<std::string_view, 12> kLower = {"p",  "pp",  "cf", "vs",  "no",  "vol",
                                                         "ch", "fig", "eq", "sec", "art", "ca"};
    return std::ranges::find(kLower, word) != kLower.end();
}

// A one-letter word before `at`: Czech, Polish and Slovak keep it on the line of the next word.
bool after_one_letter_word(std::string_view text, std::size_t at) {
    if (at == 0) return false;
    const text::Decoded letter = text::decode_before(text, at);
    if (!u_isalpha(static_cast<UChar32>(letter.cp))) return false;
    const std::size_t begin = at - letter.length;
    return begin == 0 ||
           text::classify(invisible::char_before(text, begin)) == text::CharClass::Space;
}

bool typography_calls_for(std::string_view text, Span span, char32_t cp) {
    // Look past a run of such spaces to the characters around it.
    std::size_t begin = span.begin, end = span.end;
    while (begin > 0 && !name_of(invisible::char_before(text, begin)).empty()) {
        begin -= text::decode_before(text, begin).length;
    }
    while (end < text.size() && !name_of(invisible::char_at(text, end)).empty()) {
        end += text::decode(text, end).length;
    }
    const char32_t before = invisible::char_before(text, begin);
    const char32_t after = invisible::char_at(text, end);
    if (cp == 0x3000) return is_cjk(before) || is_cjk(after);
    if (!is_typographic(cp)) return false;
    if (is_digit(before) || is_digit(after)) return true;  // 10 000, 5 km, § 5, 20 %
    constexpr std::u32string_view kFrenchBefore = U";:!?\u00BB\u203A%";
    if (kFrenchBefore.find(after) != std::u32string_view::npos) return true;
    if (before == U'\u00AB' || before == U'\u2039') return true;  // « Bonjour »
    if (before == U'\u2014' || before == U'\u2013' || after == U'\u2014' || after == U'\u2013')
        return true;  // spaced dashes
    if (cp == 0x00A0 || cp == 0x202F) {
        return ends_abbreviation(text, begin) || after_one_letter_word(text, begin);
    }
    return false;
}

}  // namespace

void UnusualSpace::detect(const DetectionContext& context, MarkerSink& sink) const {
    const auto find = [](const Document& document) {
        const std::string_view text = document.prose.text;
        std::vector<invisible::Finding> findings;
        invisible::for_each_written_char(document.prose, [&](Span span, char32_t cp) {
            const std::string_view name = name_of(cp);
            if (name.empty() || typography_calls_for(text, span, cp)) return;
            // Indentation and a section number's space: a converter's layout (the Debian FAQ's
            // DocBook-to-text no-break spaces), never in place of a space between words.
            if (cp == 0x00A0 && layout::is_layout_space(text, span.begin)) return;
            findings.push_back({span,
                                std::string(name) + " (" + invisible::code_point_name(cp) +
                                    ") where a plain space would do",
                                " "});
        });
        return findings;
    };
    invisible::report(
        context, sink, code(), "invisible.unusual-space",
        invisible::find_everywhere(context.document, find),
        "It looks like a plain space. Word processors, web pages and some keyboards "
        "(Option-Space on a Mac) leave such spaces, each in its own places, and a watermark "
        "can put them in place of plain spaces to tell copies apart.",
        "Use a plain space");
}

}  // namespace fantasma
