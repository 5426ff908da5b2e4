#pragma once
// Signature phrases: a two- or three-word phrase repeated within one document far more often
// than the population uses it ("at any rate" three times in 500 words). Pet phrases are among
// the first things a reader, or an attribution tool, notices.
#include "stylometry/detector.hpp"

namespace fantasma {

class SignaturePhrase : public Detector {
  public:
    std::string_view code() const override { return "signature-phrase"; }
    std::string_view description() const override {
        return "Word sequences repeated far more often than the population uses them.";
    }
    // Measures "signature-phrase.repeats": occurrences of such phrases per word. Marks each
    // phrase (all its occurrences). Left out: phrases made only of function words ("of the"),
    // names (capitalised every time: personal-name's business), a determiner with its noun
    // ("the protagonist": the topic, not a habit), and phrases inside a longer marked one.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
