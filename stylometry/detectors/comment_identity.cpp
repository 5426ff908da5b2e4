#include "stylometry/detectors/comment_identity.hpp"

#include <algorithm>
#include <cctype>

#include "stylometry/detectors/lexical_support.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/links.hpp"
#include "stylometry/leaks/person_names.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;
constexpr double kNameBits = 6;
constexpr double kDirectBits = 20;  // an e-mail address, an account, a user name

constexpr std::string_view kWhy =
    " Comments are not printed, but they travel with the source: arXiv publishes it, and "
    "venues ask for it as supplementary material.";

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

// The user name in a home-directory path: /home/alice/, /Users/alice/, C:\Users\alice\.
std::vector<Span> path_user_names(std::string_view text) {
    std::vector<Span> found;
    for (std::string_view prefix : {"/home/", "/Users/", "\\Users\\", "/u/"}) {
        for (std::size_t at = text.find(prefix); at != npos; at = text.find(prefix, at + 1)) {
            const std::size_t begin = at + prefix.size();
            std::size_t end = begin;
            while (end < text.size() && email_char(text[end])) ++end;
            if (end > begin + 1 && text.substr(begin, end - begin) != "Shared" &&
                text.substr(begin, end - begin) != "runner") {
                found.emplace_back(begin, end);
            }
        }
    }
    return found;
}

// A capitalised word no dictionary knows after a word that takes a person in a note to
// oneself: "TODO ask Priya", "ping Tomasz", "cc Wen".
std::vector<Span> addressed_people(std::string_view text, const Reference& reference) {
    std::vector<Span> found;
    for (std::string_view cue : {"ask ", "Ask ", "ping ", "Ping ", "tell ", "Tell ", "cc ", "CC ",
                                 "thank ", "per ", "check with ", "from ", "by "}) {
        for (std::size_t at = text.find(cue); at != npos; at = text.find(cue, at + 1)) {
            if (at > 0 && std::isalpha(static_cast<unsigned char>(text[at - 1]))) continue;
            const std::size_t begin = at + cue.size();
            std::size_t end = begin;
            while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
            if (end - begin < 2 || !std::isupper(static_cast<unsigned char>(text[begin]))) continue;
            const std::string_view word = text.substr(begin, end - begin);
            std::string lower(word);
            std::ranges::transform(lower, lower.begin(),
                                   [](unsigned char c) { return std::tolower(c); });
            const bool name_shaped = std::ranges::none_of(
                word.substr(1), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
            if (name_shaped && !reference.is_dictionary_word(lower)) found.emplace_back(begin, end);
        }
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
            report(shift(email), "This comment holds an e-mail address.", kDirectBits);
        }
        for (Span url : leaks::find_urls(text)) {
            taken.push_back(url);
            const auto why =
                leaks::identifying_link(text.substr(url.begin, url.size()), context.public_names);
            if (why) report(shift(url), "This comment links to " + *why + ".", kDirectBits);
        }
        for (Span user : path_user_names(text)) {
            if (std::ranges::any_of(taken, [&](Span t) { return t.overlaps(user); })) continue;
            taken.push_back(user);
            report(shift(user), "This comment holds a path with a user name in it.", kDirectBits);
        }
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
