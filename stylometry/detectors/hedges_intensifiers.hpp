#pragma once
// Hedges ("I think", "perhaps", "sort of") and intensifiers ("really", "totally", "so good"):
// how much a writer softens or amplifies is a personal and persistent habit.
#include "stylometry/detector.hpp"

namespace fantasma {

class HedgesIntensifiers : public Detector {
  public:
    std::string_view code() const override { return "hedges-intensifiers"; }
    std::string_view description() const override {
        return "Hedges or intensifiers used far more often than most writers use them.";
    }
    // Measures "hedge.<phrase>" and "intensifier.<word>" for each listed one, and the totals
    // "hedge.all" and "intensifier.all" (occurrences per word; spaces in phrases become '_').
    // Marks the hedges, or the intensifiers, when their total rate is far above the
    // population's.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
