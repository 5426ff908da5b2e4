#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Spacing that no reader sees but that repeats through a document: two or three spaces
// between words inside a sentence. Rendered Markdown, LaTeX and most web pages show one space
// either way, so a watermark can vary them from copy to copy, and a writer's editor leaves its
// own. Flagged only when they occur at least twice; left alone: spaces between sentences
// (double-space) and wider runs (alignment), and plain text, where the reader sees every
// space. Blanks at line ends never reach the prose (the
// extractors drop them): trailing-whitespace looks at them. Measured per word; fix: one space.
class SpacingPattern final : public Detector {
  public:
    std::string_view code() const override { return "spacing-pattern"; }
    std::string_view description() const override {
        return "Extra spaces between words, which readers do not see but copies can be told "
               "apart by.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
