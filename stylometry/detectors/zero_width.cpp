#include "stylometry/detectors/zero_width.hpp"

#include "stylometry/detectors/common/invisible.hpp"

namespace fantasma {
namespace {

std::string_view name_of(char32_t cp) {
    switch (cp) {
        case 0x200B:
            return "zero-width space";
        case 0x200C:
            return "zero-width non-joiner";
        case 0x200D:
            return "zero-width joiner";
        case 0x2060:
            return "word joiner";
        case 0xFEFF:
            return "byte-order mark inside the text";
        default:
            return "";
    }
}

}  // namespace

void ZeroWidth::detect(const DetectionContext& context, MarkerSink& sink) const {
    const auto find = [](const Document& document) {
        const std::string_view text = document.prose.text;
        std::vector<invisible::Finding> findings;
        invisible::for_each_written_char(document.prose, [&](Span span, char32_t cp) {
            const std::string_view name = name_of(cp);
            if (name.empty()) return;
            // A byte-order mark that opens the file is an encoding signature, not text.
            if (cp == 0xFEFF && document.prose.to_source(span.begin) == 0) return;
            if (cp == 0x200D &&
                invisible::inside_token(document.tokens(), span.begin, TokenKind::Emoji)) {
                return;  // glues an emoji sequence (family, profession, flag)
            }
            if (invisible::in_joining_script(invisible::char_before(text, span.begin)) ||
                invisible::in_joining_script(invisible::char_at(text, span.end))) {
                return;  // part of the spelling: Persian non-joiners, Indic conjuncts, Thai breaks
            }
            findings.push_back(
                {span,
                 "invisible " + std::string(name) + " (" + invisible::code_point_name(cp) + ")",
                 ""});
        });
        return invisible::merge_adjacent_removals(std::move(findings));
    };
    invisible::report(
        context, sink, code(), "invisible.zero-width",
        invisible::find_everywhere(context.document, find),
        "It usually comes from a web page or editor the text was copied through, or was put "
        "there on purpose: zero-width characters are the common way to watermark each copy "
        "of a document, so they can tell which copy this is and who received it.",
        "Remove the invisible character");
}

}  // namespace fantasma
