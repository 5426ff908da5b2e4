#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// British, Canadian or Australian spellings (colour, organise, travelled) where most writers
// use the American form. Marks each regional form; fix: the neutral form in the same casing.
class RegionalSpelling final : public Detector {
  public:
    std::string_view code() const override { return "regional-spelling"; }
    std::string_view description() const override {
        return "Spellings that reveal the writer's region, such as 'colour' or 'organise'.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
