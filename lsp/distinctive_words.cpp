#include "lsp/distinctive_words.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "stylometry/rewrite/rewrite.hpp"

namespace fantasma::lsp {
namespace {

std::string lower(std::string_view word) {
    std::string text(word);
    std::ranges::transform(text, text.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// A rate per 10,000 words, with the precision its size deserves ("31", "3.1", "0.26").
std::string per_ten_thousand(double per_million) {
    const double rate = per_million / 100.0;
    char text[32];
    std::snprintf(text, sizeof text, rate >= 10 ? "%.0f" : rate >= 1 ? "%.1f" : "%.2g", rate);
    return text;
}

}  // namespace

std::vector<DistinctiveWord> distinctive_words(const Document& document, const Report& report,
                                               const Profile& profile, const Reference& reference,
                                               double share) {
    const std::vector<Span> kept = rewrite_kept_spans(document, report, reference);
    std::vector<DistinctiveWord> words;
    for (WordChoice& choice : word_choices(document, reference, kept, {share, &profile})) {
        const std::string form = lower(choice.word);
        DistinctiveWord word{std::move(choice), profile.word_per_million(form),
                             reference.word_per_million(form), profile.word_uses(form)};
        if (word.profile_uses < kDistinctiveUses ||
            word.writer_per_million < kDistinctiveRatio * word.population_per_million)
            continue;
        words.push_back(std::move(word));
    }
    return words;
}

std::string distinctive_word_message(const DistinctiveWord& word) {
    std::string message = "'" + word.choice.word + "': you use this word ";
    if (word.population_per_million > 0) {
        const double ratio = word.writer_per_million / word.population_per_million;
        char times[32];
        std::snprintf(times, sizeof times, ratio >= 10 ? "%.0f" : "%.1f", ratio);
        message += std::string(times) + " times as often as writers in general (your profile: " +
                   std::to_string(word.profile_uses) + " uses, " +
                   per_ten_thousand(word.writer_per_million) +
                   " per 10,000 words; the reference corpus: " +
                   per_ten_thousand(word.population_per_million) + " per 10,000)";
    } else {
        message +=
            "far more than writers in general (your profile: " + std::to_string(word.profile_uses) +
            " uses, " + per_ten_thousand(word.writer_per_million) +
            " per 10,000 words; the reference corpus of a million words has it at most "
            "once)";
    }
    return message +
           ". Someone holding your other writing could recognise you by it; a common synonym "
           "hides it.";
}

}  // namespace fantasma::lsp
