#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Straight (" ') or curly (“ ” ’) quotation marks and apostrophes, and single rather than
// double quotation marks. Marks each mark in the form few writers use; fix: the usual form.
class QuoteStyle final : public Detector {
  public:
    std::string_view code() const override { return "quote-style"; }
    std::string_view description() const override {
        return "Quotation marks and apostrophes typed in a form few writers use, straight or "
               "curly.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
