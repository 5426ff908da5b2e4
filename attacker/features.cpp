#include "attacker/features.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace fantasma::attacker {
namespace {

// (feature, weight) pairs as a vector sorted by feature, scaled to unit length.
SparseVector unit_length(std::vector<std::pair<int, double>> entries) {
    std::ranges::sort(entries);
    double squares = 0;
    for (const auto& entry : entries) squares += entry.second * entry.second;
    const double norm = squares > 0 ? std::sqrt(squares) : 1.0;
    SparseVector vector;
    for (const auto& [feature, weight] : entries) {
        vector.index.push_back(feature);
        vector.value.push_back(weight / norm);
    }
    return vector;
}

}  // namespace

FeatureSpace::FeatureSpace(std::vector<std::string> ngrams, std::vector<std::string> words)
    : ngrams_(std::move(ngrams)), words_(std::move(words)) {
    for (std::size_t i = 0; i < ngrams_.size(); ++i)
        ngram_index_.emplace(ngrams_[i], static_cast<int>(i));
    for (std::size_t i = 0; i < words_.size(); ++i)
        word_index_.emplace(words_[i], static_cast<int>(ngrams_.size() + i));
}

std::string_view FeatureSpace::name(int feature) const {
    const auto at = static_cast<std::size_t>(feature);
    return at < ngrams_.size() ? ngrams_[at] : words_[at - ngrams_.size()];
}

std::size_t FeatureSpace::function_word_rank(std::string_view lower_word) const {
    const auto it = word_index_.find(std::string(lower_word));
    return it == word_index_.end() ? std::string_view::npos
                                   : static_cast<std::size_t>(it->second) - ngrams_.size();
}

SparseVector FeatureSpace::kind_vector(const std::unordered_map<int, int>& counts) const {
    std::vector<std::pair<int, double>> entries;
    for (const auto& [feature, count] : counts)
        if (is_word(feature) || name(feature).size() == 1) entries.emplace_back(feature, count);
    return unit_length(std::move(entries));
}

std::string attacker_text(std::string_view text) {
    std::string read(text);
    for (char& c : read) {
        if (c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v') c = ' ';
    }
    return read;
}

std::vector<Occurrence> FeatureSpace::occurrences(std::string_view text) const {
    std::vector<Occurrence> found;
    std::string key;
    for (std::size_t begin = 0; begin < text.size(); ++begin) {
        for (std::size_t length = 1; length <= 5 && begin + length <= text.size(); ++length) {
            key.assign(text.substr(begin, length));
            if (const auto it = ngram_index_.find(key); it != ngram_index_.end())
                found.push_back({it->second, begin, begin + length});
        }
        // A function word: a run of letters (and inner apostrophes) starting here.
        const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)); };
        if (letter(text[begin]) && (begin == 0 || !letter(text[begin - 1]))) {
            std::size_t end = begin;
            while (end < text.size() &&
                   (letter(text[end]) ||
                    (text[end] == '\'' && end + 1 < text.size() && letter(text[end + 1])))) {
                ++end;
            }
            key.clear();
            for (char c : text.substr(begin, end - begin))
                key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (const auto it = word_index_.find(key); it != word_index_.end())
                found.push_back({it->second, begin, end});
        }
    }
    return found;
}

std::unordered_map<int, int> FeatureSpace::counts(const std::vector<Occurrence>& occurrences) {
    std::unordered_map<int, int> counted;
    for (const Occurrence& occurrence : occurrences) ++counted[occurrence.feature];
    return counted;
}

SparseVector FeatureSpace::scaled(const std::unordered_map<int, int>& counts) {
    std::vector<std::pair<int, double>> entries;
    entries.reserve(counts.size());
    for (const auto& [feature, count] : counts)
        entries.emplace_back(feature, 1.0 + std::log(static_cast<double>(count)));
    return unit_length(std::move(entries));
}

}  // namespace fantasma::attacker
