#include "attacker/evidence.hpp"

#include "stylometry/detectors/common/invisible.hpp"
#include "stylometry/text/codepoint.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

namespace fantasma::attacker {
namespace {

constexpr std::size_t kEvidencePerSentence = 3;
// The commonest words ("the", "that", "is") carry evidence in every sentence: a writer cannot
// write without them, so they are named only when nothing else carries any.
constexpr std::size_t kCommonestWords = 40;

// What a token of a sentence is: a word (letters, digits, combining marks and inner
// apostrophes), a visible mark (punctuation, a symbol, an emoji), a space other than the plain
// one (a line break, a tab, a no-break space) or an invisible character (a direction control,
// a zero-width joiner, a soft hyphen). Each is said differently: a writer cannot see an
// invisible character inside "'because'", nor act on a word that carries it.
enum class TokenKind { word, mark, space, invisible };

struct Token {
    Span span;
    TokenKind kind;
    char32_t first;  // its first code point
};

TokenKind kind_of(char32_t cp) {
    switch (text::classify(cp)) {
        case text::CharClass::Letter:
        case text::CharClass::Han:
        case text::CharClass::Mark:
        case text::CharClass::Digit:
            return TokenKind::word;
        case text::CharClass::Space:
            return TokenKind::space;
        case text::CharClass::Format:
        case text::CharClass::EmojiJoiner:
            return TokenKind::invisible;
        default:
            return TokenKind::mark;
    }
}

// The tokens of a span of `text`; plain spaces separate them.
std::vector<Token> tokens_of(std::string_view text, Span span) {
    std::vector<Token> tokens;
    for (std::size_t at = span.begin; at < span.end;) {
        const text::Decoded first = text::decode(text, at);
        const TokenKind kind = kind_of(first.cp);
        std::size_t end = at + first.length;
        if (kind == TokenKind::word) {
            while (end < span.end) {
                const text::Decoded next = text::decode(text, end);
                if (kind_of(next.cp) == TokenKind::word) {
                    end += next.length;
                    continue;
                }
                // An apostrophe joins two parts of a word (don't, O'Brien, it’s).
                if (!text::is_apostrophe(next.cp) || end + next.length >= span.end ||
                    kind_of(text::decode(text, end + next.length).cp) != TokenKind::word)
                    break;
                end += next.length;
            }
        }
        if (first.cp != U' ') tokens.push_back({{at, std::min(end, span.end)}, kind, first.cp});
        at = end;
    }
    return tokens;
}

std::string quoted(std::string_view text) {
    return "'" + std::string(text) + "'";
}

// A token that is not a word, as a writer would name it.
std::string mark_name(std::string_view text, const Token& token) {
    if (token.kind == TokenKind::invisible)
        return "an invisible character (" + invisible::code_point_name(token.first) + ")";
    if (token.kind == TokenKind::space) {
        if (token.first == U'\n') return "a line break";
        if (token.first == U'\t') return "a tab";
        return "an unusual space (" + invisible::code_point_name(token.first) + ")";
    }
    return quoted(text.substr(token.span.begin, token.span.size()));
}

// What token `i` of `tokens` is, in words.
std::string describe(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
    const auto word = [&](std::size_t k) {
        return quoted(text.substr(tokens[k].span.begin, tokens[k].span.size()));
    };
    if (tokens[i].kind == TokenKind::word) return "you write " + word(i);
    const std::string mark = mark_name(text, tokens[i]);
    if (i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::word)
        return mark + " before " + word(i + 1);
    if (i > 0 && tokens[i - 1].kind == TokenKind::word) return mark + " after " + word(i - 1);
    return tokens[i].kind == TokenKind::mark ? "the mark " + mark : mark;
}

}  // namespace

std::vector<SentenceEvidence> explain(const FeatureSpace& space, const std::vector<float>& weights,
                                      const SparseVector& vector,
                                      const std::unordered_map<int, int>& counts,
                                      const std::vector<Occurrence>& occurrences,
                                      std::string_view text, std::span<const Span> sentences) {
    // Each feature's term of the score, shared among its occurrences.
    std::unordered_map<int, double> per_occurrence;
    for (std::size_t i = 0; i < vector.index.size(); ++i) {
        const int feature = vector.index[i];
        per_occurrence[feature] =
            weights[static_cast<std::size_t>(feature)] * vector.value[i] / counts.at(feature);
    }
    std::vector<SentenceEvidence> explained;
    std::size_t next = 0;  // occurrences are sorted by where they begin
    for (std::size_t s = 0; s < sentences.size(); ++s) {
        const Span sentence = sentences[s];
        // A sentence owns what begins from its start (the text's, for the first) to the next
        // sentence's: the space after it, and the n-grams across it, are its.
        const std::size_t owned_end =
            s + 1 < sentences.size() ? sentences[s + 1].begin : text.size();
        SentenceEvidence evidence{sentence, 0, 0, {}};
        const std::vector<Token> tokens = tokens_of(text, sentence);
        std::vector<double> by_token(tokens.size(), 0.0);
        std::size_t first_token = 0;
        for (; next < occurrences.size() && occurrences[next].begin < owned_end; ++next) {
            const std::size_t o = next;
            const Occurrence& occurrence = occurrences[o];
            const double value = per_occurrence.at(occurrence.feature);
            evidence.score += value;
            // Shared among the tokens it covers, by how many of their bytes it covers.
            while (first_token < tokens.size() && tokens[first_token].span.end <= occurrence.begin)
                ++first_token;
            std::size_t covered = 0;
            for (std::size_t k = first_token;
                 k < tokens.size() && tokens[k].span.begin < occurrence.end; ++k) {
                covered += std::min(tokens[k].span.end, occurrence.end) -
                           std::max(tokens[k].span.begin, occurrence.begin);
            }
            if (covered == 0) continue;
            for (std::size_t k = first_token;
                 k < tokens.size() && tokens[k].span.begin < occurrence.end; ++k) {
                const std::size_t bytes = std::min(tokens[k].span.end, occurrence.end) -
                                          std::max(tokens[k].span.begin, occurrence.begin);
                by_token[k] += value * static_cast<double>(bytes) / static_cast<double>(covered);
            }
        }
        // The tokens that carry most of it, each said once; the commonest words last.
        std::map<std::string, std::pair<bool, double>> described;  // (commonest, value)
        for (std::size_t k = 0; k < tokens.size(); ++k) {
            if (by_token[k] <= 0) continue;
            std::string lower(text.substr(tokens[k].span.begin, tokens[k].span.size()));
            for (char& c : lower)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            auto& [commonest, value] = described[describe(text, tokens, k)];
            commonest = commonest || space.function_word_rank(lower) < kCommonestWords;
            value += by_token[k];
        }
        std::vector<std::tuple<bool, double, std::string>> ranked;
        for (const auto& [words, weight] : described)
            ranked.emplace_back(weight.first, -weight.second, words);
        std::ranges::sort(ranked);
        for (std::size_t k = 0; k < ranked.size() && k < kEvidencePerSentence; ++k)
            evidence.evidence.push_back(std::get<2>(ranked[k]));
        explained.push_back(std::move(evidence));
    }
    double positive = 0;
    for (const SentenceEvidence& evidence : explained) positive += std::max(0.0, evidence.score);
    for (SentenceEvidence& evidence : explained)
        evidence.share = positive > 0 ? evidence.score / positive : 0;
    return explained;
}

}  // namespace fantasma::attacker
