#pragma once
// Shared by the style-habit detectors (dashes, quotes, spelling, numbers...): choosing the
// population's preferred form among interchangeable ones, and wording a habit's marker.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/detector.hpp"
#include "stylometry/detectors/common/habit.hpp"

namespace fantasma::style {

// One of several interchangeable ways of writing the same thing ("—" or "--" for a dash).
struct Choice {
    std::string_view feature;  // "dash.em": its share among all uses of the family
    std::string_view name;     // "em dashes", as in "use em dashes this often"
};

// The choice most reference writers make: the highest mean share. `fallback` while the
// reference has none of these features.
std::size_t population_choice(const Reference& reference, std::span<const Choice> choices,
                              std::size_t fallback);

// Whether most reference writers show the habit `feature` (a share of uses): its median
// share is at least one half. `fallback` while the reference does not know it.
bool population_prefers(const Reference& reference, std::string_view feature, bool fallback);

// Measures each choice's count as a share of all uses (`counts` parallel to `choices`).
void measure_choices(MarkerSink& sink, std::span<const Choice> choices,
                     std::span<const double> counts);

// Scores the share of choice `index` among all uses.
HabitScore score_choice(const Reference& reference, std::span<const Choice> choices,
                        std::span<const double> counts, std::size_t index, double prior_weight);

// " Only 8% of reference writers use spaced em dashes this often (3.6 bits)." with
// `writers_who` = "use spaced em dashes this often"; empty while the reference does not know
// the habit, so messages never claim a figure they do not have.
std::string reference_figure(const HabitScore& score, std::string_view writers_who);

// "this often" or "this rarely", by the side of the population's median the rate falls on.
std::string_view how_often(const HabitScore& score);

// Whether a habit departs far enough from the population to be worth marking: at least
// kNotableBits, or any amount while the reference does not know it (its markers then carry
// 0 bits, which the analyzer drops, but the spans are found either way).
inline constexpr double kNotableBits = 1.0;
inline bool is_notable(const HabitScore& score) {
    return !score.known || score.bits >= kNotableBits;
}

// A share in [0, 1] as a readable percentage: "8%", "0.4%", "under 0.1%".
std::string format_percent(double share);
// A rate per word as "12 per 1,000 words".
std::string per_thousand_words(double count, double words);

// A marker for a habit; its bits are the habit's score against the population.
Marker habit_marker(std::string_view code, std::string_view feature, Span span, std::string message,
                    const HabitScore& score, std::vector<Fix> fixes = {});

// "Use 'color'" replacing the span with `text`; "Remove it" when `text` is empty.
Fix use_fix(std::string_view text);

// `replacement` in the casing of `original`: all capitals (COLOUR -> COLOR), capitalised
// (Colour -> Color) or lower case (colour -> color). ASCII letters only; other bytes pass
// through unchanged.
std::string match_casing(std::string_view original, std::string_view replacement);

// The prose text around a span: the byte before `at` (or '\n' at the start), the byte at
// `at` (or '\n' past the end).
char byte_before(std::string_view text, std::size_t at);
char byte_at(std::string_view text, std::size_t at);

}  // namespace fantasma::style
