#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Variation selectors (U+FE00-U+FE0F, U+E0100-U+E01EF) where they select nothing: after a
// Latin letter, a digit, punctuation, a space or another selector. There they are invisible
// and can be a watermark. Left alone: emoji and text presentation selectors after a character
// that has both, the selectors of CJK ideographs and other scripts that define variants, and
// of mathematical symbols. Measured per word; fix: remove.
class VariationSelector final : public Detector {
  public:
    std::string_view code() const override { return "variation-selector"; }
    std::string_view description() const override {
        return "Variation selectors that select nothing: invisible, and a possible watermark.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
