#include "stylometry/double_blind.hpp"

#include <algorithm>
#include <numeric>

#include "stylometry/leaks/review_template.hpp"

namespace fantasma {
namespace {

// A marker's place in a double-blind report: its group's index, or past every group.
std::size_t report_rank(const Marker& marker) {
    const auto group = std::ranges::find(kLeakGroups, marker.code, &LeakGroup::code);
    return static_cast<std::size_t>(group - std::begin(kLeakGroups));
}

}  // namespace

bool is_leak(std::string_view code) {
    return std::ranges::find(kLeakGroups, code, &LeakGroup::code) != std::end(kLeakGroups);
}

std::size_t count_leaks(const std::vector<Marker>& markers) {
    std::size_t leaks = 0;
    for (const Marker& marker : markers) {
        if (is_leak(marker.code)) leaks += marker.spans.size();
    }
    return leaks;
}

std::vector<std::size_t> double_blind_order(const std::vector<Marker>& markers) {
    std::vector<std::size_t> order(markers.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::ranges::stable_sort(order, {}, [&](std::size_t i) { return report_rank(markers[i]); });
    return order;
}

std::string leak_verdict(std::size_t leaks) {
    if (leaks == 0) return "No leaks found: nothing here would identify you to a reviewer.";
    return std::to_string(leaks) + (leaks == 1 ? " leak would" : " leaks would") +
           " identify you to a reviewer.";
}

std::string double_blind_reason(std::string_view source, Language language) {
    if (language != Language::Latex) return {};
    return leaks::review_template(source).reason;
}

}  // namespace fantasma
