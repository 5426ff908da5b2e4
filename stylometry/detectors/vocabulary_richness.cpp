#include "stylometry/detectors/vocabulary_richness.hpp"

#include <cstdio>
#include <string>
#include <unordered_map>

#include "stylometry/detectors/lexical_support.hpp"

namespace fantasma {
namespace {

constexpr std::size_t kWindow = 100;
// A population median is worth this many words of evidence.
constexpr double kPriorWords = 200;

// Sum over every kWindow-word window of the number of distinct words in it.
double windowed_types(const std::vector<std::string_view>& words) {
    std::unordered_map<std::string_view, std::size_t> in_window;
    for (std::size_t i = 0; i < kWindow; ++i) ++in_window[words[i]];
    double sum = static_cast<double>(in_window.size());
    for (std::size_t i = kWindow; i < words.size(); ++i) {
        ++in_window[words[i]];
        if (--in_window[words[i - kWindow]] == 0) in_window.erase(words[i - kWindow]);
        sum += static_cast<double>(in_window.size());
    }
    return sum;
}

// Words used exactly once within their chunk, over consecutive kWindow-word chunks.
double chunked_hapaxes(const std::vector<std::string_view>& words) {
    double hapaxes = 0;
    for (std::size_t begin = 0; begin + kWindow <= words.size(); begin += kWindow) {
        std::unordered_map<std::string_view, std::size_t> counts;
        for (std::size_t i = begin; i < begin + kWindow; ++i) ++counts[words[i]];
        for (const auto& [word, count] : counts) hapaxes += count == 1 ? 1 : 0;
    }
    return hapaxes;
}

// Yule's K = 10^4 * (sum_i i^2 V_i - N) / N^2, where V_i words occur i times: the chance that
// two words drawn at random are the same word, which barely depends on the text's length.
double yules_k(const std::vector<std::string_view>& words) {
    std::unordered_map<std::string_view, double> counts;
    for (std::string_view word : words) ++counts[word];
    double sum_squares = 0;
    for (const auto& [word, count] : counts) sum_squares += count * count;
    const auto n = static_cast<double>(words.size());
    return 1e4 * (sum_squares - n) / (n * n);
}

std::string distinct_per_hundred(double rate) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.0f distinct words in every 100", rate * 100);
    return buffer;
}

}  // namespace

void VocabularyRichness::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    std::vector<std::string_view> words;
    for (const Token& token : document.tokens()) {
        if (lexical::is_word(token)) words.push_back(token.norm);
    }
    if (words.size() < kWindow) return;

    // The MATTR is measured as "new-type events" per word of the document (count = MATTR *
    // words): the overlapping windows are not independent trials, the words are.
    const auto total = static_cast<double>(words.size());
    const double windows = total - kWindow + 1;
    const double mattr = windowed_types(words) / (windows * kWindow);
    sink.measure("vocabulary.mattr", mattr * total, total);
    sink.measure("vocabulary.hapax", chunked_hapaxes(words),
                 static_cast<double>(words.size() / kWindow * kWindow));
    sink.measure("vocabulary.yules-k", yules_k(words), 1);

    const HabitScore score =
        score_habit(context.reference, "vocabulary.mattr", mattr * total, total, kPriorWords);
    if (!score.known || score.bits < lexical::kMarkerBits || document.sentences().empty()) return;
    const bool richer = score.rate > score.median;
    std::string message =
        std::string(richer ? "Your vocabulary is unusually varied: "
                           : "Your vocabulary is unusually repetitive: ") +
        distinct_per_hundred(mattr) + lexical::median_note(score, distinct_per_hundred) + "." +
        lexical::rarity_note(score) +
        " This is a habit of the whole document, shown at its first sentence; " +
        (richer ? "repeating a plain word now and then instead of reaching for a synonym"
                : "varying the words you repeat most") +
        " would blend in better.";
    sink.mark(lexical::habit_marker(code(), "vocabulary.mattr", score,
                                    {document.sentences().front().text}, std::move(message)));
}

}  // namespace fantasma
