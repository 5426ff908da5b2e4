#pragma once
// Repeated runs of words (two- and three-word phrases) counted by word numbers rather than by
// strings: a document of 300,000 words holds about a million such runs, and a string and a
// vector for each of them took most of a long text's analysis time. Only the runs repeated
// often enough get their occurrences and their text.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/document.hpp"

namespace fantasma::word_runs {

// The document's distinct words (norms), numbered in the order of their first use.
struct Vocabulary {
    static constexpr std::uint32_t kNotAWord = UINT32_MAX;
    std::vector<std::uint32_t> word_of_token;  // kNotAWord for punctuation, numbers...
    std::vector<std::string_view> norms;       // word number -> lower-cased word
    std::vector<std::uint32_t> uses;           // word number -> occurrences in the document
};
Vocabulary number_words(const std::vector<Token>& tokens);

struct RepeatedRun {
    std::uint8_t words = 0;
    bool always_capitalised = true;           // every word capitalised every time: a name
    std::vector<std::uint32_t> first_tokens;  // of each occurrence, in document order
};

// Every run of 2 to `max_words` word tokens inside one sentence, holding at least one word
// that `content` (by word number) marks, that occurs at least `min_repeats` times.
std::vector<RepeatedRun> repeated_runs(const Document& document, const Vocabulary& vocabulary,
                                       const std::vector<bool>& content, std::size_t max_words,
                                       std::size_t min_repeats);

// A run's lower-cased words joined by single spaces ("at any rate").
std::string run_text(const RepeatedRun& run, const Vocabulary& vocabulary);

}  // namespace fantasma::word_runs
