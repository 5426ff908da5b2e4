#include "stylometry/detectors/number_format.hpp"

#include <array>

#include "stylometry/detectors/common/style_choice.hpp"
#include "stylometry/detectors/number_forms.hpp"

namespace fantasma {
namespace {

using numbers::HabitCount;

struct HabitInfo {
    std::string_view feature;  // share of uses in the counted form
    std::string_view counted;  // the counted form, as in "use <counted> this often"
    std::string_view other;
    bool counted_usual;  // whether most writers use the counted form, until the reference says
    // Digits or words for small numbers follow the genre more than the writer: technical,
    // scientific and news writing keep digits ("at least 2 options", "the first 3 months"),
    // which a labelled small-digits marker was, in every sample (eval/markers), never the
    // writer's own habit. Shown as a hint with the other genre-bound rates.
    bool genre_bound = false;
};
// In numbers::Habit order.
constexpr std::array<HabitInfo, HabitCount> kHabits = {{
    {"number.small-digits", "digits for numbers under ten", "words for numbers under ten", false,
     true},
    {"number.thousands-separator", "commas in large numbers (12,500)",
     "large numbers without commas (12500)", true},
    {"time.24-hour", "24-hour times (22:30)", "12-hour times (10:30 pm)", false},
    {"time.dotted", "times with a dot (10.30 pm)", "times with a colon (10:30 pm)", false},
    {"date.day-first", "day-first dates (31/12/2020)", "month-first dates (12/31/2020)", false},
    {"date.iso", "ISO dates (2020-12-31)", "other numeric dates", false},
    {"date.day-month", "the day before the month (31 December)",
     "the month before the day (December 31)", false},
    {"date.ordinal", "ordinal dates (December 31st)", "plain dates (December 31)", false},
    {"number.per-cent", "'per cent'", "'percent'", false},
}};

}  // namespace

void NumberFormat::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const std::vector<numbers::NumberUse> uses =
        numbers::find_number_uses(document, context.reference);
    std::array<double, HabitCount> counted{};
    std::array<double, HabitCount> total{};
    for (const auto& use : uses) {
        counted[use.habit] += use.counted ? 1 : 0;
        total[use.habit] += 1;
    }
    std::array<HabitScore, HabitCount> scores;
    std::array<bool, HabitCount> counted_usual{};
    for (std::size_t h = 0; h < HabitCount; ++h) {
        sink.measure(kHabits[h].feature, counted[h], total[h]);
        scores[h] = score_habit(context.reference, kHabits[h].feature, counted[h], total[h], 4.0);
        counted_usual[h] = style::population_prefers(context.reference, kHabits[h].feature,
                                                     kHabits[h].counted_usual);
    }
    for (const auto& use : uses) {
        if (use.counted == counted_usual[use.habit]) continue;
        const HabitInfo& habit = kHabits[use.habit];
        const HabitScore& score = scores[use.habit];
        std::string message =
            "'" + std::string(document.text(use.span)) + "' uses " +
            std::string(use.counted ? habit.counted : habit.other) + "; most writers use " +
            std::string(use.counted ? habit.other : habit.counted) + "." +
            style::reference_figure(score, "use " + std::string(habit.counted) + " " +
                                               std::string(style::how_often(score)));
        std::vector<Fix> fixes;
        if (!use.other.empty()) fixes.push_back(style::use_fix(use.other));
        Marker marker = style::habit_marker(code(), habit.feature, use.span, std::move(message),
                                            score, std::move(fixes));
        marker.genre_bound = habit.genre_bound;
        sink.mark(std::move(marker));
    }
}

}  // namespace fantasma
