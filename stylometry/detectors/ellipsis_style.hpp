#pragma once
#include "stylometry/detector.hpp"

namespace fantasma {

// How a writer types an ellipsis: three periods (...), the ellipsis character (…), spaced
// periods (. . .) or more than three periods, and whether a space precedes it. Marks each
// ellipsis in a form few writers use; fix: the population's usual form.
class EllipsisStyle final : public Detector {
  public:
    std::string_view code() const override { return "ellipsis-style"; }
    std::string_view description() const override {
        return "Ellipses typed in a form or with spacing few writers use, such as '. . .'.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
