#pragma once
// The population reference: how habits are distributed across many writers, and the word
// tables the detectors consult. Derived by tools/reference/build_reference.sh from real
// multi-author corpora (see stylometry/data/README.md for sources, priors, skews and the
// table format) and compiled into the library.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stylometry/key_index.hpp"

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
    std::string neutral;       // the form most writers of the population use (lower case)
    std::uint8_t regions = 0;  // Region bits of the locales where this form is standard
};

class Reference {
  public:
    // Parses the tables written by tools/reference/build_reference.sh (one or more tables,
    // each opened by an `@table NAME` line; format in stylometry/data/README.md); throws
    // std::runtime_error naming the table and line on malformed input.
    static Reference parse(std::string_view tables);
    // The tables compiled into the library, parsed once.
    static const Reference& builtin();

    // nullptr for an unknown feature.
    const Distribution* distribution(std::string_view feature) const;
    // Where a feature's distribution comes from: "brown" when measured on the reference
    // corpus, "prior: <assumption>" when synthesised from a documented prior; empty for an
    // unknown feature.
    std::string_view distribution_source(std::string_view feature) const;
    // Every feature with a distribution, sorted.
    std::vector<std::string_view> features() const;
    // The largest number of writers of any distribution.
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
    // Reference n-grams are runs of consecutive words with no punctuation or number between
    // them; those seen fewer than 3 times in the corpus read as 0.
    double phrase_per_million(std::string_view lower_phrase) const;

  private:
    // Keys are views into `storage_`, a private copy of the parsed text shared by copies of
    // this Reference; each table is a vector sorted by key (features() lists them in order),
    // looked up through a KeyIndex, so parsing allocates little and builtin() stays fast.
    template <class V>
    using Table = std::vector<std::pair<std::string_view, V>>;
    struct Sourced {
        Distribution distribution;
        std::string_view source;
    };
    friend class ReferenceParser;

    std::shared_ptr<const std::string> storage_;
    std::size_t writers_ = 0;
    Table<Sourced> distributions_;
    std::vector<std::string> function_words_;
    std::vector<std::string_view> function_word_set_;  // sorted
    Table<SpellingVariant> spellings_;
    Table<float> word_frequencies_;
    std::vector<std::string_view> dictionary_;  // sorted
    Table<float> phrase_frequencies_;
    // Built once the tables are complete, one per table above.
    KeyIndex distribution_index_;
    KeyIndex function_word_index_;
    KeyIndex spelling_index_;
    KeyIndex word_frequency_index_;
    KeyIndex dictionary_index_;
    KeyIndex phrase_frequency_index_;
};

}  // namespace fantasma
