#include "stylometry/reference.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fantasma {

Distribution::Distribution(std::vector<float> sorted_values) : values_(std::move(sorted_values)) {
    // Cheap when the caller kept its promise; a safety net when it did not.
    if (!std::is_sorted(values_.begin(), values_.end())) {
        std::sort(values_.begin(), values_.end());
    }
}

double Distribution::share_at_least(double x) const {
    if (values_.empty()) return 1.0;
    auto first = std::lower_bound(values_.begin(), values_.end(), x,
                                  [](float value, double bound) { return value < bound; });
    return static_cast<double>(values_.end() - first) / static_cast<double>(values_.size());
}

double Distribution::share_at_most(double x) const {
    if (values_.empty()) return 1.0;
    auto past = std::upper_bound(values_.begin(), values_.end(), x,
                                 [](double bound, float value) { return bound < value; });
    return static_cast<double>(past - values_.begin()) / static_cast<double>(values_.size());
}

double Distribution::median() const {
    if (values_.empty()) return 0.0;
    const std::size_t middle = values_.size() / 2;
    if (values_.size() % 2 == 1) return values_[middle];
    return (static_cast<double>(values_[middle - 1]) + values_[middle]) / 2.0;
}

double bits_for_share(double share, std::size_t writers) {
    const double floor = 1.0 / static_cast<double>(writers + 1);
    return -std::log2(std::clamp(share, floor, 1.0));
}

double shrunk_rate(double count, double opportunities, double population_median,
                   double prior_weight) {
    const double trials = opportunities + prior_weight;
    if (trials <= 0) return population_median;
    return (count + prior_weight * population_median) / trials;
}

namespace {

template <class V>
const V* find_in(const std::vector<std::pair<std::string_view, V>>& table, const KeyIndex& index,
                 std::string_view key) {
    const std::size_t position = index.find(
        table, [](const auto& entry) { return entry.first; }, key);
    return position == KeyIndex::npos ? nullptr : &table[position].second;
}

bool contains(const std::vector<std::string_view>& keys, const KeyIndex& index,
              std::string_view key) {
    return index.find(
               keys, [](std::string_view k) { return k; }, key) != KeyIndex::npos;
}

}  // namespace

const Distribution* Reference::distribution(std::string_view feature) const {
    const Sourced* found = find_in(distributions_, distribution_index_, feature);
    return found ? &found->distribution : nullptr;
}

std::string_view Reference::distribution_source(std::string_view feature) const {
    const Sourced* found = find_in(distributions_, distribution_index_, feature);
    return found ? found->source : std::string_view();
}

std::vector<std::string_view> Reference::features() const {
    std::vector<std::string_view> names;
    names.reserve(distributions_.size());
    for (const auto& entry : distributions_) names.push_back(entry.first);
    return names;
}

bool Reference::is_function_word(std::string_view lower_word) const {
    return contains(function_word_set_, function_word_index_, lower_word);
}

const SpellingVariant* Reference::spelling(std::string_view lower_word) const {
    return find_in(spellings_, spelling_index_, lower_word);
}

double Reference::word_per_million(std::string_view lower_word) const {
    const float* found = find_in(word_frequencies_, word_frequency_index_, lower_word);
    return found ? *found : 0.0;
}

bool Reference::is_dictionary_word(std::string_view lower_word) const {
    return contains(dictionary_, dictionary_index_, lower_word);
}

double Reference::phrase_per_million(std::string_view lower_phrase) const {
    const float* found = find_in(phrase_frequencies_, phrase_frequency_index_, lower_phrase);
    return found ? *found : 0.0;
}

}  // namespace fantasma
