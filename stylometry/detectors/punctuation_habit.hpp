#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// How often a writer reaches for semicolons, colons, exclamation marks (and runs like "!!"
// or "?!"), question marks and parentheses, per 1,000 words. Marks each use of a mark the
// document uses far more often than the population does.
class PunctuationHabit final : public Detector {
  public:
    std::string_view code() const override { return "punctuation-habit"; }
    std::string_view description() const override {
        return "Punctuation marks used far more often than most writers use them.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
