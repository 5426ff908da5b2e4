#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// The serial (Oxford) comma: "red, white, and blue" or "red, white and blue". Measures the
// share of lists with it and marks the form few writers use; fix: add or remove the comma.
class OxfordComma final : public Detector {
  public:
    std::string_view code() const override { return "oxford-comma"; }
    std::string_view description() const override {
        return "Lists written with or without the serial comma, whichever few writers use.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
