#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Direction marks and embedding controls (U+200E, U+200F, U+061C, U+202A-U+202E,
// U+2066-U+2069) in a block with no right-to-left letter, where they do nothing: editors,
// keyboards set up for Hebrew or Arabic, and some chat and mail programs leave them, so they
// follow a writer from text to text. In right-to-left text they are left alone. Measured per
// word; fix: remove.
class DirectionMark final : public Detector {
  public:
    std::string_view code() const override { return "direction-mark"; }
    std::string_view description() const override {
        return "Invisible direction marks in left-to-right text, left by a writer's editor "
               "or keyboard.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
