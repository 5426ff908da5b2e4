#include "stylometry/detectors/common/style_choice.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace fantasma::style {

std::size_t population_choice(const Reference& reference, std::span<const Choice> choices,
                              std::size_t fallback) {
    // The mean share, not the median: when each writer keeps to one style, every style's
    // median share can be 0, while the means still rank how many writers use each.
    std::size_t best = fallback;
    double best_mean = -1;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        const Distribution* distribution = reference.distribution(choices[i].feature);
        if (distribution == nullptr || distribution->writers() == 0) continue;
        const auto& values = distribution->values();
        const double mean =
            std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
        if (mean > best_mean) {
            best_mean = mean;
            best = i;
        }
    }
    return best;
}

bool population_prefers(const Reference& reference, std::string_view feature, bool fallback) {
    const Distribution* distribution = reference.distribution(feature);
    if (distribution == nullptr || distribution->writers() == 0) return fallback;
    return distribution->median() >= 0.5;
}

void measure_choices(MarkerSink& sink, std::span<const Choice> choices,
                     std::span<const double> counts) {
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    for (std::size_t i = 0; i < choices.size(); ++i) {
        sink.measure(choices[i].feature, counts[i], total);
    }
}

HabitScore score_choice(const Reference& reference, std::span<const Choice> choices,
                        std::span<const double> counts, std::size_t index, double prior_weight) {
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    return score_habit(reference, choices[index].feature, counts[index], total, prior_weight);
}

std::string format_percent(double share) {
    const double percent = share * 100.0;
    if (percent < 0.1) return "under 0.1%";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, percent < 10 ? "%.1f%%" : "%.0f%%", percent);
    std::string text = buffer;
    if (text.size() > 3 && text.compare(text.size() - 3, 3, ".0%") == 0) {
        text.erase(text.size() - 3, 2);  // "3.0%" reads better as "3%"
    }
    return text;
}

std::string per_thousand_words(double count, double words) {
    char buffer[48];
    const double rate = words > 0 ? 1000.0 * count / words : 0.0;
    std::snprintf(buffer, sizeof buffer,
                  rate < 10 ? "%.1f per 1,000 words" : "%.0f per 1,000 words", rate);
    return buffer;
}

std::string_view how_often(const HabitScore& score) {
    return score.known && score.rate < score.median ? "this rarely" : "this often";
}

std::string reference_figure(const HabitScore& score, std::string_view writers_who) {
    if (!score.known) return "";
    char bits[32];
    std::snprintf(bits, sizeof bits, "%.1f", score.bits);
    // "Only" is for a minority; a common habit is stated plainly.
    // The share the bits were computed from (floored for habits no reference writer shows).
    const double share = std::exp2(-score.bits);
    const std::string lead = share < 0.25 ? " Only " : " ";
    return lead + format_percent(share) + " of reference writers " + std::string(writers_who) +
           " (" + bits + " bits).";
}

Marker habit_marker(std::string_view code, std::string_view feature, Span span, std::string message,
                    const HabitScore& score, std::vector<Fix> fixes) {
    Marker marker;
    marker.code = code;
    marker.spans = {span};
    marker.message = std::move(message);
    marker.bits = score.bits;
    marker.population_bits = score.bits;
    marker.fixes = std::move(fixes);
    marker.feature = feature;
    return marker;
}

Fix use_fix(std::string_view text) {
    if (text.empty()) return Fix{"Remove it", ""};
    // Text holding an apostrophe is shown in double quotes: "Use '''" would not read.
    const char quote = text.find('\'') == std::string_view::npos ? '\'' : '"';
    return Fix{"Use " + std::string(1, quote) + std::string(text) + quote, std::string(text)};
}

std::string match_casing(std::string_view original, std::string_view replacement) {
    const auto upper = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; };
    const auto letters = std::ranges::count_if(
        original, [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; });
    const bool all_caps = letters > 1 && std::ranges::count_if(original, upper) == letters;
    const bool capitalised = !original.empty() && upper(original.front());
    std::string result(replacement);
    for (std::size_t i = 0; i < result.size(); ++i) {
        const auto c = static_cast<unsigned char>(result[i]);
        const bool to_upper = all_caps || (capitalised && i == 0);
        result[i] = static_cast<char>(to_upper ? std::toupper(c) : std::tolower(c));
    }
    return result;
}

char byte_before(std::string_view text, std::size_t at) {
    return at == 0 || at > text.size() ? '\n' : text[at - 1];
}

char byte_at(std::string_view text, std::size_t at) {
    return at >= text.size() ? '\n' : text[at];
}

}  // namespace fantasma::style
