#include "stylometry/detectors/vocabulary_richness.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

#include "stylometry/detectors/common/lexical.hpp"

namespace fantasma {
namespace {

constexpr std::size_t kWindow = 100;
// A population median is worth this many words of evidence.
constexpr double kPriorWords = 200;

// Each word as a small number (equal words, equal numbers), so that the measures below count
// in arrays instead of hashing every word again.
struct WordIds {
    std::vector<std::size_t> ids;
    std::size_t distinct = 0;
};

WordIds word_ids(const std::vector<std::string_view>& words) {
    std::unordered_map<std::string_view, std::size_t> id_of;
    id_of.reserve(words.size() / 4);
    WordIds result;
    result.ids.reserve(words.size());
    for (std::string_view word : words) {
        result.ids.push_back(id_of.try_emplace(word, id_of.size()).first->second);
    }
    result.distinct = id_of.size();
    return result;
}

// Sum over every kWindow-word window of the number of distinct words in it.
double windowed_types(const WordIds& words) {
    std::vector<std::size_t> in_window(words.distinct);
    std::size_t types = 0;
    double sum = 0;
    for (std::size_t i = 0; i < words.ids.size(); ++i) {
        if (in_window[words.ids[i]]++ == 0) ++types;
        if (i >= kWindow && --in_window[words.ids[i - kWindow]] == 0) --types;
        if (i + 1 >= kWindow) sum += static_cast<double>(types);
    }
    return sum;
}

// Words used exactly once within their chunk, over consecutive kWindow-word chunks.
double chunked_hapaxes(const WordIds& words) {
    double hapaxes = 0;
    std::vector<std::size_t> counts(words.distinct);
    for (std::size_t begin = 0; begin + kWindow <= words.ids.size(); begin += kWindow) {
        for (std::size_t i = begin; i < begin + kWindow; ++i) ++counts[words.ids[i]];
        for (std::size_t i = begin; i < begin + kWindow; ++i) {
            if (counts[words.ids[i]] == 1) ++hapaxes;
        }
        for (std::size_t i = begin; i < begin + kWindow; ++i) counts[words.ids[i]] = 0;
    }
    return hapaxes;
}

// Yule's K = 10^4 * (sum_i i^2 V_i - N) / N^2, where V_i words occur i times: the chance that
// two words drawn at random are the same word, which barely depends on the text's length.
double yules_k(const WordIds& words) {
    std::vector<double> counts(words.distinct);
    for (std::size_t id : words.ids) ++counts[id];
    double sum_squares = 0;
    for (double count : counts) sum_squares += count * count;
    const auto n = static_cast<double>(words.ids.size());
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
    const WordIds ids = word_ids(words);
    const double mattr = windowed_types(ids) / (windows * kWindow);
    sink.measure("vocabulary.mattr", mattr * total, total);
    sink.measure("vocabulary.hapax", chunked_hapaxes(ids),
                 static_cast<double>(words.size() / kWindow * kWindow));
    sink.measure("vocabulary.yules-k", yules_k(ids), 1);

    const HabitScore score =
        score_habit(context.reference, "vocabulary.mattr", mattr * total, total, kPriorWords);
    const auto shown = std::ranges::find_if(document.sentences(), [&](const Sentence& s) {
        return lexical::is_running_prose(document, s);
    });
    if (!score.known || score.bits < lexical::kMarkerBits || shown == document.sentences().end())
        return;
    const bool richer = score.rate > score.median;
    std::string message =
        std::string(richer ? "Your vocabulary is unusually varied: "
                           : "Your vocabulary is unusually repetitive: ") +
        distinct_per_hundred(mattr) + lexical::median_note(score, distinct_per_hundred) + "." +
        lexical::rarity_note(score) +
        " This is a habit of the whole document, shown at its first sentence of prose; " +
        (richer ? "repeating a plain word now and then instead of reaching for a synonym"
                : "varying the words you repeat most") +
        " would blend in better.";
    Marker marker =
        lexical::habit_marker(code(), "vocabulary.mattr", score, {shown->text}, std::move(message));
    // How varied the words are follows the genre and the topic (a HOWTO repeats its terms).
    marker.genre_bound = true;
    sink.mark(std::move(marker));
}

}  // namespace fantasma
