#include "stylometry/detectors/link_target.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/links.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;
// An account or a profile belongs to one person or one group.
constexpr double kLinkBits = 15;

// The links to one account or page, and why it identifies its owner.
struct LinkedAccount {
    std::string why;
    std::vector<Span> links;
};

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
    std::vector<LinkedAccount> accounts;  // in the order of their first link
    for (const Span url : leaks::find_urls(source)) {
        if (language == Language::Latex && leaks::commented_out(source, url.begin)) continue;
        if (language == Language::Markdown && in_markdown_comment(source, url.begin)) continue;
        // Prose shows the link as written: contact-detail reports it there.
        if (document.prose.from_source(url.begin) != npos) continue;
        auto why =
            leaks::identifying_link(source.substr(url.begin, url.size()), context.public_names);
        if (!why) continue;
        const auto same = std::ranges::find(accounts, *why, &LinkedAccount::why);
        if (same != accounts.end()) {
            same->links.push_back(url);
        } else {
            accounts.push_back({std::move(*why), {url}});
        }
    }
    // Which of them is the writer's the text does not say: one of two accounts linked may
    // be theirs, and a README crediting 300 contributors is not 300 times as identifying.
    // The account's bits are shared among the accounts linked.
    const double bits = kLinkBits / static_cast<double>(std::max<std::size_t>(accounts.size(), 1));
    for (LinkedAccount& account : accounts) {
        const std::string links =
            account.links.size() == 1 ? "This link goes to " : "These links go to ";
        sink.mark_in_source(lexical::identity_marker(
            code(), std::move(account.links),
            links + account.why +
                ". If it is yours or your group's, a reviewer who follows it (or reads it in the "
                "PDF or the source) learns who you are: use an anonymised copy (for example "
                "anonymous.4open.science) for the submission.",
            bits));
    }
}

}  // namespace fantasma
