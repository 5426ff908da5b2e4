#pragma once
// A text under edit, judged by the attacker in microseconds per edit rather than one count of
// the whole text per edit tried. Each candidate's score is bias + Σ w·(1 + ln n) ÷ ‖v‖
// (FeatureSpace::scaled): the text keeps each candidate's unscaled sum and the vector's squared
// length, so an edit only recounts the features near it. The figures are Attacker::judge's
// to rounding (the tests hold them to 1e-6 on real text).
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "attacker/attacker.hpp"

namespace fantasma::attacker {

class EditedText {
  public:
    // `attacker` must outlive the text; `text` as the attacker reads it (prose_of).
    EditedText(const Attacker& attacker, std::string text);

    // Attacker::judge(text()).log_odds.
    double log_odds() const;
    // The log-odds with text()'s bytes [begin, end) replaced by `replacement`.
    double log_odds_with(std::size_t begin, std::size_t end, std::string_view replacement) const;
    // Makes that replacement.
    void replace(std::size_t begin, std::size_t end, std::string_view replacement);

    const std::string& text() const { return text_; }

  private:
    // Per candidate Σ w·(1 + ln n) before scaling, and Σ (1 + ln n)²: the unscaled vector's
    // squared length.
    struct Totals {
        std::vector<double> sums;
        double squares = 0;
    };
    // How the counts change when [begin, end) becomes `replacement`: the features of a window
    // around the edit counted before and after (edited_text.cpp says why that is exact).
    std::unordered_map<int, int> count_changes(std::size_t begin, std::size_t end,
                                               std::string_view replacement) const;
    Totals totals_after(const std::unordered_map<int, int>& changes) const;
    double log_odds_of(const Totals& totals) const;

    const Attacker* attacker_;
    std::string text_;
    std::unordered_map<int, int> counts_;
    Totals totals_;
};

}  // namespace fantasma::attacker
