#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Blanks at the ends of lines that repeat through a Markdown or LaTeX source: a space, a tab
// or a mix before the line break. The rendered text never shows them, but the source keeps
// them (and it is the source that is pasted, uploaded with arXiv papers or kept in a
// repository), so an editor's setting leaves its own pattern, and a watermark can vary it from
// copy to copy. Flagged only when at least three lines of prose carry them. Left alone:
// blank lines, lines with no prose (code, math, markup), Markdown's two or more trailing
// spaces (a hard line break, which readers see), and plain text. Measured per word; fix:
// remove the blanks.
class TrailingWhitespace final : public Detector {
  public:
    std::string_view code() const override { return "trailing-whitespace"; }
    std::string_view description() const override {
        return "Blanks at line ends that repeat through the source: unseen by readers, but a "
               "pattern copies and editors can be told apart by.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
