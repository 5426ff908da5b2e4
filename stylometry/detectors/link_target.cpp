#include "stylometry/detectors/link_target.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/links.hpp"
#include "stylometry/text/codepoint.hpp"

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

// Release notes, manuals and contributing guides link the projects they use, credit and
// report to (data.table's NEWS: rio, rchk, shiny, zUMIs, db-benchmark): from this many
// accounts' projects on, a repository link is a citation of a project unless the writer
// calls it theirs. A paper links its own code and a dependency or two.
constexpr std::size_t kCitedProjectAccounts = 3;

// Whether the words just before `at`, back to the sentence's start, call what follows the
// writer's own ("Our code is at", "my fork").
bool claimed_as_own(std::string_view source, std::size_t at) {
    std::size_t from = at > 160 ? at - 160 : 0;
    for (std::string_view end : {". ", "\n\n", ".\n"}) {
        const std::size_t found = source.rfind(end, at == 0 ? 0 : at - 1);
        if (found != npos && found >= from) from = found + end.size();
    }
    std::string word;
    for (std::size_t i = from; i <= at; ++i) {
        const char c = i < at ? source[i] : ' ';
        if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
            word += c;
            continue;
        }
        const std::string lower = text::ascii_lower(word);
        if (word == "I" || lower == "our" || lower == "my" || lower == "we") return true;
        word.clear();
    }
    return false;
}

// The URLs of the document a reader follows: not those commented out.
std::vector<Span> followed_urls(const Document& document) {
    const std::string_view source = document.source;
    const Language language = document.prose.language;
    std::vector<Span> urls;
    for (const Span url : leaks::find_urls(source)) {
        if (language == Language::Latex && leaks::commented_out(source, url.begin)) continue;
        if (language == Language::Markdown && in_markdown_comment(source, url.begin)) continue;
        urls.push_back(url);
    }
    return urls;
}

}  // namespace

void LinkTarget::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const Language language = document.prose.language;
    if (language != Language::Latex && language != Language::Markdown) return;
    const std::string_view source = document.source;
    const std::vector<Span> urls = followed_urls(document);
    std::set<std::string> project_accounts;
    for (const Span url : urls) {
        if (auto account = leaks::project_account(source.substr(url.begin, url.size())))
            project_accounts.insert(std::move(*account));
    }
    const bool cites_projects = project_accounts.size() >= kCitedProjectAccounts;
    std::vector<LinkedAccount> accounts;  // in the order of their first link
    for (const Span url : urls) {
        // Prose shows the link as written: contact-detail reports it there.
        if (document.prose.from_source(url.begin) != npos) continue;
        const std::string_view target = source.substr(url.begin, url.size());
        if (cites_projects && leaks::project_account(target) &&
            !claimed_as_own(source, url.begin)) {
            continue;
        }
        auto why = leaks::identifying_link(target, context.public_names);
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
