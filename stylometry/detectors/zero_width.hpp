#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Zero-width characters (U+200B space, U+200C non-joiner, U+200D joiner, U+2060 word joiner,
// U+FEFF after the start): the usual canary-trap watermark, also left by web editors and
// copies from web pages. Left alone: joiners inside emoji sequences, and joiners and spaces
// beside letters of scripts that need them (Persian, the Indic scripts, Thai, CJK...).
// Measured per word; fix: remove.
class ZeroWidth final : public Detector {
  public:
    std::string_view code() const override { return "zero-width"; }
    std::string_view description() const override {
        return "Zero-width characters: invisible, and often a watermark that tells copies "
               "apart.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
