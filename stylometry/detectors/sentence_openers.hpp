#pragma once
// Habitual sentence openers ("So,", "Well,", "Basically", "And", "But"...): a writer who
// starts sentence after sentence the same way is easy to recognise.
#include "stylometry/detector.hpp"

namespace fantasma {

class SentenceOpeners : public Detector {
  public:
    std::string_view code() const override { return "sentence-openers"; }
    std::string_view description() const override {
        return "Sentences that start with the same word far more often than usual.";
    }
    // Measures "sentence-opener.<opener>" (sentences opening with it per sentence; spaces in
    // multi-word openers become '_': "sentence-opener.in_fact") for a fixed list of common
    // openers; marks the discourse markers among them ("so", "well", "in fact", not "I" or
    // "the") repeated far more often than the population's rate.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
