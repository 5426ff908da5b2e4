#pragma once
// Small, predictable detectors and a tiny reference for testing the analyzer and profiles
// without depending on the real detectors' judgement.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/reference.hpp"

namespace fantasma::testing {

// Marks every "colour" in the prose (3 population bits each) and measures "test.colour":
// colours per word.
class ColourDetector final : public Detector {
  public:
    std::string_view code() const override { return "test-colour"; }
    std::string_view description() const override { return "Marks every 'colour'."; }
    void detect(const DetectionContext& context, MarkerSink& sink) const override {
        const std::string& text = context.document.prose.text;
        double count = 0;
        for (std::size_t at = text.find("colour"); at != std::string::npos;
             at = text.find("colour", at + 1)) {
            Marker marker;
            marker.code = "test-colour";
            marker.spans = {Span(at, at + 6)};
            marker.message = "British spelling";
            marker.population_bits = 3;
            marker.feature = "test.colour";
            sink.mark(std::move(marker));
            ++count;
        }
        sink.measure("test.colour", count, static_cast<double>(context.document.word_count));
    }
};

// Marks every whitespace-delimited word holding '@' as self-identifying content (6 bits).
class EmailDetector final : public Detector {
  public:
    std::string_view code() const override { return "test-email"; }
    std::string_view description() const override { return "Marks e-mail addresses."; }
    void detect(const DetectionContext& context, MarkerSink& sink) const override {
        const std::string& text = context.document.prose.text;
        for (std::size_t at = text.find('@'); at != std::string::npos;
             at = text.find('@', at + 1)) {
            const std::size_t space = text.find_last_of(" \n", at);
            const std::size_t begin = space == std::string::npos ? 0 : space + 1;
            const std::size_t end = std::min(text.find_first_of(" \n", at), text.size());
            Marker marker;
            marker.code = "test-email";
            marker.spans = {Span(begin, end)};
            marker.message = "An e-mail address names you";
            marker.population_bits = 6;
            marker.identity = true;
            sink.mark(std::move(marker));
        }
    }
};

// A reference that knows one habit, "test.colour": 90 of 100 writers never write "colour",
// ten write it between 1 and 10 times per 1,000 words.
inline const Reference& colour_reference() {
    static const Reference reference = [] {
        std::string values;
        for (int i = 0; i < 90; ++i) values += "0,";
        for (int i = 1; i <= 10; ++i) values += std::to_string(i / 1000.0) + (i < 10 ? "," : "");
        return Reference::parse(
            "@table distributions\nfeature\tsource\tvalues\ntest.colour\ttest\t" + values + "\n");
    }();
    return reference;
}

inline Analyzer colour_analyzer() {
    std::vector<std::unique_ptr<Detector>> detectors;
    detectors.push_back(std::make_unique<ColourDetector>());
    detectors.push_back(std::make_unique<EmailDetector>());
    return Analyzer(colour_reference(), std::move(detectors));
}

}  // namespace fantasma::testing
