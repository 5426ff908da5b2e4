#pragma once
// Sentence length: words per sentence and how often sentences run very short or very long.
// Rhythm is one of the steadiest habits a writer has, and one of the easiest to vary.
#include "stylometry/detector.hpp"

namespace fantasma {

class SentenceLength : public Detector {
  public:
    std::string_view code() const override { return "sentence-length"; }
    std::string_view description() const override {
        return "Sentences much longer or shorter on average than most writers write.";
    }
    // Measures "sentence-length.sentences" (sentences per word), "sentence-length.short" (share of
    // sentences under 8 words), "sentence-length.long" (over 30 words) and the histogram
    // "sentence-length.1-4", "5-9", ..., "35-39", "40-plus" (share of sentences). Marks the
    // longest (or shortest) sentences when the average length is far from the population's.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
