#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Letters of another script that look like Latin ones (Cyrillic "а", Greek "ο"), by Unicode's
// confusables data (ICU's spoof checker): inside a word of Latin letters, or a whole word of
// such Cyrillic letters in a Latin text. A reader cannot tell them apart; a
// watermark swaps a few to mark each copy, and searches for the word no longer find it.
// Greek letters alone are left alone (the α particle, π). Measured per word; fix: the Latin
// letter it looks like.
class LookAlikeLetter final : public Detector {
  public:
    std::string_view code() const override { return "look-alike-letter"; }
    std::string_view description() const override {
        return "Letters of another script that look like Latin ones, a common watermark.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
