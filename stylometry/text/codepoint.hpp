#pragma once
// UTF-8 decoding and the character classes the tokenizer needs; the invisible-character
// detectors (detectors/common/invisible.hpp) decode with them too.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace fantasma::text {

// `text` with its ASCII letters lower-cased and every other byte as it is: for matching
// keywords, commands and host names, which are ASCII (words use Token::norm instead).
inline std::string ascii_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// `word` as a Word token's norm is (lower-cased, NFC, ’ folded to '; segment.hpp): for
// looking up words found outside a segmentation in tables keyed by norm (tokenize.cpp).
std::string normalized_word(std::string_view word);

struct Decoded {
    char32_t cp = 0;
    std::size_t length = 1;  // bytes; at least 1, so malformed input still advances
};

Decoded decode_multibyte(std::string_view text, std::size_t at);

// The code point starting at `at`; invalid bytes decode as U+FFFD of length 1.
inline Decoded decode(std::string_view text, std::size_t at) {
    const auto lead = static_cast<unsigned char>(text[at]);
    return lead < 0x80 ? Decoded{lead, 1} : decode_multibyte(text, at);
}

enum class CharClass {
    Space,          // white space and line breaks
    Letter,         // L* except Han ideographs
    Han,            // CJK ideographs: one Word token each
    Mark,           // combining marks (M*) except the emoji ones below
    Digit,          // Nd
    Punct,          // P* except the marks below counted as symbols
    Symbol,         // S*, ASCII & % $ # * / + = < > ~ ^ | ` @ \, and § ¶ † ‡ • ‰
    Pictographic,   // Extended_Pictographic: emoji bases
    Regional,       // regional indicator letters (flags come in pairs)
    EmojiModifier,  // skin tones U+1F3FB..U+1F3FF
    EmojiJoiner,    // U+200D zero-width joiner
    Format,         // other invisible format characters (soft hyphen, BOM, tags, selectors)
    Other,          // unassigned, private use, controls: each one a Symbol token
};

constexpr CharClass classify_ascii(char32_t cp) {
    if (cp <= ' ' || cp == 0x7F) return CharClass::Space;  // stray controls separate tokens
    if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z')) return CharClass::Letter;
    if (cp >= '0' && cp <= '9') return CharClass::Digit;
    constexpr std::string_view symbols = "&%$#*/+=<>~^|`@\\";
    return symbols.find(static_cast<char>(cp)) != std::string_view::npos ? CharClass::Symbol
                                                                         : CharClass::Punct;
}

inline constexpr auto kAsciiClasses = [] {
    std::array<CharClass, 128> table{};
    for (char32_t cp = 0; cp < 128; ++cp) table[cp] = classify_ascii(cp);
    return table;
}();

CharClass classify_non_ascii(char32_t cp);

// ASCII from a table (most prose is ASCII), the rest from utf8proc's tables.
inline CharClass classify(char32_t cp) {
    return cp < 0x80 ? kAsciiClasses[cp] : classify_non_ascii(cp);
}

// The code point that ends just before `end` (which must be past the start of one).
Decoded decode_before(std::string_view text, std::size_t end);

// Upper-case or title-case letter.
bool is_upper(char32_t cp);
// Lower-case letter.
bool is_lower(char32_t cp);
// A letter of a script without case (CJK, Arabic, Hebrew, ...): a sentence may start with it.
bool is_caseless_letter(char32_t cp);

// © ® ™ ‼ ⁉ and arrows below U+2300: pictographs that are emoji only with U+FE0F after them.
bool is_text_pictograph(char32_t cp);

constexpr bool is_variation_selector(char32_t cp) {
    return cp == 0xFE0E || cp == 0xFE0F;
}
constexpr bool is_tag(char32_t cp) {
    return cp >= 0xE0020 && cp <= 0xE007F;
}
constexpr bool is_apostrophe(char32_t cp) {
    return cp == U'\'' || cp == U'\u2019';
}

}  // namespace fantasma::text
