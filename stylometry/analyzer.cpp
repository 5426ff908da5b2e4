#include "stylometry/analyzer.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "stylometry/detectors/common/habit.hpp"
#include "stylometry/detectors/registry.hpp"
#include "stylometry/linking.hpp"
#include "stylometry/profile.hpp"

// Scoring.
//
// Without a profile a marker scores its population bits: -log2 of the share of reference
// writers who show the habit at least this strongly (the detector computes it).
//
// With a profile the question is no longer "how rare is this habit?" but "how much does it
// tie this text to *this* writer?". A marker's habit links the two only when the writer's own
// rate (over the profile's documents) departs from the population's median in the same
// direction as this text's rate; it then scores min(population bits of this text, population
// bits of the profile's rate): the shared rarity. A habit the writer does not have elsewhere
// scores 0 (it is rare, but it points away from them). Self-identifying content (names,
// e-mail addresses) keeps its population bits: it names the writer whatever the reader
// compares it with.
//
// Totals. Each habit (feature) counts once, at the maximum over its markers; self-identifying
// markers count once per distinct text. The sum assumes the habits are independent, which
// overstates the total when they are correlated. With a profile the total is instead the
// document-level linking evidence over every habit measured (linking.cpp), since a text can
// match its writer on habits that are common enough never to be marked. That total is signed:
// below 0, the text's habits point away from the profile's writer.
namespace fantasma {
namespace {

// How many trials of evidence the population median is worth when the profile's rate is
// scored: a profile holds thousands of words, so this barely moves it.
constexpr double kProfilePriorWeight = 10.0;

// Whether `directive`, whose text is `covered` (prose or source, as the marker's spans),
// covers `marker`.
bool covers(const IgnoreDirective& directive, Span covered, const Marker& marker) {
    if (!directive.codes.empty() &&
        std::ranges::find(directive.codes, marker.code) == directive.codes.end()) {
        return false;
    }
    const Span first = marker.spans.front();
    return covered.overlaps(first) || covered.contains(first.begin);
}

// Receives one document's detector output: measurements go into the report, markers are
// dropped when a fantasma-ignore directive covers them or their habit has reached its limit,
// else mapped to source spans. A detector's output is held until commit(), so a detector that
// throws halfway leaves nothing behind (discard()).
class ReportSink final : public MarkerSink {
  public:
    ReportSink(const Prose& prose, Report& report, std::size_t max_per_habit)
        : prose_(prose), report_(report), max_per_habit_(max_per_habit) {}

    void measure(std::string_view feature, double count, double opportunities) override {
        pending_measurements_.push_back({std::string(feature), {count, opportunities}});
    }

    void mark(Marker marker) override {
        if (marker.spans.empty()) return;  // nothing to show the writer
        for (const IgnoreDirective& directive : prose_.ignores) {
            if (covers(directive, directive.text, marker)) return;
        }
        for (Span& span : marker.spans) span = prose_.to_source(span);
        pending_markers_.push_back(std::move(marker));
    }

    void mark_in_source(Marker marker) override {
        if (marker.spans.empty()) return;
        for (const IgnoreDirective& directive : prose_.ignores) {
            if (covers(directive, prose_.to_source(directive.text), marker)) return;
        }
        pending_markers_.push_back(std::move(marker));
    }

    // The output of the detector that just finished goes into the report.
    void commit() {
        for (auto& [feature, measurement] : pending_measurements_) {
            auto it = report_.measurements.find(feature);
            if (it == report_.measurements.end()) {
                it = report_.measurements.emplace(std::move(feature), Measurement{}).first;
            }
            it->second.count += measurement.count;
            it->second.opportunities += measurement.opportunities;
        }
        for (Marker& marker : pending_markers_) keep(std::move(marker));
        discard();
    }
    void discard() {
        pending_measurements_.clear();
        pending_markers_.clear();
    }

  private:
    // Keeps a marker with source spans unless its habit has reached its limit.
    void keep(Marker marker) {
        if (max_per_habit_ != 0 && !marker.identity && !marker.feature.empty()) {
            std::size_t& kept = kept_per_habit_[marker.feature];
            if (kept == max_per_habit_) {
                ++report_.omitted_markers;
                return;
            }
            ++kept;
        }
        report_.markers.push_back(std::move(marker));
    }

    const Prose& prose_;
    Report& report_;
    std::size_t max_per_habit_;
    std::map<std::string, std::size_t, std::less<>> kept_per_habit_;
    std::vector<std::pair<std::string, Measurement>> pending_measurements_;
    std::vector<Marker> pending_markers_;
};

double linking_bits(const Marker& marker, const Report& report, const Profile& profile,
                    const Reference& reference) {
    if (marker.identity) return marker.population_bits;
    if (marker.feature.empty()) return 0;
    const Measurement* own = profile.find(marker.feature);
    const auto here = report.measurements.find(marker.feature);
    if (own == nullptr || here == report.measurements.end()) return 0;
    const HabitScore writer =
        score_habit(reference, marker.feature, own->count, own->opportunities, kProfilePriorWeight);
    const HabitScore text = score_habit(reference, marker.feature, here->second.count,
                                        here->second.opportunities, kProfilePriorWeight);
    if (!writer.known) return 0;
    const bool same_direction = (text.rate - text.median) * (writer.rate - writer.median) > 0;
    return same_direction ? std::min(marker.population_bits, writer.bits) : 0;
}

// Orders markers by their first span, then code. Sorts positions rather than the markers
// themselves (each holds several strings and vectors), then moves each marker about once.
void sort_by_position(std::vector<Marker>& markers) {
    std::vector<std::uint32_t> order(markers.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
    std::ranges::sort(order, [&](std::uint32_t i, std::uint32_t j) {
        const Marker& a = markers[i];
        const Marker& b = markers[j];
        const Span x = a.spans.front(), y = b.spans.front();
        if (x.begin != y.begin) return x.begin < y.begin;
        if (x.end != y.end) return x.end < y.end;
        if (a.code != b.code) return a.code < b.code;
        return i < j;  // a total order, so equal markers keep a fixed order
    });
    // Position k receives markers[order[k]]: follow each cycle of the permutation, in place
    // (a second vector of 60,000 markers would raise the peak memory on a 1 MB text).
    for (std::size_t start = 0; start < order.size(); ++start) {
        if (order[start] == start) continue;
        Marker first = std::move(markers[start]);
        std::size_t k = start;
        while (order[k] != start) {
            const std::size_t next = order[k];
            markers[k] = std::move(markers[next]);
            order[k] = static_cast<std::uint32_t>(k);
            k = next;
        }
        markers[k] = std::move(first);
        order[k] = static_cast<std::uint32_t>(k);
    }
}

// See AnalysisOptions::group_by_paragraph. `markers` sorted by position; grouped in place
// (a second vector of 60,000 markers would raise the peak memory on a 1 MB text).
void group_by_paragraph(std::vector<Marker>& markers, const Prose& prose, std::string_view source) {
    std::vector<std::size_t> block_starts;  // source offsets, ascending
    block_starts.reserve(prose.blocks.size());
    for (const Block& block : prose.blocks)
        block_starts.push_back(prose.to_source(block.text).begin);
    std::map<std::string, std::size_t, std::less<>> group_of;  // key -> index of its marker
    std::size_t kept = 0;
    for (std::size_t i = 0; i < markers.size(); ++i) {
        Marker& marker = markers[i];
        if (!marker.identity && !marker.feature.empty()) {
            const Span first = marker.spans.front();
            // Markers between two blocks go with the block before them.
            const auto block =
                std::ranges::upper_bound(block_starts, first.begin) - block_starts.begin();
            std::string key = std::to_string(block) + '\n' + marker.code + '\n' + marker.message;
            key.append(1, '\n').append(source.substr(first.begin, first.size()));
            const auto [found, fresh] = group_of.try_emplace(std::move(key), kept);
            if (!fresh) {
                Marker& group = markers[found->second];
                const bool occurrences =
                    (group.spans.size() == 1 || group.fix_each_span) && marker.spans.size() == 1;
                group.spans.insert(group.spans.end(), marker.spans.begin(), marker.spans.end());
                group.fix_each_span = occurrences;
                continue;
            }
        }
        if (kept != i) markers[kept] = std::move(marker);
        ++kept;
    }
    markers.resize(kept);
}

double marker_total(const std::vector<Marker>& markers, std::string_view source) {
    std::map<std::string, double, std::less<>> strongest;  // habit or identity text -> bits
    for (const Marker& marker : markers) {
        std::string key = marker.feature;
        if (key.empty()) {
            const Span first = marker.spans.front();
            key = marker.code + ':' + std::string(source.substr(first.begin, first.size()));
        }
        double& bits = strongest[key];
        bits = std::max(bits, marker.bits);
    }
    double total = 0;
    for (const auto& [key, bits] : strongest) total += bits;
    return total;
}

}  // namespace

std::string failure_message(const DetectorFailure& failure) {
    return "internal error in the " + failure.code + " detector (" + failure.what +
           "): its markers are left out, every other marker is reported; please report this "
           "bug to fantasma";
}

Analyzer::Analyzer(const Reference& reference)
    : reference_(&reference), detectors_(make_all_detectors()) {}
Analyzer::Analyzer(const Reference& reference, std::vector<std::unique_ptr<Detector>> detectors)
    : reference_(&reference), detectors_(std::move(detectors)) {}
Analyzer::~Analyzer() = default;
Analyzer::Analyzer(Analyzer&&) noexcept = default;
Analyzer& Analyzer::operator=(Analyzer&&) noexcept = default;

Report Analyzer::analyze(std::string_view source, const AnalysisOptions& options) const {
    for (const std::string& code : options.enabled_codes) {
        if (std::ranges::none_of(detectors_, [&](const auto& d) { return d->code() == code; })) {
            throw std::invalid_argument("unknown marker code '" + code + "'");
        }
    }
    Report report;
    const Document document = make_document(source, options.language);
    report.word_count = document.word_count;
    report.reference_writers = reference_->writers();
    report.profiled = options.profile != nullptr;

    ReportSink sink(document.prose, report, options.max_markers_per_habit);
    const DetectionContext context{document, *reference_, options.stop, options.public_names,
                                   options.submission_authors};
    for (const auto& detector : detectors_) {
        if (options.stop.stop_requested()) {
            report.cancelled = true;
            break;
        }
        if (!options.enabled_codes.empty() &&
            std::ranges::find(options.enabled_codes, detector->code()) ==
                options.enabled_codes.end()) {
            continue;
        }
        // A detector's bug costs the writer that detector's markers on this document, never
        // the others' (a shouted "CAN'T" once made one detector throw and every marker vanish).
        try {
            detector->detect(context, sink);
            sink.commit();
        } catch (const std::exception& error) {
            sink.discard();
            report.failed_detectors.push_back({std::string(detector->code()), error.what()});
        }
    }
    if (options.stop.stop_requested()) report.cancelled = true;

    for (Marker& marker : report.markers) {
        if (marker.population_bits <= 0) marker.population_bits = marker.bits;
        marker.bits = options.profile != nullptr
                          ? linking_bits(marker, report, *options.profile, *reference_)
                          : marker.population_bits;
    }
    std::erase_if(report.markers, [&](const Marker& marker) {
        return marker.bits <= 0 || marker.bits < options.min_bits ||
               (is_common_habit(marker) && options.hide_common_habits);
    });
    sort_by_position(report.markers);
    if (options.group_by_paragraph) group_by_paragraph(report.markers, document.prose, source);

    report.total_bits = marker_total(report.markers, source);
    if (options.profile != nullptr) {
        report.links = link_to_profile(*reference_, report.measurements, *options.profile);
        double sum = 0;
        for (const FeatureLink& link : report.links) sum += link.bits;
        report.profile_bits = sum;
        report.total_bits = report.profile_bits;
    }
    return report;
}

}  // namespace fantasma
