#include "attacker/evidence.hpp"

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

bool word_byte(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
}

// The words (letters, digits and inner apostrophes) and marks (any other visible byte) of a
// span of `text`.
std::vector<Span> tokens_of(std::string_view text, Span span) {
    std::vector<Span> tokens;
    for (std::size_t at = span.begin; at < span.end;) {
        if (text[at] == ' ') {
            ++at;
        } else if (word_byte(text[at])) {
            std::size_t end = at;
            while (end < span.end &&
                   (word_byte(text[end]) ||
                    (text[end] == '\'' && end + 1 < span.end && word_byte(text[end + 1])))) {
                ++end;
            }
            tokens.push_back({at, end});
            at = end;
        } else {
            tokens.push_back({at, at + 1});
            ++at;
        }
    }
    return tokens;
}

std::string quoted(std::string_view text) {
    return "'" + std::string(text) + "'";
}

// What token `i` of `tokens` is, in words.
std::string describe(std::string_view text, const std::vector<Span>& tokens, std::size_t i) {
    const auto view = [&](std::size_t k) { return text.substr(tokens[k].begin, tokens[k].size()); };
    if (word_byte(text[tokens[i].begin])) return "you write " + quoted(view(i));
    if (i + 1 < tokens.size() && word_byte(text[tokens[i + 1].begin]))
        return quoted(view(i)) + " before " + quoted(view(i + 1));
    if (i > 0 && word_byte(text[tokens[i - 1].begin]))
        return quoted(view(i)) + " after " + quoted(view(i - 1));
    return "the mark " + quoted(view(i));
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
        const std::vector<Span> tokens = tokens_of(text, sentence);
        std::vector<double> by_token(tokens.size(), 0.0);
        std::size_t first_token = 0;
        for (; next < occurrences.size() && occurrences[next].begin < owned_end; ++next) {
            const std::size_t o = next;
            const Occurrence& occurrence = occurrences[o];
            const double value = per_occurrence.at(occurrence.feature);
            evidence.score += value;
            // Shared among the tokens it covers, by how many of their bytes it covers.
            while (first_token < tokens.size() && tokens[first_token].end <= occurrence.begin)
                ++first_token;
            std::size_t covered = 0;
            for (std::size_t k = first_token; k < tokens.size() && tokens[k].begin < occurrence.end;
                 ++k) {
                covered += std::min(tokens[k].end, occurrence.end) -
                           std::max(tokens[k].begin, occurrence.begin);
            }
            if (covered == 0) continue;
            for (std::size_t k = first_token; k < tokens.size() && tokens[k].begin < occurrence.end;
                 ++k) {
                const std::size_t bytes = std::min(tokens[k].end, occurrence.end) -
                                          std::max(tokens[k].begin, occurrence.begin);
                by_token[k] += value * static_cast<double>(bytes) / static_cast<double>(covered);
            }
        }
        // The tokens that carry most of it, each said once; the commonest words last.
        std::map<std::string, std::pair<bool, double>> described;  // (commonest, value)
        for (std::size_t k = 0; k < tokens.size(); ++k) {
            if (by_token[k] <= 0) continue;
            std::string lower(text.substr(tokens[k].begin, tokens[k].size()));
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
