#pragma once
// comment-identity: names, e-mail addresses, profile links and user names in paths inside
// LaTeX % comments and Markdown <!-- --> comments. Comments are not printed, but they travel
// with the source (arXiv publishes it; venues ask for it as supplementary material).
#include "stylometry/detector.hpp"

namespace fantasma {

class CommentIdentity final : public Detector {
  public:
    std::string_view code() const override { return "comment-identity"; }
    std::string_view description() const override {
        return "Names, e-mail addresses, profile links and user names in source comments.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
