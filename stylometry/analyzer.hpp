#pragma once
// The detector's entry point: source text in, scored markers out. No editor, JSON or I/O
// knowledge here; the CLI and the language server are thin adapters over this.
#include <map>
#include <memory>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/detector.hpp"
#include "stylometry/language.hpp"
#include "stylometry/marker.hpp"
#include "stylometry/reference.hpp"

namespace fantasma {

class Profile;

struct AnalysisOptions {
    Language language = Language::Text;
    const Profile* profile = nullptr;  // rank markers by how they link to this writer
    double min_bits = 0.0;             // drop markers scoring less
    std::vector<std::string> enabled_codes;  // empty: every detector
    std::stop_token stop;
};

struct Measurement {
    double count = 0;
    double opportunities = 0;
};

// How strongly one measured habit links a text to a profile's writer (see linking.hpp).
struct FeatureLink {
    std::string feature;
    double bits = 0;  // log2 likelihood ratio, same writer vs. a random writer; may be < 0
};

struct Report {
    std::vector<Marker> markers;  // sorted by first span, then code; spans in source bytes
    // Sum of the markers' bits, each habit (feature) counted once: habits are assumed
    // independent, which overstates the total when they are correlated (see analyzer.cpp).
    // With a profile: profile_bits instead.
    double total_bits = 0;
    // With a profile only: the evidence, over every habit measured both here and in the
    // profile, that this text and the profile have the same writer (the sum of `links`): the
    // log2 likelihood ratio "this writer" against "a random writer". Above 0, an adversary
    // holding the profile would single the writer out of about 2^profile_bits candidates;
    // below 0, the text's habits point away from the writer.
    double profile_bits = 0;
    std::vector<FeatureLink> links;  // per habit, strongest link first
    std::size_t word_count = 0;
    std::map<std::string, Measurement, std::less<>> measurements;
    bool cancelled = false;  // options.stop fired: the report is incomplete
};

class Analyzer {
public:
    // Every registered detector (detectors/registry.hpp).
    explicit Analyzer(const Reference& reference = Reference::builtin());
    // Only `detectors` (tests, tools that study one habit).
    Analyzer(const Reference& reference, std::vector<std::unique_ptr<Detector>> detectors);
    ~Analyzer();
    Analyzer(Analyzer&&) noexcept;
    Analyzer& operator=(Analyzer&&) noexcept;

    Report analyze(std::string_view source, const AnalysisOptions& options) const;

    const Reference& reference() const { return *reference_; }
    const std::vector<std::unique_ptr<Detector>>& detectors() const { return detectors_; }

private:
    const Reference* reference_;
    std::vector<std::unique_ptr<Detector>> detectors_;
};

}  // namespace fantasma
