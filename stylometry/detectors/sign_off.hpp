#pragma once
// Sign-offs and signatures at the end of a text: "Best,\nJane", "Cheers, J.", a "-- " e-mail
// signature, "Sent from my iPhone". They carry the writer's name, or a closing habit that
// links their texts together.
#include "stylometry/detector.hpp"

namespace fantasma {

class SignOff : public Detector {
  public:
    std::string_view code() const override { return "sign-off"; }
    std::string_view description() const override {
        return "Sign-offs and signatures that carry your name or closing habit.";
    }
    // Looks at the last few lines of the prose. Measures "sign-off.present" (1 when the text
    // ends with a sign-off or signature, else 0, per document); marks it as identity content.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
