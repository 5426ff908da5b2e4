#include "stylometry/detectors/tag_character.hpp"

#include "stylometry/detectors/common/invisible.hpp"

namespace fantasma {

void TagCharacter::detect(const DetectionContext& context, MarkerSink& sink) const {
    const auto find = [](const Document& document) {
        std::vector<invisible::Finding> findings;
        invisible::for_each_written_char(document.prose, [&](Span span, char32_t cp) {
            if (cp < 0xE0000 || cp > 0xE007F) return;
            // Subdivision flags (England: black flag, tags "gbeng", cancel tag) are emoji.
            if (invisible::inside_token(document.tokens(), span.begin, TokenKind::Emoji)) return;
            findings.push_back({span, "invisible tag characters", ""});
        });
        return invisible::merge_adjacent_removals(std::move(findings));
    };
    invisible::report(
        context, sink, code(), "invisible.tag", invisible::find_everywhere(context.document, find),
        "Each one is an invisible copy of an ASCII character, so a run of them can spell a "
        "hidden message, such as the name of the person this copy was given to; hardly any "
        "editor or keyboard types them.",
        "Remove the tag characters");
}

}  // namespace fantasma
