#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// The share of contractible pairs a writer contracts (don't, it's, I'm against do not, it is,
// I am). Marks the contractions when the share is far above the population's, the spelled-out
// pairs when it is far below; fixes expand or contract them.
class ContractionRate final : public Detector {
  public:
    std::string_view code() const override { return "contraction-rate"; }
    std::string_view description() const override {
        return "Contractions used far more, or far less, often than most writers use them.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
