#pragma once
// Employers, schools and places: "I work at Acme Corp", "I live in Manchester", "our lab at
// MIT", "my university". Each narrows down who the writer can be.
#include "stylometry/detector.hpp"

namespace fantasma {

class AffiliationPlace : public Detector {
  public:
    std::string_view code() const override { return "affiliation-place"; }
    std::string_view description() const override {
        return "Employers, schools and places that narrow down who you are.";
    }
    // One identity marker per distinct place or organisation, spanning each mention with its
    // cue ("work at Acme Corp"); also vague mentions of one's own ("my university").
    // Measures nothing.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
