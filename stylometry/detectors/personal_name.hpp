#pragma once
// Personal names: capitalised words mid-sentence that are not ordinary words ("Xiaowen"),
// runs of capitalised words ("Jane Doe") and titled names ("Dr. Smith"). The names of the
// writer, their family or colleagues point straight at the writer.
#include "stylometry/detector.hpp"

namespace fantasma {

class PersonalName : public Detector {
  public:
    std::string_view code() const override { return "personal-name"; }
    std::string_view description() const override {
        return "Names of people that can tell a reader who you are.";
    }
    // One identity marker per distinct name, spanning each occurrence. Headings, headline-
    // style lines and capitals after "in", "at", "from" or "near" (places and employers,
    // affiliation-place's business) are left out. Measures nothing.
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
