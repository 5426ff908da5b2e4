// URLs, e-mail addresses and @handles.
#include <cstddef>

#include "stylometry/text/codepoint.hpp"
#include "stylometry/text/scanners.hpp"

namespace fantasma::text {
namespace {

bool is_ascii_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool starts_with_nocase(std::string_view text, std::size_t at, std::string_view prefix) {
    if (text.size() - at < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        char c = text[at + i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
        if (c != prefix[i]) return false;
    }
    return true;
}

// Characters that end a URL: spaces, and quotes or angle brackets that wrap it in prose.
bool ends_url(char32_t cp) {
    constexpr std::u32string_view wrappers = U"\"<>\u201C\u201D\u2018\u2019\u00AB\u00BB";
    return wrappers.find(cp) != std::u32string_view::npos || classify(cp) == CharClass::Space;
}

}  // namespace

std::size_t match_url(std::string_view text, std::size_t at) {
    std::size_t body = at;
    if (starts_with_nocase(text, at, "https://")) {
        body = at + 8;
    } else if (starts_with_nocase(text, at, "http://")) {
        body = at + 7;
    } else if (starts_with_nocase(text, at, "www.")) {
        body = at + 4;
    } else {
        return at;
    }
    // Brackets are counted so that a closing one stays only when the URL opened it
    // (Wikipedia links).
    std::ptrdiff_t open_parens = 0;
    std::ptrdiff_t open_brackets = 0;
    std::size_t end = body;
    while (end < text.size()) {
        const Decoded d = decode(text, end);
        if (ends_url(d.cp)) break;
        open_parens += d.cp == '(' ? 1 : d.cp == ')' ? -1 : 0;
        open_brackets += d.cp == '[' ? 1 : d.cp == ']' ? -1 : 0;
        end += d.length;
    }
    // Sentence punctuation after a URL belongs to the sentence, not to the URL.
    constexpr std::string_view trailing = ".,;:!?'*";
    while (end > body) {
        const char last = text[end - 1];
        if (last == ')' && open_parens < 0) {
            ++open_parens;
        } else if (last == ']' && open_brackets < 0) {
            ++open_brackets;
        } else if (text.substr(0, end).ends_with("\u2026")) {
            end -= 2;  // the ellipsis is three bytes; the third goes below
        } else if (trailing.find(last) == std::string_view::npos) {
            break;
        }
        --end;
    }
    if (end == body || !is_ascii_alnum(text[body])) return at;
    return end;
}

std::size_t match_email(std::string_view text, std::size_t at, std::size_t& scanned_to) {
    std::size_t local_end = at;
    while (local_end < text.size()) {
        const char c = text[local_end];
        if (!is_ascii_alnum(c) && c != '.' && c != '_' && c != '%' && c != '+' && c != '-') break;
        ++local_end;
    }
    scanned_to = local_end;
    if (local_end == at || local_end == text.size() || text[local_end] != '@' ||
        text[local_end - 1] == '.') {
        return at;
    }
    // The domain: labels of letters, digits and hyphens joined by dots, at least two labels,
    // the last one (the top-level domain) of two or more letters.
    std::size_t end = local_end + 1;
    std::size_t labels = 0;
    std::size_t last_label_letters = 0;
    while (end < text.size() && is_ascii_alnum(text[end])) {
        std::size_t label_end = end;
        bool all_letters = true;
        while (label_end < text.size() &&
               (is_ascii_alnum(text[label_end]) || text[label_end] == '-')) {
            all_letters = all_letters && !(text[label_end] >= '0' && text[label_end] <= '9') &&
                          text[label_end] != '-';
            ++label_end;
        }
        ++labels;
        last_label_letters = all_letters ? label_end - end : 0;
        end = label_end;
        if (end + 1 < text.size() && text[end] == '.' && is_ascii_alnum(text[end + 1])) {
            ++end;
        } else {
            break;
        }
    }
    if (labels < 2 || last_label_letters < 2) return at;
    return end;
}

std::size_t match_handle(std::string_view text, std::size_t at) {
    std::size_t end = at + 1;
    while (end < text.size()) {
        const Decoded d = decode(text, end);
        const CharClass c = classify(d.cp);
        if (c != CharClass::Letter && c != CharClass::Digit && c != CharClass::Mark &&
            d.cp != '_') {
            break;
        }
        end += d.length;
    }
    return end > at + 1 ? end : at;
}

}  // namespace fantasma::text
