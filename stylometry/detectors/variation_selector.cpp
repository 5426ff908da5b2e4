#include "stylometry/detectors/variation_selector.hpp"

#include <unicode/uchar.h>

#include "stylometry/detectors/common/invisible.hpp"

namespace fantasma {
namespace {

bool is_selector(char32_t cp) {
    return (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF);
}

// Whether `selector` can pick a variant of `base`: the emoji and text styles of a character
// that has both (U+FE0E, U+FE0F), a variant of an ideograph or a letter of a script that
// defines them, or of a mathematical or other symbol.
bool selects(char32_t base, char32_t selector) {
    if (base == 0) return false;
    const auto b = static_cast<UChar32>(base);
    if ((selector == 0xFE0E || selector == 0xFE0F) && u_hasBinaryProperty(b, UCHAR_EMOJI)) {
        // Every digit is an emoji base (keycaps), but a digit selects nothing by itself.
        return !(base >= '0' && base <= '9') && base != '#' && base != '*';
    }
    if (invisible::in_joining_script(base)) return true;
    const int8_t category = u_charType(b);
    return category == U_MATH_SYMBOL || category == U_OTHER_SYMBOL;
}

}  // namespace

void VariationSelector::detect(const DetectionContext& context, MarkerSink& sink) const {
    const auto find = [](const Document& document) {
        const std::string_view text = document.prose.text;
        std::vector<invisible::Finding> findings;
        invisible::for_each_written_char(document.prose, [&](Span span, char32_t cp) {
            if (!is_selector(cp)) return;
            if (invisible::inside_token(document.tokens(), span.begin, TokenKind::Emoji)) return;
            const char32_t base = invisible::char_before(text, span.begin);
            if (selects(base, cp)) return;
            findings.push_back({span,
                                "invisible variation selector (" + invisible::code_point_name(cp) +
                                    ") that selects nothing",
                                ""});
        });
        return invisible::merge_adjacent_removals(std::move(findings));
    };
    invisible::report(
        context, sink, code(), "invisible.variation-selector",
        invisible::find_everywhere(context.document, find),
        "No keyboard types it here; a run of selectors after ordinary letters is a known way "
        "to hide a watermark or a message in text, so it can tell which copy this is.",
        "Remove the variation selector");
}

}  // namespace fantasma
