#include "stylometry/detectors/soft_hyphen.hpp"

#include "stylometry/detectors/common/invisible.hpp"

namespace fantasma {

void SoftHyphen::detect(const DetectionContext& context, MarkerSink& sink) const {
    const auto find = [](const Document& document) {
        std::vector<invisible::Finding> findings;
        invisible::for_each_written_char(document.prose, [&](Span span, char32_t cp) {
            if (cp == 0xAD) findings.push_back({span, "invisible soft hyphen (U+00AD)", ""});
        });
        return invisible::merge_adjacent_removals(std::move(findings));
    };
    invisible::report(
        context, sink, code(), "invisible.soft-hyphen",
        invisible::find_everywhere(context.document, find),
        "It shows only where a line breaks. Word processors, hyphenation tools and copies "
        "from web pages and PDFs leave soft hyphens, each in its own places, so they show "
        "which tools a text went through and can mark one copy of it.",
        "Remove the soft hyphen");
}

}  // namespace fantasma
