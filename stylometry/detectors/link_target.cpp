#include "stylometry/detectors/link_target.hpp"

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/links.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;
// An account or a profile belongs to one person or one group.
constexpr double kLinkBits = 15;

// Whether `at` is inside a Markdown <!-- comment --> (comment-identity's).
bool in_markdown_comment(std::string_view source, std::size_t at) {
    const std::size_t open = source.rfind("<!--", at);
    if (open == npos) return false;
    const std::size_t close = source.find("-->", open);
    return close == npos || close > at;
}

}  // namespace

void LinkTarget::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const Language language = document.prose.language;
    if (language != Language::Latex && language != Language::Markdown) return;
    const std::string_view source = document.source;
    for (const Span url : leaks::find_urls(source)) {
        if (language == Language::Latex && leaks::commented_out(source, url.begin)) continue;
        if (language == Language::Markdown && in_markdown_comment(source, url.begin)) continue;
        // Prose shows the link as written: contact-detail reports it there.
        if (document.prose.from_source(url.begin) != npos) continue;
        const auto why =
            leaks::identifying_link(source.substr(url.begin, url.size()), context.public_names);
        if (!why) continue;
        sink.mark_in_source(lexical::identity_marker(
            code(), {url},
            "This link goes to " + *why +
                ": a reviewer who follows it (or reads it in the PDF or the source) learns who "
                "you are. Use an anonymised copy (for example anonymous.4open.science) for the "
                "submission.",
            kLinkBits));
    }
}

}  // namespace fantasma
