#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// How numbers are written: small numbers as digits or words, thousands separators, 12- or
// 24-hour times (10:30 pm, 22:30, 10.30 pm), date formats (12/31/2020, 31/12/2020,
// 2020-12-31, 31 December, December 31st) and "per cent". Marks each number written in the
// form few writers use; fix: the same number in the usual form.
class NumberFormat final : public Detector {
  public:
    std::string_view code() const override { return "number-format"; }
    std::string_view description() const override {
        return "Numbers, times, dates and percentages written in a form few writers use.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
