#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Spaces other than the plain one (U+00A0 no-break, U+2000-U+200A, U+202F narrow no-break,
// U+205F, U+3000 ideographic) where typography does not call for them. Word processors, web
// pages and some keyboards (Option-Space on a Mac) leave them, and a watermark can put them
// in place of plain spaces. Left alone: no-break and thin spaces in and around numbers and
// units (10 000, 5 km, p. 12), before French ; : ! ? » and after «, beside dashes, after
// abbreviations and initials (Mr. Smith, J. R. R.) and one-letter words (Czech v Praze), and
// ideographic spaces beside CJK text. Measured per word; fix: a plain space.
class UnusualSpace final : public Detector {
  public:
    std::string_view code() const override { return "unusual-space"; }
    std::string_view description() const override {
        return "Unusual spaces where typography does not call for them, left by editors or "
               "put there as a watermark.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
