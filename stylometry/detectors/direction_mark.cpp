#include "stylometry/detectors/direction_mark.hpp"

#include <utf8proc.h>

#include "stylometry/detectors/common/invisible.hpp"

namespace fantasma {
namespace {

std::string_view name_of(char32_t cp) {
    switch (cp) {
        case 0x200E:
            return "left-to-right mark";
        case 0x200F:
            return "right-to-left mark";
        case 0x061C:
            return "Arabic letter mark";
        case 0x202A:
            return "left-to-right embedding";
        case 0x202B:
            return "right-to-left embedding";
        case 0x202C:
            return "pop directional formatting";
        case 0x202D:
            return "left-to-right override";
        case 0x202E:
            return "right-to-left override";
        case 0x2066:
            return "left-to-right isolate";
        case 0x2067:
            return "right-to-left isolate";
        case 0x2068:
            return "first-strong isolate";
        case 0x2069:
            return "pop directional isolate";
        default:
            return "";
    }
}

bool is_right_to_left(char32_t cp) {
    if (cp < 0x0590) return false;
    const auto bidi = utf8proc_get_property(static_cast<utf8proc_int32_t>(cp))->bidi_class;
    return bidi == UTF8PROC_BIDI_CLASS_R || bidi == UTF8PROC_BIDI_CLASS_AL;
}

bool has_right_to_left(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        const text::Decoded d = text::decode(text, at);
        // The right-to-left mark is itself of that direction; it is a control, not text.
        if (name_of(d.cp).empty() && is_right_to_left(d.cp)) return true;
        at += d.length;
    }
    return false;
}

}  // namespace

void DirectionMark::detect(const DetectionContext& context, MarkerSink& sink) const {
    const auto find = [](const Document& document) {
        const Prose& prose = document.prose;
        std::vector<invisible::Finding> findings;
        Span checked;  // the last block looked at, and whether it holds right-to-left letters
        bool right_to_left = false;
        invisible::for_each_written_char(prose, [&](Span span, char32_t cp) {
            const std::string_view name = name_of(cp);
            if (name.empty()) return;
            if (!checked.contains(span.begin)) {
                checked = invisible::block_around(prose, span.begin);
                right_to_left = has_right_to_left(prose.view(checked));
            }
            if (right_to_left) return;  // where direction marks do their work
            findings.push_back({span,
                                "invisible " + std::string(name) + " (" +
                                    invisible::code_point_name(cp) + ") in left-to-right text",
                                ""});
        });
        return invisible::merge_adjacent_removals(std::move(findings));
    };
    invisible::report(
        context, sink, code(), "invisible.direction",
        invisible::find_everywhere(context.document, find),
        "It changes nothing here; editors, keyboards set up for right-to-left languages and "
        "some chat and mail programs leave it, so it follows a writer from text to text and "
        "can also mark one copy of a document.",
        "Remove the direction mark");
}

}  // namespace fantasma
