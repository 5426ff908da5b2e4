#include "stylometry/technical_words.hpp"

#include <algorithm>
#include <vector>

#include "stylometry/document.hpp"
#include "stylometry/reference.hpp"

namespace fantasma {

namespace {

bool is_ascii_lower(char c) {
    return c >= 'a' && c <= 'z';
}
bool is_ascii_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
bool is_ascii_digit(char c) {
    return c >= '0' && c <= '9';
}
// A byte of a word: an ASCII letter, digit or _, or any byte of a multi-byte UTF-8 letter.
bool is_word_byte(char c) {
    return is_ascii_lower(c) || is_ascii_upper(c) || is_ascii_digit(c) || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

char byte_at(std::string_view text, std::size_t at) {
    return at < text.size() ? text[at] : '\0';
}
char byte_before(std::string_view text, std::size_t at) {
    return at > 0 && at <= text.size() ? text[at - 1] : '\0';
}

// Whether the `{` at `open` holds a LaTeX key (\label{sec:colour}, \cite{jones90},
// \ref{...}): names for the document's own cross-references that readers never see, so they
// name nothing the prose talks about.
bool opens_key(std::string_view source, std::size_t open) {
    std::size_t name_end = open;
    while (name_end > 0 && source[name_end - 1] == '*') --name_end;
    std::size_t name_begin = name_end;
    while (name_begin > 0 &&
           (is_ascii_lower(source[name_begin - 1]) || is_ascii_upper(source[name_begin - 1]))) {
        --name_begin;
    }
    if (name_begin == 0 || source[name_begin - 1] != '\\') return false;
    const std::string_view name = source.substr(name_begin, name_end - name_begin);
    return name == "label" || name.ends_with("ref") ||
           name.find("cite") != std::string_view::npos || name == "bibitem";
}

// The words of source bytes [begin, end), which are not prose; LaTeX keys left out.
void add_words(std::string_view source, std::size_t begin, std::size_t end,
               std::unordered_set<std::string>& words) {
    std::size_t at = begin;
    while (at < end) {
        if (source[at] == '{' && opens_key(source, at)) {
            const std::size_t close = source.find('}', at);
            at = close == std::string_view::npos || close >= end ? end : close + 1;
            continue;
        }
        if (!is_word_byte(source[at])) {
            ++at;
            continue;
        }
        const std::size_t start = at;
        while (at < end && is_word_byte(source[at])) ++at;
        const bool command_name = start > 0 && source[start - 1] == '\\';
        if (!command_name) words.emplace(source.substr(start, at - start));
    }
}

}  // namespace

std::unordered_set<std::string> non_prose_words(std::string_view source, const Prose& prose) {
    // The prose and the asides (comments, alt text: the writer's words too), in source order.
    std::vector<Span> words_of_writer;
    for (const Piece& piece : prose.pieces) {
        if (piece.verbatim && !piece.source.empty()) words_of_writer.push_back(piece.source);
    }
    words_of_writer.insert(words_of_writer.end(), prose.asides.begin(), prose.asides.end());
    std::ranges::sort(words_of_writer, {}, &Span::begin);
    std::unordered_set<std::string> words;
    std::size_t at = 0;
    for (const Span span : words_of_writer) {
        if (span.begin > at) add_words(source, at, span.begin, words);
        at = std::max(at, span.end);
    }
    if (at < source.size()) add_words(source, at, source.size(), words);
    return words;
}

bool looks_like_identifier(std::string_view text, Span word) {
    const std::string_view letters = text.substr(word.begin, word.size());
    if (std::ranges::any_of(letters, is_ascii_digit)) return true;
    const bool inner_capital = std::ranges::adjacent_find(letters, [](char a, char b) {
                                   return is_ascii_lower(a) && is_ascii_upper(b);
                               }) != letters.end();
    if (inner_capital) return true;
    constexpr std::string_view kJoiners = "_/\\.@;";
    const char before = byte_before(text, word.begin);
    const char after = byte_at(text, word.end);
    if (kJoiners.find(before) != std::string_view::npos && before != '\0' &&
        is_word_byte(byte_before(text, word.begin - 1))) {
        return true;
    }
    return kJoiners.find(after) != std::string_view::npos && after != '\0' &&
           is_word_byte(byte_at(text, word.end + 1));
}

bool is_hyphen_joined(std::string_view text, Span word) {
    return (byte_before(text, word.begin) == '-' &&
            is_word_byte(byte_before(text, word.begin - 1))) ||
           (byte_at(text, word.end) == '-' && is_word_byte(byte_at(text, word.end + 1)));
}

bool is_technical_word(const Document& document, const Token& token, const Reference& reference) {
    if (looks_like_identifier(document.prose.text, token.text)) return true;
    constexpr double kCommonPerMillion = 100;  // "begin" (83) can name; "section" (192) not
    const std::string_view word = document.text(token.text);
    const auto& written = document.non_prose_words;
    if (word.size() < 2) return false;
    // The document's few non-prose words first: the reference's frequency table is large,
    // and looking every word of a long text up in it cost more than the rest of the test.
    const bool written_elsewhere =
        written.contains(std::string(word)) ||
        (token.norm != word && written.contains(std::string(token.norm)));
    return written_elsewhere && reference.word_per_million(token.norm) < kCommonPerMillion;
}

}  // namespace fantasma
