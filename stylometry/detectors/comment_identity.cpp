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

// The end of the name-shaped word starting at `begin` ("Øystein", "Po-Han", "Al-Dosari").
std::size_t word_end(std::string_view text, std::size_t begin) {
    std::size_t end = begin;
    while (end < text.size()) {
        const text::Decoded d = text::decode(text, end);
        const bool joint =
            (d.cp == '-' || d.cp == '\'') && end > begin && end + 1 < text.size() &&
            text::classify(text::decode(text, end + 1).cp) == text::CharClass::Letter;
        if (text::classify(d.cp) != text::CharClass::Letter && !joint) break;
        end += d.length;
    }
    return end;
}

// The words of a name from `begin`: up to three name-shaped words one space apart.
std::vector<Span> name_words(std::string_view text, std::size_t begin) {
    std::vector<Span> words;
    while (words.size() < 3 && begin < text.size()) {
        const std::size_t end = word_end(text, begin);
        if (end == begin || !leaks::name_shaped(text.substr(begin, end - begin))) break;
        words.emplace_back(begin, end);
        if (end >= text.size() || text[end] != ' ') break;
        begin = end + 1;
    }
    return words;
}

enum class Evidence { Listed, Unknown, None };

// Whether a name-shaped word is a first name or surname of the tables (that is no common
// word), a word no dictionary knows, or neither.
Evidence evidence_of(std::string_view word, const Reference& reference) {
    const std::string lower = text::normalized_word(word);
    const leaks::PersonNames& names = leaks::PersonNames::builtin();
    if (lower.size() < 2 || reference.is_function_word(lower) || names.is_common_word(lower) ||
        lexical::is_common_capitalised(lower)) {
        return Evidence::None;
    }
    if (names.is_name(lower)) return Evidence::Listed;
    return reference.is_dictionary_word(lower) ? Evidence::None : Evidence::Unknown;
}

// The name a note addresses at `begin`, if the words there read as one: a listed first name,
// two or more words that are all names or unknown ("Lama Alzahrani"), or one unknown word
// when `unknown_alone` (the note's cue makes it a person: "ask Priya", "Yifan: please").
Span addressed_name(std::string_view text, std::size_t begin, const Reference& reference,
                    bool unknown_alone) {
    const std::vector<Span> words = name_words(text, begin);
    if (words.empty()) return {begin, begin};
    std::vector<Evidence> evidence;
    for (Span word : words)
        evidence.push_back(evidence_of(text.substr(word.begin, word.size()), reference));
    // The longest run of words with evidence from the first.
    std::size_t count = 0;
    while (count < words.size() && evidence[count] != Evidence::None) ++count;
    if (count == 0) return {begin, begin};
    const bool listed_first = evidence.front() == Evidence::Listed &&
                              leaks::PersonNames::builtin().is_first_name(text::normalized_word(
                                  text.substr(words.front().begin, words.front().size())));
    if (count >= 2 || listed_first || unknown_alone) return {begin, words[count - 1].end};
    return {begin, begin};
}

// People a note to oneself is addressed to or mentions: a name after a word that takes a
// person ("TODO ask Priya", "ping Tomasz", "check with Lama Alzahrani", "results from Hsin-Yi
// Chang's run"), and a name opening the comment (or its TODO) before a colon, a comma or a
// task ("Tomasz: the numbers below are from the March run", "Po-Han, can you check", "TODO:
// Øystein to rewrite", "Tanvir Hossain said").
std::vector<Span> addressed_people(std::string_view text, const Reference& reference) {
    std::vector<Span> found;
    const auto add = [&](Span name) {
        if (!name.empty()) found.push_back(name);
    };
    // "by" and "from" only before two names or more: "generated by Docutils", "from Overleaf".
    for (std::string_view cue : {"ask ", "Ask ", "ping ", "Ping ", "tell ", "Tell ", "cc ", "CC ",
                                 "thank ", "check with ", "by ", "from ", "with "}) {
        const bool alone = cue != "by " && cue != "from " && cue != "with ";
        for (std::size_t at = text.find(cue); at != npos; at = text.find(cue, at + 1)) {
            if (at > 0 && std::isalpha(static_cast<unsigned char>(text[at - 1]))) continue;
            add(addressed_name(text, at + cue.size(), reference, alone));
        }
    }
    std::size_t begin = text.find_first_not_of(" \t");
    for (std::string_view tag : {"TODO", "FIXME", "XXX"}) {
        if (begin != npos && text.substr(begin).starts_with(tag)) {
            begin = text.find_first_not_of(" \t:", begin + tag.size());
        }
    }
    if (begin == npos) return found;
    const Span name = addressed_name(text, begin, reference, false);
    const std::string_view after = text.substr(name.end);
    // "Yifan: please", "Meron, can you": one unknown word is a person when a request follows.
    static const std::regex request(R"(^[:,] +(please|pls|can you|could you|would you|check|fix))",
                                    std::regex::icase);
    if (!name.empty()) {
        for (std::string_view task : {":", ",", " to ", " will ", " said ", "'s "}) {
            if (after.starts_with(task)) {
                add(name);
                break;
            }
        }
    } else if (const Span alone = addressed_name(text, begin, reference, true);
               !alone.empty() &&
               std::regex_search(std::string(text.substr(alone.end, 24)), request)) {
        add(alone);
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

// The comment block a LaTeX file opens with when it is a template's or a package's header
// ("% bare_conf.tex V1.4b 2015/08/26 by Michael Shell", "%% Copyright (c) ... LPPL"): the
// names and addresses there credit the template's authors, not the writer's colleagues. Empty
// when the file opens otherwise, or its opening comments read as the writer's own notes.
Span template_header(std::string_view source) {
    std::size_t end = 0;
    while (end < source.size()) {
        const std::size_t line_end = std::min(source.find('\n', end), source.size());
        const std::string_view line = source.substr(end, line_end - end);
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first != npos && line[first] != '%') break;
        end = line_end + 1;
    }
    end = std::min(end, source.size());
    const std::string header = text::ascii_lower(source.substr(0, end));
    static constexpr std::string_view kCues[] = {"copyright",   "(c)",      "\u00a9",
                                                 "licen",       "lppl",     "gnu general public",
                                                 "docstrip",    "template", "this file is part of",
                                                 "distributed", "warranty"};
    const bool boilerplate = std::ranges::any_of(
        kCues, [&](std::string_view cue) { return header.find(cue) != std::string::npos; });
    return boilerplate ? Span{0, end} : Span{0, 0};
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
    const Span header =
        document.prose.language == Language::Latex ? template_header(source) : Span{0, 0};
    for (Span comment : comments) {
        const std::string_view text = source.substr(comment.begin, comment.size());
        const bool credits = header.contains(comment.begin);
        std::vector<Span> taken;
        auto shift = [&](Span span) {
            return Span{comment.begin + span.begin, comment.begin + span.end};
        };
        for (Span email : emails(text)) {
            taken.push_back(email);
            const std::string_view address = text.substr(email.begin, email.size());
            if (credits || lexical::is_role_address(address) ||
                lexical::is_placeholder_address(address)) {
                continue;
            }
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
        if (credits || reads_as_citation(source, comment)) continue;
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
