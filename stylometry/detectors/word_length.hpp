#pragma once
// Word length: the share of long words (7 letters or more) and the whole length
// distribution. Writers differ steadily in how long their words run, whatever the topic.
#include "stylometry/detector.hpp"

namespace fantasma {

class WordLength : public Detector {
  public:
    std::string_view code() const override { return "word-length"; }
    std::string_view description() const override {
        return "Words much longer or shorter on average than most writers use.";
    }
    // Measures "word-length.letters" (letters per word), "word-length.long" (words of 7+
    // letters per word), "word-length.short" (words of 1-3 letters per word) and the
    // histogram "word-length.1" ... "word-length.12", "word-length.13-plus" (share of words).
    // Marks the document when its share of long words is far from the population's.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
