#include "stylometry/rewrite/kept_terms.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <string>

#include "stylometry/technical_words.hpp"

namespace fantasma {

namespace {

// The commonest words are emphasis when written in capitals (NOT, NEVER, VERY); rarer short
// words in capitals are most likely acronyms (REST, SALT, HEAD).
constexpr double kEmphasisPerMillion = 500;
constexpr std::size_t kAcronymLetters = 6;

bool is_upper(char c) {
    return c >= 'A' && c <= 'Z';
}

bool all_capitals(std::string_view word) {
    return word.size() >= 2 && std::ranges::all_of(word, is_upper);
}

bool is_acronym(std::string_view word, std::string_view norm, std::size_t times_written,
                const Reference& reference) {
    if (!all_capitals(word)) return false;
    if (times_written > 1) return true;
    return word.size() <= kAcronymLetters && reference.word_per_million(norm) < kEmphasisPerMillion;
}

bool is_compound_byte(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

// Whether `word` is part of a hyphenated name: a chain of three parts or more
// (test-tls-destroy-whilst-write) or two of which one is no word of the dictionary
// (systemd-timesyncd). Two known words (well-known) make an ordinary compound.
bool in_hyphenated_name(std::string_view text, Span word, const Reference& reference) {
    if (!is_hyphen_joined(text, word)) return false;
    std::size_t begin = word.begin;
    std::size_t end = word.end;
    constexpr std::size_t kLongestName = 200;  // keeps a text of hyphens linear
    while (begin > 0 && word.begin - begin < kLongestName && is_compound_byte(text[begin - 1])) {
        --begin;
    }
    while (end < text.size() && end - word.end < kLongestName && is_compound_byte(text[end])) {
        ++end;
    }
    const std::string_view chain = text.substr(begin, end - begin);
    if (std::ranges::count(chain, '-') >= 2) return true;
    const std::size_t hyphen = chain.find('-');
    for (const std::string_view part : {chain.substr(0, hyphen), chain.substr(hyphen + 1)}) {
        std::string lower(part);
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (!reference.is_dictionary_word(lower) && reference.word_per_million(lower) == 0) {
            return true;
        }
    }
    return false;
}

// Whether number token `at` is part of something larger than one figure.
bool is_part_of_figure(const Document& document, std::size_t at) {
    const auto& tokens = document.tokens();
    const std::string_view text = document.prose.text;
    const Span span = tokens[at].text;
    const auto is_number = [&](std::size_t i) {
        return i < tokens.size() && tokens[i].kind == TokenKind::Number;
    };
    if ((at > 0 && is_number(at - 1)) || is_number(at + 1)) return true;
    constexpr std::string_view kJoiners = ".-/:+#";
    const auto joined = [&](std::size_t joiner, std::size_t beyond) {
        return joiner < text.size() && beyond < text.size() &&
               kJoiners.find(text[joiner]) != std::string_view::npos &&
               std::isalnum(static_cast<unsigned char>(text[beyond])) != 0;
    };
    const bool before = span.begin >= 2 && joined(span.begin - 1, span.begin - 2);
    const bool after = joined(span.end, span.end + 1);
    // A sign before a number is part of it (+49), as is a letter attached to it (v2, 3rd).
    const bool sign =
        span.begin >= 1 && (text[span.begin - 1] == '+' || text[span.begin - 1] == '#');
    const bool letter_attached =
        (span.begin >= 1 && std::isalpha(static_cast<unsigned char>(text[span.begin - 1])) != 0) ||
        (span.end < text.size() && std::isalpha(static_cast<unsigned char>(text[span.end])) != 0);
    return before || after || sign || letter_attached;
}

// Citations in one block: square brackets, and parentheses with a name and a year; and
// calls (a name with its arguments in parentheses, no space between).
void add_citations(std::string_view text, Span block, std::vector<Span>& kept) {
    static const std::regex brackets(R"(\[[^\[\]\n]{1,200}\])");
    // A call written in the prose, generateKey('hmac', ...): code, though not marked as such.
    static const std::regex call(R"([A-Za-z_][A-Za-z0-9_.]*\([^()\n]{0,200}\))");
    static const std::regex parentheses(
        R"(\([^()\n]{0,200}?(et al\.|[A-Z][A-Za-z'’-]+,? (1[5-9]|20)\d\d)[^()\n]{0,200}\))");
    const std::string block_text(text.substr(block.begin, block.size()));
    for (const std::regex* pattern : {&brackets, &parentheses, &call}) {
        for (auto it = std::sregex_iterator(block_text.begin(), block_text.end(), *pattern);
             it != std::sregex_iterator(); ++it) {
            const auto begin = block.begin + static_cast<std::size_t>(it->position());
            kept.emplace_back(begin, begin + static_cast<std::size_t>(it->length()));
        }
    }
}

}  // namespace

std::vector<Span> kept_terms(const Document& document, const Reference& reference) {
    const auto& tokens = document.tokens();
    std::map<std::string_view, std::size_t> written;  // all-capital words, as written
    for (const Token& token : tokens) {
        if (token.kind == TokenKind::Word && all_capitals(document.text(token.text))) {
            ++written[document.text(token.text)];
        }
    }
    std::vector<Span> kept;
    for (std::size_t at = 0; at < tokens.size(); ++at) {
        const Token& token = tokens[at];
        if (token.kind == TokenKind::Number) {
            if (is_part_of_figure(document, at)) kept.push_back(token.text);
            continue;
        }
        if (token.kind != TokenKind::Word) continue;
        const std::string_view word = document.text(token.text);
        const auto count = written.find(word);
        if (is_technical_word(document, token, reference) ||
            in_hyphenated_name(document.prose.text, token.text, reference) ||
            is_acronym(word, token.norm, count == written.end() ? 0 : count->second, reference)) {
            kept.push_back(token.text);
        }
    }
    for (const Block& block : document.prose.blocks) {
        add_citations(document.prose.text, block.text, kept);
    }
    return kept;
}

std::vector<Span> example_outputs(std::string_view source) {
    constexpr std::string_view kArrows[] = {
        "-->",          "=>",           "\u21d2",           "\u2192",
        "\\Rightarrow", "\\rightarrow", "\\longrightarrow", "\\Longrightarrow",
        "\\mapsto"};
    std::vector<Span> outputs;
    std::size_t line_begin = 0;
    while (line_begin < source.size()) {
        std::size_t line_end = source.find('\n', line_begin);
        if (line_end == std::string_view::npos) line_end = source.size();
        const std::string_view line = source.substr(line_begin, line_end - line_begin);
        std::size_t first = std::string_view::npos;
        std::size_t length = 0;
        for (const std::string_view arrow : kArrows) {
            const std::size_t at = line.find(arrow);
            if (at < first) {
                first = at;
                length = arrow.size();
            }
        }
        if (first != std::string_view::npos) {
            outputs.emplace_back(line_begin + first + length, line_end);
        }
        line_begin = line_end + 1;
    }
    return outputs;
}

}  // namespace fantasma
