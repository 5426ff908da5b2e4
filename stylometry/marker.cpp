#include "stylometry/marker.hpp"

namespace fantasma {

Severity severity_for_bits(double bits) {
    // One bit halves the writers who could have written the text: a habit more than a
    // quarter of writers share (under 2 bits) is a faint hint; from about 1 in 16 writers
    // (4 bits) on it is worth a warning. Editors list hints only in the text (VS Code leaves
    // them out of its Problems panel), so anything that narrows the field noticeably is at
    // least information.
    if (bits < kCommonHabitBits) return Severity::Hint;
    if (bits < 4.0) return Severity::Information;
    return Severity::Warning;
}

Severity severity_of(const Marker& marker) {
    return marker.genre_bound ? Severity::Hint : severity_for_bits(marker.bits);
}

bool is_common_habit(const Marker& marker) {
    return !marker.identity && (marker.genre_bound || marker.population_bits < kCommonHabitBits);
}

std::string_view severity_name(Severity severity) {
    switch (severity) {
        case Severity::Hint: return "hint";
        case Severity::Information: return "info";
        case Severity::Warning: return "warning";
    }
    return "hint";
}

}  // namespace fantasma
