#pragma once
// Function words (the, of, which, actually...) used far more often than most writers use
// them: the classic attribution feature, since writers pick them unconsciously.
#include "stylometry/detector.hpp"

namespace fantasma {

class FunctionWords : public Detector {
  public:
    std::string_view code() const override { return "function-words"; }
    std::string_view description() const override {
        return "Function words used far more often than most writers use them.";
    }
    // Measures "function-word.<word>" (occurrences per word) for every reference function
    // word; marks the few whose rate is furthest above the population's.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
