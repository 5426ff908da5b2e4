#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Soft hyphens (U+00AD): invisible unless a line breaks at them, left by word processors,
// PDF and web-page copies and hyphenation tools, and placed differently by each, so they
// show where a text has been. Measured per word; fix: remove.
class SoftHyphen final : public Detector {
  public:
    std::string_view code() const override { return "soft-hyphen"; }
    std::string_view description() const override {
        return "Soft hyphens: invisible, and placed differently by each tool a text passed "
               "through.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
