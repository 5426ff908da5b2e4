#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// How a writer types a dash: em dash (—), spaced em dash ( — ), en dash ( – ), double or
// triple hyphen (--, ---) or a spaced hyphen ( - ). Marks each dash typed in a style few
// writers use; fix: the population's usual dash.
class DashStyle final : public Detector {
  public:
    std::string_view code() const override { return "dash-style"; }
    std::string_view description() const override {
        return "Dashes typed in a style few writers use, such as '--' or a spaced hyphen.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
