#pragma once
// title-block: the title block of a submission names its authors (LaTeX \author, \affil,
// \email, \thanks, \institute and the acmart, IEEEtran, llncs, ICML macros; Markdown front
// matter's author, email, affiliation).
#include "stylometry/detector.hpp"

namespace fantasma {

class TitleBlock final : public Detector {
  public:
    std::string_view code() const override { return "title-block"; }
    std::string_view description() const override {
        return "Author names, affiliations, e-mail addresses and first-page footnotes in the "
               "title block.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
