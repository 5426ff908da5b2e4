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
    // Leave out habits that more than about a quarter of the reference writers share
    // (population bits under kCommonHabitBits) and genre-bound rates (is_common_habit): true,
    // but they identify nobody. `check` and the language server hide them unless asked; the
    // rewriter and profiles keep them. Self-identifying markers are never left out.
    bool hide_common_habits = false;
    // One marker per habit per paragraph: the habit's other occurrences in the paragraph (same
    // code, message and marked text) become the first one's further spans, which editors show
    // as related locations. `check` and the language server group; the rewriter, which fixes
    // each span, does not.
    bool group_by_paragraph = false;
    // Keep at most this many markers of one habit (feature), the first in the document; 0 keeps
    // all. Past the first few, more occurrences of a habit add no bits (a habit counts once)
    // and only cost memory and an editor's attention: a 1 MB novel can hold 10,000 marked
    // semicolons. Self-identifying markers (names, addresses) are never dropped. The rewriter
    // keeps all, since it fixes every occurrence.
    std::size_t max_markers_per_habit = 0;
    // See DetectionContext: names never to flag, and the submission's authors when its title
    // block is in another file.
    std::vector<std::string> public_names;
    std::vector<std::string> submission_authors;
    std::stop_token stop;
};

// What `fantasma check`, the language server and the benchmarks use for
// AnalysisOptions::max_markers_per_habit.
inline constexpr std::size_t kDefaultMarkersPerHabit = 1000;

struct Measurement {
    double count = 0;
    double opportunities = 0;
};

// How strongly one measured habit links a text to a profile's writer (see linking.hpp).
struct FeatureLink {
    std::string feature;
    double bits = 0;  // log2 likelihood ratio, same writer vs. a random writer; may be < 0
};

// A detector that threw on a document: a bug in fantasma, never in the writer's text.
struct DetectorFailure {
    std::string code;  // the detector's marker code
    std::string what;  // the exception's message
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
    std::size_t reference_writers = 0;  // the reference's size: no summary claims more
    bool profiled = false;              // scored against a profile (AnalysisOptions::profile)
    // Markers left out by AnalysisOptions::max_markers_per_habit (their habits' bits are in
    // total_bits all the same).
    std::size_t omitted_markers = 0;
    std::map<std::string, Measurement, std::less<>> measurements;
    bool cancelled = false;  // options.stop fired: the report is incomplete
    // Detectors that threw on this document: their markers and measurements are left out, every
    // other detector's are here. The programs say so (failure_message); fuzzing and the real-text
    // sweep treat any as a finding.
    std::vector<DetectorFailure> failed_detectors;
};

// One line for the writer about a detector that failed on their document: what is missing
// from the report, and that it is fantasma's bug.
std::string failure_message(const DetectorFailure& failure);

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
