#pragma once
// Vocabulary richness: how many different words a writer uses in a stretch of text, and how
// often they repeat themselves. Measured on fixed windows so short and long documents
// compare fairly.
#include "stylometry/detector.hpp"

namespace fantasma {

class VocabularyRichness : public Detector {
  public:
    std::string_view code() const override { return "vocabulary-richness"; }
    std::string_view description() const override {
        return "Vocabulary much more varied or more repetitive than most writers'.";
    }
    // Measures, for documents of 100 words or more, "vocabulary.mattr" (distinct words per
    // word in every 100-word window, averaged: the moving-average type-token ratio; as
    // count = MATTR * words, opportunities = words),
    // "vocabulary.hapax" (words used once per word, in consecutive 100-word chunks) and
    // "vocabulary.yules-k" (Yule's K of the whole document; count = K, opportunities = 1).
    // Marks the document, at its first sentence, when the MATTR is far from the population's.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
