#pragma once
// acknowledgement: an acknowledgements section in a submission (LaTeX \section*{Acknowledgments},
// the acks/acknowledgments environments, \ack; a Markdown "Acknowledgements" heading) and the
// people, funders and grant numbers it names.
#include "stylometry/detector.hpp"

namespace fantasma {

class Acknowledgement final : public Detector {
  public:
    std::string_view code() const override { return "acknowledgement"; }
    std::string_view description() const override {
        return "Acknowledgements: the people, funders and grant numbers they name.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
