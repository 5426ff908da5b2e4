#include "stylometry/detectors/contact_detail.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <regex>
#include <string>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/links.hpp"
#include "stylometry/leaks/person_names.hpp"
#include "stylometry/text/codepoint.hpp"
#include "stylometry/text/mail_headers.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// An address, number or profile usually belongs to one person among millions.
constexpr double kContactBits = 20;

// Hosts whose first path segment (after the prefix) is a user name.
constexpr std::array<std::string_view, 22> kProfilePrefixes = {
    "github.com/",       "gitlab.com/",    "bitbucket.org/",
    "twitter.com/",      "x.com/",         "linkedin.com/in/",
    "facebook.com/",     "instagram.com/", "medium.com/@",
    "reddit.com/user/",  "reddit.com/u/",  "youtube.com/@",
    "youtube.com/user/", "youtube.com/c/", "tiktok.com/@",
    "keybase.io/",       "twitch.tv/",     "threads.net/@",
    "bsky.app/profile/", "substack.com/@", "stackoverflow.com/users/",
    "mastodon.social/@"};
// Hosts whose subdomain is a user name (name.github.io).
constexpr std::array<std::string_view, 5> kUserSubdomains = {
    ".github.io", ".gitlab.io", ".substack.com", ".wordpress.com", ".blogspot.com"};
// Path parts that name a user on any host.
constexpr std::array<std::string_view, 5> kUserPaths = {"/~", "/users/", "/user/", "/people/",
                                                        "/profile/"};

bool is_name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

// The link around `at` in `text`: back to the previous space, forward to the next one,
// without the sentence punctuation that follows it.
Span link_around(std::string_view text, std::size_t at) {
    const std::size_t space = text.find_last_of(" \t\n(<\"", at);
    const std::size_t begin = space == std::string_view::npos ? 0 : space + 1;
    std::size_t end = std::min(text.find_first_of(" \t\n)>\"", at), text.size());
    while (end > at && std::string_view(".,;:!?'").find(text[end - 1]) != std::string_view::npos) {
        --end;
    }
    return {begin, end};
}

std::vector<Span> profile_links(std::string_view text) {
    std::string lower(text);
    std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return std::tolower(c); });
    std::vector<Span> links;
    auto find_all = [&](std::string_view needle, auto accept) {
        for (std::size_t at = lower.find(needle); at != std::string::npos;
             at = lower.find(needle, at + 1)) {
            if (accept(at, at + needle.size())) links.push_back(link_around(text, at));
        }
    };
    for (std::string_view prefix : kProfilePrefixes) {
        find_all(prefix, [&](std::size_t at, std::size_t user) {
            const bool own_host = at == 0 || !is_name_char(lower[at - 1]) ||
                                  std::string_view(lower).substr(0, at).ends_with("www.");
            return own_host && user < lower.size() && is_name_char(lower[user]);
        });
    }
    for (std::string_view suffix : kUserSubdomains) {
        find_all(suffix, [&](std::size_t at, std::size_t) {
            return at > 0 && is_name_char(lower[at - 1]);
        });
    }
    for (std::string_view path : kUserPaths) {
        find_all(path, [&](std::size_t at, std::size_t user) {
            const Span link = link_around(text, at);
            const std::string_view url = std::string_view(lower).substr(link.begin, link.size());
            if (url.find(".") >= at - link.begin || user >= link.end || !is_name_char(lower[user]))
                return false;
            // A profile ends at the name (example.org/users/jdoe/); a path that goes on
            // (docs.travis-ci.com/user/tutorial/#start) is a page of a site's documentation.
            std::size_t name_end = user;
            while (name_end < link.end && is_name_char(lower[name_end])) ++name_end;
            return path == "/~" || name_end == link.end ||
                   (name_end + 1 == link.end && lower[name_end] == '/');
        });
    }
    return links;
}

// The text of the line holding `at`.
std::string_view line_of(std::string_view text, std::size_t at) {
    const std::size_t newline = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
    const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
    return text.substr(begin, std::min(text.find('\n', at), text.size()) - begin);
}

// Whether the address at `at` is not the writer's in a mail's headers: a message's identifier
// shaped like an address (Message-ID, References, In-Reply-To), which names no mailbox, a
// recipient (To, Cc), whose address is someone else's, or the mail system's (Received,
// Return-Path, Delivered-To). The writer's own stands in From, Reply-To or Sender.
bool in_others_header(const Document& document, std::size_t at) {
    const std::string_view text = document.prose.text;
    const std::string field = mail_header_field(text, document.mail_headers, at);
    if (!field.empty()) return field != "from" && field != "reply-to" && field != "sender";
    const std::string_view line = line_of(text, at);
    for (const std::string_view header :
         {"message-id:", "references:", "in-reply-to:", "to:", "cc:", "bcc:"}) {
        if (line.size() >= header.size() &&
            std::ranges::equal(line.substr(0, header.size()), header, [](char a, char b) {
                return std::tolower(static_cast<unsigned char>(a)) == b;
            })) {
            return true;
        }
    }
    return false;
}

// Whether the address at `at` introduces someone else's words: an attribution line ("Alan
// <alan@example.org> said:", "Linus Torvalds <torvalds@example.org> writes:") names the writer
// being quoted, not the one writing.
bool in_attribution(std::string_view text, std::size_t at) {
    const std::string_view line = line_of(text, at);
    const std::size_t line_begin = static_cast<std::size_t>(line.data() - text.data());
    std::string after(line.substr(at - line_begin));
    std::ranges::transform(after, after.begin(), [](unsigned char c) { return std::tolower(c); });
    return std::ranges::any_of(
        std::array<std::string_view, 4>{"writes:", "wrote:", "said:", "says:"},
        [&](std::string_view verb) { return after.find(verb) != std::string::npos; });
}

// A mailing list's address (git@vger.kernel.org, users@lists.example.org,
// foo-devel@example.org), or one the text calls a list: it reaches many people, none of them
// the writer in particular.
bool is_list_address(std::string_view text, Span address) {
    std::string lower(text.substr(address.begin, address.size()));
    std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return std::tolower(c); });
    const std::size_t at = lower.find('@');
    if (at == std::string::npos) return false;
    const std::string_view local = std::string_view(lower).substr(0, at);
    const std::string_view host = std::string_view(lower).substr(at + 1);
    for (const std::string_view list_host : {"lists.", "vger.", "list.", "googlegroups.com"}) {
        if (host.starts_with(list_host) || host == list_host) return true;
    }
    for (const std::string_view suffix : {"-devel", "-users", "-announce", "-discuss", "-help",
                                          "-request", "-list", "-dev", "-general"}) {
        if (local.ends_with(suffix)) return true;
    }
    const std::size_t from = address.begin > 40 ? address.begin - 40 : 0;
    std::string before(text.substr(from, address.begin - from));
    std::ranges::transform(before, before.begin(), [](unsigned char c) { return std::tolower(c); });
    return std::ranges::any_of(
        std::array<std::string_view, 3>{"mailing list", "mailing-list", "the list at"},
        [&](std::string_view named) { return before.find(named) != std::string::npos; });
}

// Whether the address at `address` is a credited contributor's: right after "contributed by"
// and a name ("contributed by Deri James <deri@example.org>", groff's NEWS). Release notes
// credit others so; a writer does not introduce their own address that way.
bool is_credited(std::string_view text, Span address) {
    static const std::regex credit(
        R"((contributed|reported|suggested|fixed|sent|patch|patches) by( [A-Z][A-Za-z.'-]*){1,4}\s+<?$)");
    const std::size_t from = address.begin > 80 ? address.begin - 80 : 0;
    const std::string before(text.substr(from, address.begin - from));
    return std::regex_search(before, credit);
}

// Whether the @word at `handle` is code a manual shows rather than an account: a LaTeX
// internal ("\@ifpackageloaded"), a BibTeX entry ("@BOOK(almanac-66,", "an @STRING
// definition"), anything opening an argument list ("@media{", "@Override(").
bool is_code(std::string_view text, Span handle) {
    // "\@emptytoks", "{@emptytoks}", "\@subst@obsolete": TeX's internal names.
    if (handle.begin > 0 && (std::string_view("\\{@").find(text[handle.begin - 1]) != npos ||
                             std::isalnum(static_cast<unsigned char>(text[handle.begin - 1])))) {
        return true;
    }
    if (handle.end < text.size() && (text[handle.end] == '{' || text[handle.end] == '(')) {
        return true;
    }
    static constexpr std::string_view kBibtexEntries[] = {
        "article",      "book",          "booklet", "comment",       "conference", "inbook",
        "incollection", "inproceedings", "manual",  "mastersthesis", "misc",       "phdthesis",
        "preamble",     "proceedings",   "string",  "techreport",    "unpublished"};
    const std::string word = text::ascii_lower(text.substr(handle.begin + 1, handle.size() - 1));
    return std::ranges::find(kBibtexEntries, word) != std::end(kBibtexEntries);
}

// Whether the address at `address` is where a project takes its bug reports and questions
// ("Email bug reports to pdftex@tug.org", "report typos ... to biblio@tug.org (
// http://lists.tug.org/biblio)"): a manual's contact, not its writer's. It takes a cue in the
// sentence, a mailbox that is no person's name, and that mailbox named elsewhere in the text
// as the project or list ("pdfTeX", "lists.tug.org/tex-k"); "send questions to jdoe@..."
// stays the writer's.
bool is_project_contact(std::string_view text, Span address) {
    const std::string_view mailbox = text.substr(address.begin, address.size());
    const std::string local = text::ascii_lower(mailbox.substr(0, mailbox.find('@')));
    const leaks::PersonNames& names = leaks::PersonNames::builtin();
    if (local.size() < 3 || local.find_first_of("._") != std::string::npos ||
        names.is_first_name(local) || names.is_surname(local)) {
        return false;
    }
    const std::size_t from = address.begin > 120 ? address.begin - 120 : 0;
    const std::size_t to = std::min(text.size(), address.end + 80);
    std::string before = text::ascii_lower(text.substr(from, address.begin - from));
    std::string after = text::ascii_lower(text.substr(address.end, to - address.end));
    before.erase(
        0, before.find_last_of(".!?\n") == std::string::npos ? 0 : before.find_last_of(".!?\n"));
    after.resize(std::min(after.size(), after.find_first_of("!?\n")));
    const std::string sentence = before + " " + after;
    constexpr std::array<std::string_view, 8> kCues{"bug report",   "report bugs", "report them",
                                                    "report typos", "questions",   "suggestions",
                                                    "comments",     "discussed on"};
    if (std::ranges::none_of(
            kCues, [&](std::string_view cue) { return sentence.find(cue) != std::string::npos; })) {
        return false;
    }
    const auto same = [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == b;
    };
    for (auto at = text.begin(); at != text.end(); ++at) {
        at = std::search(at, text.end(), local.begin(), local.end(), same);
        if (at == text.end()) break;
        const auto end = at + static_cast<std::ptrdiff_t>(local.size());
        const bool is_mailbox = end != text.end() && *end == '@';
        const bool inside_word =
            (at != text.begin() && std::isalnum(static_cast<unsigned char>(at[-1]))) ||
            (end != text.end() && std::isalnum(static_cast<unsigned char>(*end)));
        // "https://example.edu/~jdoe", "jdoe.github.io": a person's own pages, unless a list's
        // ("lists.tug.org/tex-k").
        const auto offset = static_cast<std::size_t>(at - text.begin());
        const bool in_link = at != text.begin() && std::string_view("~/.").find(at[-1]) != npos;
        const bool list_page =
            text.substr(offset > 40 ? offset - 40 : 0, std::min<std::size_t>(offset, 40))
                .find("lists.") != npos;
        if (!is_mailbox && !inside_word && (!in_link || list_page)) return true;
    }
    return false;
}

}  // namespace

void ContactDetail::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const std::string_view text = document.prose.text;
    std::vector<std::pair<Span, std::string_view>> details;  // span, what it is
    for (const Token& token : document.tokens()) {
        if (token.kind == TokenKind::Email && !in_others_header(document, token.text.begin) &&
            !in_attribution(text, token.text.begin) && !is_list_address(text, token.text) &&
            !lexical::is_role_address(document.text(token.text)) &&
            !lexical::is_placeholder_address(document.text(token.text)) &&
            !is_credited(text, token.text) && !is_project_contact(text, token.text)) {
            details.emplace_back(token.text, "e-mail address");
        }
        // "[@lindgren2022]", "[see @doe; @roe]": a Pandoc citation key, not a handle.
        const bool citation =
            token.text.begin > 0 &&
            (text[token.text.begin - 1] == '[' ||
             (token.text.begin > 1 && text.substr(token.text.begin - 2, 2) == "; "));
        // "|@AAA|": a LaTeX manual's short verbatim (shortvrb, ltxdoc) shows a command.
        const bool verbatim = token.text.begin > 0 && text[token.text.begin - 1] == '|';
        if (token.kind == TokenKind::Handle && !citation && !verbatim &&
            !is_code(text, token.text)) {
            details.emplace_back(token.text, "@handle");
        }
    }
    for (Span link : profile_links(text)) {
        if (!leaks::identifying_link(text.substr(link.begin, link.size()), context.public_names))
            continue;
        details.emplace_back(link, "link to a personal profile");
    }
    for (Span phone : lexical::find_phone_numbers(text))
        details.emplace_back(phone, "phone number");

    // One marker per distinct detail, in document order; a detail inside one already
    // reported (the @name of twitter.com/@name) is not reported again.
    std::ranges::stable_sort(
        details, [](const auto& a, const auto& b) { return a.first.begin < b.first.begin; });
    std::vector<Marker> markers;
    std::map<std::string, std::size_t> marker_of;  // lower-cased detail -> index in markers
    std::vector<Span> taken;
    for (const auto& detail : details) {
        // Not a structured binding: clang 14 (the fuzzer's compiler) cannot capture those.
        const Span span = detail.first;
        const auto& what = detail.second;
        if (std::ranges::any_of(taken, [&](Span t) { return t.overlaps(span); })) continue;
        taken.push_back(span);
        std::string key(text.substr(span.begin, span.size()));
        std::ranges::transform(key, key.begin(), [](unsigned char c) { return std::tolower(c); });
        const auto [found, fresh] = marker_of.try_emplace(key, markers.size());
        if (!fresh) {
            markers[found->second].spans.push_back(span);
            continue;
        }
        markers.push_back(lexical::identity_marker(
            code(), {span},
            "This " + std::string(what) +
                " identifies you directly: anyone reading it can find out who wrote the text.",
            kContactBits));
    }
    for (Marker& marker : markers) sink.mark(std::move(marker));
}

}  // namespace fantasma
