#pragma once
// The population reference: how habits are distributed across many writers, and the word
// tables the detectors consult. Derived by tools/reference/build_reference.py from real
// multi-author corpora (see stylometry/data/README.md for sources, priors and skews) and
// compiled into the library.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fantasma {

// One feature's value for each reference writer, sorted ascending.
class Distribution {
public:
    Distribution() = default;
    explicit Distribution(std::vector<float> sorted_values);

    // Share of writers whose value is >= x (resp. <= x), in [0, 1].
    double share_at_least(double x) const;
    double share_at_most(double x) const;
    double median() const;
    std::size_t writers() const { return values_.size(); }
    const std::vector<float>& values() const { return values_; }

private:
    std::vector<float> values_;
};

// Bits of identifying information of a habit that only `share` of the writers show at least
// this strongly: -log2(share), with share floored at 1/(writers+1) so a habit no reference
// writer shows is worth log2(writers+1) bits rather than infinity.
double bits_for_share(double share, std::size_t writers);

// A rate measured on `opportunities` trials, pulled toward the population's median by
// `prior_weight` pseudo-trials so that one semicolon in a five-word note is not a habit.
double shrunk_rate(double count, double opportunities, double population_median,
                   double prior_weight);

enum Region : std::uint8_t { American = 1, British = 2, Canadian = 4, Australian = 8 };

struct SpellingVariant {
    std::string neutral;  // the form most writers of the population use (lower case)
    std::uint8_t regions = 0;  // Region bits of the locales where this form is standard
};

class Reference {
public:
    // Parses the tables written by tools/reference/build_reference.py; throws
    // std::runtime_error naming the line on malformed input.
    static Reference parse(std::string_view tables);
    // The tables compiled into the library, parsed once.
    static const Reference& builtin();

    // nullptr for an unknown feature.
    const Distribution* distribution(std::string_view feature) const;
    std::size_t writers() const { return writers_; }

    // Function words (the ~300 most frequent closed-class words), lower case.
    const std::vector<std::string>& function_words() const { return function_words_; }
    bool is_function_word(std::string_view lower_word) const;
    // Regional spelling: the variant entry for a lower-case word, nullptr when the word has
    // no regional variants.
    const SpellingVariant* spelling(std::string_view lower_word) const;
    // Occurrences per million words in the reference corpus (0 when unseen).
    double word_per_million(std::string_view lower_word) const;
    // In the spelling dictionary (any region)?
    bool is_dictionary_word(std::string_view lower_word) const;
    // A word n-gram (2 or 3 lower-case words joined by single spaces) per million words.
    double phrase_per_million(std::string_view lower_phrase) const;

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };
    template <class V>
    using Table = std::unordered_map<std::string, V, Hash, std::equal_to<>>;

    std::size_t writers_ = 0;
    Table<Distribution> distributions_;
    std::vector<std::string> function_words_;
    Table<bool> function_word_set_;
    Table<SpellingVariant> spellings_;
    Table<float> word_frequencies_;
    Table<bool> dictionary_;
    Table<float> phrase_frequencies_;
};

}  // namespace fantasma
