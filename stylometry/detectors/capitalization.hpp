#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Capitalisation habits: words in capitals for emphasis (not acronyms), a lower-case "i" as
// the pronoun, and sentences that start in lower case. Fixes restore the usual casing.
class Capitalization final : public Detector {
  public:
    std::string_view code() const override { return "capitalization"; }
    std::string_view description() const override {
        return "Unusual capitalisation: capitals for emphasis, a lower-case 'i', lower-case "
               "sentence starts.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
