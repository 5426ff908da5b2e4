#pragma once
// What an attribution attacker counts in a text (Stamatatos 2009; the PAN baselines):
// character 1-5-grams from a fixed vocabulary (the 1-grams are punctuation marks) and whole
// function words. The vocabulary is the distractor table's (distractors.hpp), so a writer's
// text and the distractors' texts are counted in one space.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fantasma::attacker {

// One counted feature at one place in the text: the bytes [begin, end).
struct Occurrence {
    int feature = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
};

// A text's features as (index, value) pairs, sorted by index.
struct SparseVector {
    std::vector<int> index;
    std::vector<double> value;
};

class FeatureSpace {
  public:
    // `ngrams`: character n-grams of 1-5 bytes (white space written as ' '); `words`: lower
    // case function words. Feature i < ngrams.size() is ngrams[i]; after them, the words.
    FeatureSpace(std::vector<std::string> ngrams, std::vector<std::string> words);

    std::size_t size() const { return ngrams_.size() + words_.size(); }
    bool is_word(int feature) const { return static_cast<std::size_t>(feature) >= ngrams_.size(); }
    // The n-gram or word itself.
    std::string_view name(int feature) const;

    // Where a lower-case word stands among the function words, most frequent first; npos
    // when it is none of them.
    std::size_t function_word_rank(std::string_view lower_word) const;

    // Every occurrence of every feature in `text`, in text order of their beginnings.
    std::vector<Occurrence> occurrences(std::string_view text) const;
    // Counts of each feature, as the table stores them.
    static std::unordered_map<int, int> counts(const std::vector<Occurrence>& occurrences);
    // The vector an attacker classifies: sublinear term frequencies (1 + ln count), scaled to
    // unit length, so a long text and a short one weigh the same.
    static SparseVector scaled(const std::unordered_map<int, int>& counts);

    // What kind of prose a text is, rather than who wrote it: the rates of its function words
    // and punctuation marks (raw counts, unit length), which even a short text estimates well
    // and which differ most between kinds (a changelog's from an essay's).
    SparseVector kind_vector(const std::unordered_map<int, int>& counts) const;

  private:
    std::vector<std::string> ngrams_;
    std::vector<std::string> words_;
    std::unordered_map<std::string, int> ngram_index_;
    std::unordered_map<std::string, int> word_index_;
};

// `text` as the attacker reads it: white space as ' ' (one byte for one, so offsets stay).
std::string attacker_text(std::string_view text);

}  // namespace fantasma::attacker
