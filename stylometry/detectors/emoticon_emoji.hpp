#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// Emoji and emoticons (:-) ;) <3), measured per 1,000 words. Marks each one when the text
// uses them more often than most writers; fix: remove it.
class EmoticonEmoji final : public Detector {
  public:
    std::string_view code() const override { return "emoticon-emoji"; }
    std::string_view description() const override {
        return "Emoji and emoticons, which few writers use and whose choice is personal.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
