#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Two or more spaces between sentences, a typewriter habit most writers have dropped.
// Measured per sentence boundary on one line; fix: one space.
class DoubleSpace final : public Detector {
  public:
    std::string_view code() const override { return "double-space"; }
    std::string_view description() const override {
        return "Two spaces after the end of a sentence, a typewriter habit few writers keep.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
