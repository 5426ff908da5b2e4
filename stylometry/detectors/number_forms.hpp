#pragma once
// Private to the number-format detector: finding the ways numbers, times, dates and
// percentages are written, each as one of two interchangeable forms.
#include <string>
#include <vector>

#include "stylometry/document.hpp"
#include "stylometry/reference.hpp"

namespace fantasma::numbers {

enum Habit : std::size_t {
    SmallDigits,  // 2-9 as digits (5) rather than words (five)
    Thousands,    // separators in large numbers (12,500 rather than 12500)
    Hour24,       // 24-hour times (22:30) rather than 12-hour ones (10:30 pm)
    DottedTime,   // 10.30 pm rather than 10:30 pm
    DayFirst,     // 31/12/2020 rather than 12/31/2020
    IsoDate,      // 2020-12-31 rather than other numeric dates
    DayMonth,     // 31 December rather than December 31
    OrdinalDate,  // December 31st rather than December 31
    PerCent,      // per cent rather than percent
    HabitCount
};

// One number written in one of a habit's two forms.
struct NumberUse {
    Span span;  // prose text
    Habit habit;
    bool counted;       // written in the form the habit's feature counts (digits, 22:30...)
    std::string other;  // the same in the other form; empty when there is no sure rewrite
};

// Every use, sorted by position (a time or date may count for two habits).
std::vector<NumberUse> find_number_uses(const Document& document, const Reference& reference);

}  // namespace fantasma::numbers
