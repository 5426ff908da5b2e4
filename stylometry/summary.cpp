#include "stylometry/summary.hpp"

#include <algorithm>
#include <cmath>

#include "stylometry/analyzer.hpp"

namespace fantasma {
namespace {

// 2^bits as a whole number of writers, or 0 when it is at least `cap` (the reference cannot
// tell rarer combinations apart).
unsigned long long one_in(double bits, std::size_t cap) {
    const double writers = std::exp2(bits);
    if (writers >= static_cast<double>(cap)) return 0;
    return static_cast<unsigned long long>(std::llround(writers));
}

}  // namespace

std::vector<std::size_t> most_identifying(const Report& report, std::size_t count) {
    std::vector<std::size_t> chosen;
    for (std::size_t i = 0; i < report.markers.size(); ++i) {
        if (!is_common_habit(report.markers[i])) chosen.push_back(i);
    }
    std::ranges::stable_sort(chosen, [&](std::size_t a, std::size_t b) {
        const Marker& first = report.markers[a];
        const Marker& second = report.markers[b];
        // Identity details come first, unless they weigh under a bit (one of 300 accounts a
        // README credits).
        const bool first_identity = first.identity && first.bits >= 1;
        const bool second_identity = second.identity && second.bits >= 1;
        if (first_identity != second_identity) return first_identity;
        return first.bits > second.bits;
    });
    if (chosen.size() > count) chosen.resize(count);
    return chosen;
}

std::string with_thousands(unsigned long long value) {
    std::string digits = std::to_string(value);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
        digits.insert(static_cast<std::size_t>(at), ",");
    }
    return digits;
}

std::string describe_total(const Report& report, bool profiled, std::size_t reference_writers) {
    const double bits = report.total_bits;
    if (reference_writers == 0) return "the reference holds no writers to compare with";
    const std::string writers = with_thousands(reference_writers);
    if (profiled) {
        if (bits <= 0) return "its habits point away from the profile's writer";
        // A likelihood ratio: past the reference's size it says no more than "the profile's
        // writer rather than any writer in the reference".
        const unsigned long long ratio = one_in(bits, reference_writers);
        if (ratio == 0) {
            return "its habits point to the profile's writer more than to any of the " + writers +
                   " writers in the reference";
        }
        if (ratio <= 1) return "its habits barely link it to the profile's writer";
        return "its habits make the profile's writer about " + with_thousands(ratio) +
               " times likelier to have written it than a writer picked from the reference";
    }
    if (bits <= 0) return "no habit here sets it apart from the reference writers";
    const unsigned long long share = one_in(bits, reference_writers);
    if (share == 0) {
        return "this combination of habits is rarer than any of the " + writers +
               " writers in the reference (habits assumed independent)";
    }
    if (share <= 1) return "habits most reference writers share";
    return "about 1 in " + with_thousands(share) + " of the " + writers +
           " reference writers would share this combination of habits (habits assumed "
           "independent)";
}

}  // namespace fantasma
