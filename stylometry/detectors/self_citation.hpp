#pragma once
// self-citation: prose that claims cited work as the authors' own ("in our previous
// work~\cite{..}", "as we showed in [3]", "our group's earlier system"): a reviewer looks the
// citation up and has the authors' names.
#include "stylometry/detector.hpp"

namespace fantasma {

class SelfCitation final : public Detector {
  public:
    std::string_view code() const override { return "self-citation"; }
    std::string_view description() const override {
        return "Citing your own work in the first person.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
