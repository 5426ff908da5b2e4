#pragma once
// Character 3-gram habits: how often a writer's words contain each of the 500 most frequent
// English letter triples (" th", "ing", "ly "...). Attribution tools lean on these because
// they capture word choice, inflection and spelling at once; the detector only measures them
// (for the reference and personal profiles) and marks nothing, since no single trigram is
// something a writer could act on.
#include "stylometry/detector.hpp"

namespace fantasma {

class CharNgrams : public Detector {
  public:
    std::string_view code() const override { return "char-ngrams"; }
    std::string_view description() const override {
        return "Measures the rates of the most common character 3-grams.";
    }
    // Measures "char-3gram.<gram>" (occurrences per 3-gram of the words; '_' stands for a
    // word boundary, so "_th" is a word starting with "th").
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
