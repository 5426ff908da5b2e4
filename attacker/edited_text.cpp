#include "attacker/edited_text.hpp"

#include <algorithm>
#include <cmath>

namespace fantasma::attacker {
namespace {

// A feature's value before scaling (FeatureSpace::scaled): 1 + ln n, none when it is absent.
double unscaled(int count) {
    return count > 0 ? 1.0 + std::log(static_cast<double>(count)) : 0;
}

// The longest feature an n-gram can be (FeatureSpace: 1-5 bytes).
constexpr std::size_t kLongestNgram = 5;

}  // namespace

EditedText::EditedText(const Attacker& attacker, std::string text)
    : attacker_(&attacker), text_(std::move(text)) {
    counts_ = FeatureSpace::counts(attacker.table_->space.occurrences(text_));
    totals_.sums.assign(attacker.weights_.size(), 0);
    for (const auto& [feature, count] : counts_) {
        const double value = unscaled(count);
        totals_.squares += value * value;
        for (std::size_t c = 0; c < totals_.sums.size(); ++c)
            totals_.sums[c] += attacker.weights_[c][static_cast<std::size_t>(feature)] * value;
    }
}

// The window is [from, to) of the text, with `from` at least kLongestNgram bytes before the
// edit and on a space (or the text's start), `to` at least that far after it and just past a
// space (or the text's end). An n-gram that crosses either edge lies wholly outside the edit,
// so it is the same before and after and missing from both counts alike; no word crosses a
// space, so each function word is read whole, with its true neighbours, in both.
std::unordered_map<int, int> EditedText::count_changes(std::size_t begin, std::size_t end,
                                                       std::string_view replacement) const {
    std::size_t from = begin >= kLongestNgram ? begin - kLongestNgram : 0;
    while (from > 0 && text_[from] != ' ') --from;
    std::size_t to = std::min(text_.size(), end + kLongestNgram);
    while (to < text_.size() && text_[to - 1] != ' ') ++to;
    const std::string_view text(text_);
    const std::string before(text.substr(from, to - from));
    const std::string after = std::string(text.substr(from, begin - from)) +
                              attacker_text(replacement) + std::string(text.substr(end, to - end));
    const FeatureSpace& space = attacker_->table_->space;
    std::unordered_map<int, int> changes;
    for (const Occurrence& occurrence : space.occurrences(before)) --changes[occurrence.feature];
    for (const Occurrence& occurrence : space.occurrences(after)) ++changes[occurrence.feature];
    std::erase_if(changes, [](const auto& change) { return change.second == 0; });
    return changes;
}

EditedText::Totals EditedText::totals_after(const std::unordered_map<int, int>& changes) const {
    Totals totals = totals_;
    for (const auto& [feature, change] : changes) {
        const auto counted = counts_.find(feature);
        const int count = counted == counts_.end() ? 0 : counted->second;
        const double was = unscaled(count), is = unscaled(count + change);
        totals.squares += is * is - was * was;
        for (std::size_t c = 0; c < totals.sums.size(); ++c)
            totals.sums[c] +=
                attacker_->weights_[c][static_cast<std::size_t>(feature)] * (is - was);
    }
    return totals;
}

double EditedText::log_odds_of(const Totals& totals) const {
    // As FeatureSpace::scaled: an empty vector stays empty rather than dividing by nothing.
    const double norm = totals.squares > 1e-12 ? std::sqrt(totals.squares) : 1.0;
    const double writer = attacker_->biases_[0] + totals.sums[0] / norm;
    double best_other = -HUGE_VAL;
    for (std::size_t c = 1; c < totals.sums.size(); ++c)
        best_other = std::max(best_other, attacker_->biases_[c] + totals.sums[c] / norm);
    return attacker_->slope_ * (writer - best_other) + attacker_->intercept_;
}

double EditedText::log_odds() const {
    return log_odds_of(totals_);
}

double EditedText::log_odds_with(std::size_t begin, std::size_t end,
                                 std::string_view replacement) const {
    return log_odds_of(totals_after(count_changes(begin, end, replacement)));
}

void EditedText::replace(std::size_t begin, std::size_t end, std::string_view replacement) {
    const std::unordered_map<int, int> changes = count_changes(begin, end, replacement);
    totals_ = totals_after(changes);
    for (const auto& [feature, change] : changes) {
        if ((counts_[feature] += change) == 0) counts_.erase(feature);
    }
    text_.replace(begin, end - begin, attacker_text(replacement));
}

}  // namespace fantasma::attacker
