#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Unicode tag characters (U+E0000-U+E007F) outside emoji: invisible copies of ASCII that can
// carry a whole hidden message (a recipient's name, an identifier) and that text tools
// almost never show. Inside an emoji tag sequence (the flags of England, Scotland, Wales)
// they are left alone. Measured per word; fix: remove.
class TagCharacter final : public Detector {
  public:
    std::string_view code() const override { return "tag-character"; }
    std::string_view description() const override {
        return "Invisible tag characters, which can carry a hidden message such as a "
               "recipient's name.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
