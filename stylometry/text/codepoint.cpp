#include "stylometry/text/codepoint.hpp"

#include <utf8proc.h>

namespace fantasma::text {
namespace {

// CJK ideographs (unified, extensions, compatibility) and the iteration mark 々.
bool is_han(char32_t cp) {
    return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
           (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x3134F) || cp == 0x3005 ||
           cp == 0x3007;
}

// Marks that Unicode files as punctuation but that read as symbols in prose.
bool is_symbolic_punct(char32_t cp) {
    constexpr std::u32string_view symbols = U"\u00A7\u00B6\u2020\u2021\u2022\u2030\u2031";
    return symbols.find(cp) != std::u32string_view::npos;
}

}  // namespace

Decoded decode_multibyte(std::string_view text, std::size_t at) {
    utf8proc_int32_t cp = 0;
    const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data() + at);
    const utf8proc_ssize_t length =
        utf8proc_iterate(bytes, static_cast<utf8proc_ssize_t>(text.size() - at), &cp);
    if (length <= 0) return {0xFFFD, 1};
    return {static_cast<char32_t>(cp), static_cast<std::size_t>(length)};
}

CharClass classify_non_ascii(char32_t cp) {
    if (cp == 0x200D) return CharClass::EmojiJoiner;
    if (cp == 0x200B) return CharClass::Space;  // zero-width space: a word break (Thai, Khmer)
    if (cp >= 0x1F3FB && cp <= 0x1F3FF) return CharClass::EmojiModifier;
    if (is_variation_selector(cp) || is_tag(cp)) return CharClass::Format;
    const utf8proc_property_t* property = utf8proc_get_property(static_cast<utf8proc_int32_t>(cp));
    if (property->boundclass == UTF8PROC_BOUNDCLASS_REGIONAL_INDICATOR) return CharClass::Regional;
    // Below U+2300 the pictographs (© ® ™ ‼ arrows) are text unless U+FE0F follows; the
    // tokenizer checks that, so here they keep their ordinary class.
    if (cp >= 0x2300 && (property->boundclass == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC ||
                         property->boundclass == UTF8PROC_BOUNDCLASS_E_ZWG)) {
        return CharClass::Pictographic;
    }
    switch (property->category) {
        case UTF8PROC_CATEGORY_LU:
        case UTF8PROC_CATEGORY_LL:
        case UTF8PROC_CATEGORY_LT:
        case UTF8PROC_CATEGORY_LM:
        case UTF8PROC_CATEGORY_LO:
            return is_han(cp) ? CharClass::Han : CharClass::Letter;
        case UTF8PROC_CATEGORY_MN:
        case UTF8PROC_CATEGORY_MC:
        case UTF8PROC_CATEGORY_ME:
            return CharClass::Mark;
        case UTF8PROC_CATEGORY_ND:
            return CharClass::Digit;
        case UTF8PROC_CATEGORY_PC:
        case UTF8PROC_CATEGORY_PD:
        case UTF8PROC_CATEGORY_PS:
        case UTF8PROC_CATEGORY_PE:
        case UTF8PROC_CATEGORY_PI:
        case UTF8PROC_CATEGORY_PF:
        case UTF8PROC_CATEGORY_PO:
            return is_symbolic_punct(cp) ? CharClass::Symbol : CharClass::Punct;
        case UTF8PROC_CATEGORY_NL:
        case UTF8PROC_CATEGORY_NO:
        case UTF8PROC_CATEGORY_SM:
        case UTF8PROC_CATEGORY_SC:
        case UTF8PROC_CATEGORY_SK:
        case UTF8PROC_CATEGORY_SO:
            return CharClass::Symbol;
        case UTF8PROC_CATEGORY_ZS:
        case UTF8PROC_CATEGORY_ZL:
        case UTF8PROC_CATEGORY_ZP:
        case UTF8PROC_CATEGORY_CC:
            return CharClass::Space;
        case UTF8PROC_CATEGORY_CF:
            return CharClass::Format;
        default:
            return CharClass::Other;
    }
}

bool is_upper(char32_t cp) {
    if (cp < 0x80) return cp >= 'A' && cp <= 'Z';
    const utf8proc_category_t category = utf8proc_category(static_cast<utf8proc_int32_t>(cp));
    return category == UTF8PROC_CATEGORY_LU || category == UTF8PROC_CATEGORY_LT;
}

bool is_lower(char32_t cp) {
    if (cp < 0x80) return cp >= 'a' && cp <= 'z';
    return utf8proc_category(static_cast<utf8proc_int32_t>(cp)) == UTF8PROC_CATEGORY_LL;
}

Decoded decode_before(std::string_view text, std::size_t end) {
    std::size_t begin = end - 1;
    // Step back over continuation bytes (10xxxxxx), at most three.
    while (begin > 0 && end - begin < 4 &&
           (static_cast<unsigned char>(text[begin]) & 0xC0) == 0x80) {
        --begin;
    }
    const Decoded d = decode(text, begin);
    return begin + d.length == end ? d : Decoded{0xFFFD, 1};
}

bool is_caseless_letter(char32_t cp) {
    if (cp < 0x80) return false;
    return utf8proc_category(static_cast<utf8proc_int32_t>(cp)) == UTF8PROC_CATEGORY_LO;
}

bool is_text_pictograph(char32_t cp) {
    if (cp < 0x80 || cp >= 0x2300) return false;
    const utf8proc_property_t* property = utf8proc_get_property(static_cast<utf8proc_int32_t>(cp));
    return property->boundclass == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC;
}

}  // namespace fantasma::text
