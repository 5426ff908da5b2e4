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

struct Report {
    std::vector<Marker> markers;  // sorted by first span, then code; spans in source bytes
    // Sum of the markers' bits, each habit (feature) counted once: habits are assumed
    // independent, which overstates the total when they are correlated (see analyzer.cpp).
    double total_bits = 0;
    std::size_t word_count = 0;
    std::map<std::string, Measurement, std::less<>> measurements;
    bool cancelled = false;  // options.stop fired: the report is incomplete
};

class Analyzer {
public:
    explicit Analyzer(const Reference& reference = Reference::builtin());
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
