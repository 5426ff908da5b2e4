#include "stylometry/detectors/comment_identity.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/links.hpp"
#include "stylometry/leaks/person_names.hpp"
#include "stylometry/leaks/user_names.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;
constexpr double kNameBits = 6;
constexpr double kDirectBits = 20;  // an e-mail address, an account, a user name

constexpr std::string_view kWhy =
    " Comments are not printed, but they travel with the source: arXiv publishes it, and "
    "venues ask for it as supplementary material.";

// Whether the comment at `comment` of `source`, with the line after it, reads as a
// reference commented out ("%Michel Goossens, Frank Mittelbach, and Alexander Samarin,
// %\booktitle{The \latex/ companion}, Addison-Wesley, 1994."): the names in it are a cited
// work's authors, not the writer's colleagues.
bool reads_as_citation(std::string_view source, Span comment) {
    const std::size_t line_end = source.find('\n', comment.end + 1);
    const std::string lower = text::ascii_lower(source.substr(
        comment.begin, (line_end == npos ? source.size() : line_end) - comment.begin));
    static const std::regex year(R"((^|[^0-9])(1[89]|20)[0-9]{2}([^0-9]|$))");
    if (!std::regex_search(lower, year)) return false;
    static constexpr std::string_view kCues[] = {"\\booktitle", "\\bibitem",  "\\newblock",
                                                 "\\journal",   "et al.",     " proc.",
                                                 "proceedings", "journal",    "university press",
                                                 "publishing",  "publishers", "addison-wesley",
                                                 "springer",    "wiley",      "elsevier",
                                                 "o'reilly",    " vol.",      " pp.",
                                                 " edition",    "isbn"};
    return std::ranges::any_of(kCues,
                               [&](std::string_view cue) { return lower.find(cue) != npos; });
}

std::vector<Span> markdown_comments(std::string_view source) {
    std::vector<Span> found;
    for (std::size_t at = source.find("<!--"); at != npos; at = source.find("<!--", at + 4)) {
        const std::size_t close = source.find("-->", at + 4);
        const Span text{at + 4, close == npos ? source.size() : close};
        const std::string_view body = source.substr(text.begin, text.size());
        if (body.find("fantasma-ignore") == npos) found.push_back(text);
        if (close == npos) break;
        at = close;
    }
    return found;
}

bool email_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
           c == '+';
}

// name@host.tld in `text`.
std::vector<Span> emails(std::string_view text) {
    std::vector<Span> found;
    for (std::size_t at = text.find('@'); at != npos; at = text.find('@', at + 1)) {
        std::size_t begin = at, end = at + 1;
        while (begin > 0 && email_char(text[begin - 1])) --begin;
        while (end < text.size() && email_char(text[end])) ++end;
        while (end > at && text[end - 1] == '.') --end;
        const std::string_view host = text.substr(at + 1, end - at - 1);
        if (begin < at && host.find('.') != npos && host.find('.') > 0)
            found.emplace_back(begin, end);
    }
    return found;
}

// The letters of a word starting at `begin` ("Øystein", "Priya"): its end.
std::size_t word_end(std::string_view text, std::size_t begin) {
    std::size_t end = begin;
    while (end < text.size()) {
        const text::Decoded d = text::decode(text, end);
        if (text::classify(d.cp) != text::CharClass::Letter) break;
        end += d.length;
    }
    return end;
}

// Whether the word at `word` is written like a name and is one: a first name from the tables
// that is no common word, or (`unknown_counts`) any word no dictionary knows.
bool reads_as_first_name(std::string_view word, const Reference& reference, bool unknown_counts) {
    if (word.size() < 2 || !text::is_upper(text::decode(word, 0).cp)) return false;
    for (std::size_t at = text::decode(word, 0).length; at < word.size();) {
        const text::Decoded d = text::decode(word, at);
        if (text::is_upper(d.cp)) return false;
        at += d.length;
    }
    const std::string lower = text::normalized_word(word);
    const leaks::PersonNames& names = leaks::PersonNames::builtin();
    if (names.is_first_name(lower) && !names.is_common_word(lower) &&
        !reference.is_dictionary_word(lower)) {
        return true;
    }
    return unknown_counts && !reference.is_dictionary_word(lower);
}

// People a note to oneself is addressed to or mentions: a capitalised word no dictionary knows
// after a word that takes a person ("TODO ask Priya", "ping Tomasz", "cc Wen"), and a first
// name opening the comment (or its TODO) before a colon, a comma or a task ("Tomasz: the
// numbers below are from the March run", "Øystein, please check", "TODO: Siobhán to rewrite").
std::vector<Span> addressed_people(std::string_view text, const Reference& reference) {
    std::vector<Span> found;
    // Not "by" or "from": "generated by Docutils", "from Overleaf".
    for (std::string_view cue : {"ask ", "Ask ", "ping ", "Ping ", "tell ", "Tell ", "cc ", "CC ",
                                 "thank ", "check with "}) {
        for (std::size_t at = text.find(cue); at != npos; at = text.find(cue, at + 1)) {
            if (at > 0 && std::isalpha(static_cast<unsigned char>(text[at - 1]))) continue;
            const std::size_t begin = at + cue.size();
            const std::size_t end = word_end(text, begin);
            if (reads_as_first_name(text.substr(begin, end - begin), reference, true)) {
                found.emplace_back(begin, end);
            }
        }
    }
    std::size_t begin = text.find_first_not_of(" \t");
    for (std::string_view tag : {"TODO", "FIXME", "XXX"}) {
        if (begin != npos && text.substr(begin).starts_with(tag)) {
            begin = text.find_first_not_of(" \t:", begin + tag.size());
        }
    }
    if (begin != npos) {
        const std::size_t end = word_end(text, begin);
        const std::string_view after = text.substr(end);
        if ((after.starts_with(":") || after.starts_with(",") || after.starts_with(" to ")) &&
            reads_as_first_name(text.substr(begin, end - begin), reference, false)) {
            found.emplace_back(begin, end);
        }
    }
    return found;
}

// Who left a note, as programmers sign them: "TODO(tlindqvist): ...", "FIXME(priya)", and a
// user name after a dash at the end ("... before the deadline -- jsmith"). Dictionary words
// after a dash ("-- done", "-- see below") sign nothing.
std::vector<Span> signed_notes(std::string_view text, const Reference& reference) {
    std::vector<Span> found;
    static const std::regex tagged(
        R"(\b(?:TODO|FIXME|XXX|HACK|NOTE)\(([A-Za-z][A-Za-z0-9_.-]{1,31})\))");
    for (auto it = std::cregex_iterator(text.data(), text.data() + text.size(), tagged);
         it != std::cregex_iterator(); ++it) {
        const auto begin = static_cast<std::size_t>(it->position(1));
        found.emplace_back(begin, begin + static_cast<std::size_t>(it->length(1)));
    }
    static const std::regex signature(R"((?:^|\s)--+ ?@?([a-z][a-z0-9_.]{1,31})\s*$)");
    std::cmatch match;
    if (std::regex_search(text.data(), text.data() + text.size(), match, signature) &&
        !reference.is_dictionary_word(match.str(1))) {
        const auto begin = static_cast<std::size_t>(match.position(1));
        found.emplace_back(begin, begin + static_cast<std::size_t>(match.length(1)));
    }
    return found;
}

}  // namespace

void CommentIdentity::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const std::string_view source = document.source;
    std::vector<Span> comments;
    if (document.prose.language == Language::Latex) {
        comments = leaks::comments(source);  // the preamble's too
    } else if (document.prose.language == Language::Markdown) {
        comments = markdown_comments(source);
    } else {
        return;
    }
    auto report = [&](Span span, std::string what, double bits) {
        sink.mark_in_source(
            lexical::identity_marker(code(), {span}, what + std::string(kWhy), bits));
    };
    for (Span comment : comments) {
        const std::string_view text = source.substr(comment.begin, comment.size());
        std::vector<Span> taken;
        auto shift = [&](Span span) {
            return Span{comment.begin + span.begin, comment.begin + span.end};
        };
        for (Span email : emails(text)) {
            taken.push_back(email);
            if (lexical::is_role_address(text.substr(email.begin, email.size()))) continue;
            report(shift(email), "This comment holds an e-mail address.", kDirectBits);
        }
        for (Span url : leaks::find_urls(text)) {
            taken.push_back(url);
            const auto why =
                leaks::identifying_link(text.substr(url.begin, url.size()), context.public_names);
            if (why) report(shift(url), "This comment links to " + *why + ".", kDirectBits);
        }
        for (Span user : leaks::home_folder_users(text)) {
            if (std::ranges::any_of(taken, [&](Span t) { return t.overlaps(user); })) continue;
            taken.push_back(user);
            report(shift(user), "This comment holds a path with a user name in it.", kDirectBits);
        }
        for (Span user : signed_notes(text, context.reference)) {
            if (std::ranges::any_of(taken, [&](Span t) { return t.overlaps(user); })) continue;
            taken.push_back(user);
            report(shift(user),
                   "This comment is signed \"" + std::string(text.substr(user.begin, user.size())) +
                       "\", the user name of whoever wrote it.",
                   kDirectBits);
        }
        if (reads_as_citation(source, comment)) continue;
        std::vector<Span> names = leaks::find_person_names(text, leaks::PersonNames::builtin(),
                                                           context.reference, context.public_names);
        for (Span name : addressed_people(text, context.reference)) {
            const std::string lower_name = [&] {
                std::string l(text.substr(name.begin, name.size()));
                std::ranges::transform(l, l.begin(),
                                       [](unsigned char c) { return std::tolower(c); });
                return l;
            }();
            const bool is_public =
                std::ranges::find(context.public_names, lower_name) != context.public_names.end();
            if (!is_public &&
                std::ranges::none_of(names, [&](Span n) { return n.overlaps(name); })) {
                names.push_back(name);
            }
        }
        for (Span name : names) {
            if (std::ranges::any_of(taken, [&](Span t) { return t.overlaps(name); })) continue;
            report(shift(name),
                   "This comment names \"" + std::string(text.substr(name.begin, name.size())) +
                       "\", likely a co-author or colleague.",
                   kNameBits);
        }
    }
}

}  // namespace fantasma
