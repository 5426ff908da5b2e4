// Emoji (Unicode pictographs with their modifiers) and emoticons (ASCII faces).
#include <array>
#include <string_view>

#include "stylometry/text/codepoint.hpp"
#include "stylometry/text/scanners.hpp"

namespace fantasma::text {
namespace {

constexpr char32_t kKeycap = U'\u20E3';

bool is_emoji_suffix(char32_t cp) {
    return is_variation_selector(cp) || is_tag(cp) || cp == kKeycap ||
           (cp >= 0x1F3FB && cp <= 0x1F3FF);
}

// One emoji without joiners: its end, or `at` when none starts there.
std::size_t match_element(std::string_view text, std::size_t at) {
    if (at >= text.size()) return at;
    const Decoded first = decode(text, at);
    std::size_t end = at + first.length;
    const Decoded next = end < text.size() ? decode(text, end) : Decoded{0, 0};
    const CharClass c = classify(first.cp);
    if (c == CharClass::Regional) {
        // A flag is a pair of regional indicators; a lone one still reads as an emoji.
        return classify(next.cp) == CharClass::Regional ? end + next.length : end;
    }
    const bool keycap_base =
        first.cp == '#' || first.cp == '*' || (first.cp >= '0' && first.cp <= '9');
    if (keycap_base) {
        if (next.cp == kKeycap) return end + next.length;
        if (next.cp != U'\uFE0F' || end + next.length >= text.size()) return at;
        const Decoded after = decode(text, end + next.length);
        return after.cp == kKeycap ? end + next.length + after.length : at;
    }
    const bool base = c == CharClass::Pictographic || c == CharClass::EmojiModifier ||
                      (is_text_pictograph(first.cp) && next.cp == U'\uFE0F');
    if (!base) return at;
    while (end < text.size()) {
        const Decoded d = decode(text, end);
        if (!is_emoji_suffix(d.cp)) break;
        end += d.length;
    }
    return end;
}

// Common ASCII faces. Each must end at a boundary, so their order does not matter.
constexpr std::string_view kEmoticons[] = {
    ":'-(", ">:-(", "</3", ":-)", ":-(", ";-)", ":-D", ":-P", ":-p", ":-O", ":-o", ":-/",
    ":-|",  ":-*",  ":'(", ":-]", ">:(", "^_^", "^.^", "-_-", "o_O", "O_o", "o_o", "O_O",
    "o.O",  "O.o",  "X-D", "T_T", ";_;", ">_<", "8-)", "B-)", ";-P", ":)",  ":(",  ";)",
    ":D",   ":P",   ":p",  ";P",  ";p",  ":O",  ":o",  ":/",  ":|",  ":*",  ":]",  ":[",
    ":3",   ":>",   ":<",  ":$",  "=)",  "=(",  "=D",  "=]",  "<3",  "^^",  "XD",  "xD",
};

// Which ASCII characters start a face, to turn most tokens away with one look.
constexpr auto kStartsFace = [] {
    std::array<bool, 128> starts{};
    for (std::string_view face : kEmoticons)
        starts[static_cast<unsigned char>(face.front())] = true;
    return starts;
}();

bool starts_with(std::string_view text, std::size_t at, std::string_view prefix) {
    return text.substr(at, prefix.size()) == prefix;
}

// After an emoticon: a space, the end, or sentence punctuation.
bool emoticon_boundary(std::string_view text, std::size_t at) {
    if (at == text.size()) return true;
    const char c = text[at];
    if (c == ',' || c == '.' || c == '!' || c == '?' || c == ';') return true;
    return classify(decode(text, at).cp) == CharClass::Space;
}

}  // namespace

std::size_t match_emoji(std::string_view text, std::size_t at) {
    std::size_t end = match_element(text, at);
    if (end == at) return at;
    // Zero-width joiners glue further pictographs into one (family, profession, flag) emoji.
    while (end < text.size() && decode(text, end).cp == U'\u200D') {
        const std::size_t joined = end + 3;  // U+200D is three bytes in UTF-8
        const std::size_t next = match_element(text, joined);
        if (next == joined) break;
        end = next;
    }
    return end;
}

std::size_t match_emoticon(std::string_view text, std::size_t at) {
    const char first = text[at];
    if (static_cast<unsigned char>(first) >= 128 ||
        !kStartsFace[static_cast<unsigned char>(first)]) {
        return at;
    }
    for (std::string_view face : kEmoticons) {
        if (face.front() != first || !starts_with(text, at, face)) continue;
        std::size_t end = at + face.size();
        // ":)))" and ":DDD" repeat their last character.
        while (end < text.size() && text[end] == face.back() &&
               (face.back() == ')' || face.back() == '(' || face.back() == 'D')) {
            ++end;
        }
        if (emoticon_boundary(text, end)) return end;
    }
    return at;
}

}  // namespace fantasma::text
