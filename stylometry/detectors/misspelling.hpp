#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Misspellings: common ones from a small table (recieve, definately, alot), with their
// corrections as fixes, and words outside the dictionary that recur in the text, which are
// as identifying as any habit (Writeprints' "idiosyncratic" features).
class Misspelling final : public Detector {
  public:
    std::string_view code() const override { return "misspelling"; }
    std::string_view description() const override {
        return "Common or recurring misspellings, which identify a writer across texts.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
