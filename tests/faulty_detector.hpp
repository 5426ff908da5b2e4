#pragma once
// A detector with a bug: it measures, marks the document's first word, then throws, on every
// document. The tests use it to see a detector's failure contained by the analyzer (its
// partial output dropped, every other detector's kept), reported by the CLI and the language
// server, and found by the fuzz targets.
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/detectors/registry.hpp"

namespace fantasma::testing {

inline constexpr const char* kFaultyCode = "test-faulty";

class FaultyDetector final : public Detector {
  public:
    std::string_view code() const override { return kFaultyCode; }
    std::string_view description() const override { return "throws on every document (tests)"; }
    void detect(const DetectionContext& context, MarkerSink& sink) const override {
        sink.measure("test-faulty-rate", 1, 1);
        const Document& document = context.document;
        for (const Token& token : document.tokens()) {
            if (token.kind != TokenKind::Word) continue;
            Marker marker;
            marker.code = kFaultyCode;
            marker.spans = {token.text};
            marker.message = "marked before the failure";
            marker.bits = 10;
            sink.mark(std::move(marker));
            break;
        }
        // What std::map::at throws: the shape of the bug a shouted "CAN'T" once set off.
        throw std::out_of_range("map::at");
    }
};

// Every shipped detector and the faulty one, last.
inline Analyzer analyzer_with_faulty_detector() {
    std::vector<std::unique_ptr<Detector>> detectors = make_all_detectors();
    detectors.push_back(std::make_unique<FaultyDetector>());
    return Analyzer(Reference::builtin(), std::move(detectors));
}

}  // namespace fantasma::testing
