#pragma once
// bibliography-author: a \bibitem whose authors include one of the submission's authors (from
// this file's title block, or the project's: DetectionContext::submission_authors). BibTeX
// files are read by the submission layer (submission.hpp) with the same matching.
#include "stylometry/detector.hpp"

namespace fantasma {

class BibliographyAuthor final : public Detector {
  public:
    std::string_view code() const override { return "bibliography-author"; }
    std::string_view description() const override {
        return "References written by the submission's own authors.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
