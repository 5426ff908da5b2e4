#pragma once
// Contact details: e-mail addresses, phone numbers, @handles and links to a personal profile
// (github.com/name, linkedin.com/in/name, /~name). Any one of them names the writer outright.
#include "stylometry/detector.hpp"

namespace fantasma {

class ContactDetail : public Detector {
  public:
    std::string_view code() const override { return "contact-detail"; }
    std::string_view description() const override {
        return "E-mail addresses, phone numbers, handles and profile links that name you.";
    }
    // One identity marker per distinct detail, spanning each of its occurrences. Measures
    // nothing: a contact detail is content, not a habit.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
