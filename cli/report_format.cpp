#include "cli/report_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "attacker/verdict_json.hpp"
#include "stylometry/summary.hpp"
#include "stylometry/text/line_index.hpp"

namespace fantasma::cli {
namespace {

constexpr std::size_t kShownLinks = 10;
// The findings named after the total, most identifying first (scope 4 of issue 13).
constexpr std::size_t kReadFirst = 5;

std::string format_bits(double bits) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", bits);
    return buffer;
}

nlohmann::json position_json(LineColumn position) {
    return {{"line", position.line}, {"character", position.character}};
}

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& part : parts) out += (out.empty() ? "" : "; ") + part;
    return out;
}

// Sentences listed after the verdict in the text output, and the least share they need.
constexpr std::size_t kTellingSentences = 3;
constexpr double kTellingShare = 0.05;

}  // namespace

void write_marker(std::ostream& out, std::string_view path, std::string_view source,
                  const PositionMap& positions, const Marker& marker) {
    const auto location = [&](std::size_t offset) {
        const LineColumn at = positions.position(offset);
        return std::string(path) + ':' + std::to_string(at.line + 1) + ':' +
               std::to_string(at.character + 1);
    };
    out << location(marker.spans.front().begin) << ": " << severity_name(severity_of(marker))
        << ": " << marker.message;
    // A habit's other occurrences in the paragraph this line stands for (JSON: moreByteRanges).
    const std::size_t more = marker.spans.size() - 1;
    if (!marker.identity && more > 0)
        out << " (" << more << (more == 1 ? " more occurrence)" : " more occurrences)");
    out << " [" << marker.code << "]\n";
    // Self-identifying content is shown wherever it occurs: the writer must change each one.
    if (!marker.identity) return;
    for (std::size_t i = 1; i < marker.spans.size(); ++i) {
        const Span span = marker.spans[i];
        out << location(span.begin) << ": note: \"" << source.substr(span.begin, span.size())
            << "\" again [" << marker.code << "]\n";
    }
}

void write_text(std::ostream& out, const FileReport& file) {
    // Columns in characters (code points), as people count them.
    const PositionMap positions(file.source, PositionEncoding::Utf32);
    for (const Marker& marker : file.report.markers) {
        write_marker(out, file.path, file.source, positions, marker);
    }
    const double bits = file.report.total_bits;
    out << file.path << ": " << format_bits(bits) << " bits";
    if (!file.profiled) {
        out << " over " << file.report.markers.size()
            << (file.report.markers.size() == 1 ? " marker" : " markers");
    } else {
        out << " linking it to the profile's writer";
    }
    out << ", " << file.report.word_count
        << " words: " << describe_total(file.report, file.profiled, file.report.reference_writers);
    if (file.report.cancelled) out << " [incomplete: cancelled]";
    out << '\n';
    // What to read first among the markers listed above in document order.
    const std::vector<std::size_t> first = most_identifying(file.report, kReadFirst);
    if (!first.empty()) {
        out << file.path << ": read first:";
        for (std::size_t i = 0; i < first.size(); ++i) {
            const Marker& marker = file.report.markers[first[i]];
            const LineColumn at = positions.position(marker.spans.front().begin);
            out << (i == 0 ? " " : "; ") << marker.code << " at " << at.line + 1 << ':'
                << at.character + 1 << " (" << format_bits(marker.bits) << " bits)";
        }
        out << '\n';
    }
    if (file.report.omitted_markers != 0) {
        out << file.path << ": " << file.report.omitted_markers
            << " more occurrences of habits already listed are not shown (--all-markers lists "
               "them)\n";
    }
    if (!file.verdict) return;
    out << file.path << ": attacker: " << attacker::describe(*file.verdict, *file.candidates)
        << '\n';
    const auto telling = attacker::telling_sentences(*file.verdict);
    for (std::size_t i = 0; i < telling.size() && i < kTellingSentences; ++i) {
        if (telling[i]->share < kTellingShare) break;
        const LineColumn at = positions.position(telling[i]->span.begin);
        out << file.path << ':' << at.line + 1 << ':' << at.character + 1
            << ": note: this sentence carries " << std::lround(100 * telling[i]->share)
            << " % of the attacker's evidence that you wrote the text: "
            << joined(telling[i]->evidence) << " [attacker-evidence]\n";
    }
}

nlohmann::json to_json(const FileReport& file) {
    // Columns in UTF-16 code units, as LSP counts them.
    const PositionMap positions(file.source, PositionEncoding::Utf16);
    nlohmann::json markers = nlohmann::json::array();
    for (const Marker& marker : file.report.markers) {
        const Span first = marker.spans.front();
        nlohmann::json fixes = nlohmann::json::array();
        for (const Fix& fix : marker.fixes) {
            fixes.push_back({{"title", fix.title},
                             {"newText", fix.new_text},
                             {"keepsAppearance", fix.keeps_appearance}});
        }
        markers.push_back({
            {"code", marker.code},
            {"severity", severity_name(severity_of(marker))},
            {"message", marker.message},
            {"bits", marker.bits},
            {"populationBits", marker.population_bits},
            {"range",
             {{"start", position_json(positions.position(first.begin))},
              {"end", position_json(positions.position(first.end))}}},
            {"byteRange", {first.begin, first.end}},
            {"fixes", std::move(fixes)},
        });
        // The habit's other occurrences this marker stands for (AnalysisOptions::
        // group_by_paragraph), as an editor's related locations.
        if (marker.spans.size() > 1) {
            nlohmann::json more = nlohmann::json::array();
            for (std::size_t i = 1; i < marker.spans.size(); ++i)
                more.push_back({marker.spans[i].begin, marker.spans[i].end});
            markers.back()["moreByteRanges"] = std::move(more);
        }
    }
    nlohmann::json result = {
        {"file", file.path},
        {"bits", file.report.total_bits},
        {"words", file.report.word_count},
        {"omittedMarkers", file.report.omitted_markers},
        {"summary", describe_total(file.report, file.profiled, file.report.reference_writers)},
        {"referenceWriters", file.report.reference_writers},
        {"readFirst", most_identifying(file.report, kReadFirst)},
        {"markers", std::move(markers)}};
    if (!file.report.failed_detectors.empty()) {
        // A detector's bug: its markers are missing from this report (see failure_message).
        nlohmann::json failed = nlohmann::json::array();
        for (const DetectorFailure& failure : file.report.failed_detectors)
            failed.push_back({{"code", failure.code}, {"message", failure_message(failure)}});
        result["failedDetectors"] = std::move(failed);
    }
    if (file.profiled) {
        // The habits that tie the text to the profile's writer most: what to change first.
        nlohmann::json links = nlohmann::json::array();
        for (const FeatureLink& link : file.report.links) {
            if (link.bits <= 0 || links.size() == kShownLinks) break;
            links.push_back({{"feature", link.feature}, {"bits", link.bits}});
        }
        result["links"] = std::move(links);
    }
    if (file.verdict)
        result["attacker"] = attacker::verdict_json(*file.verdict, *file.candidates, positions);
    return result;
}

}  // namespace fantasma::cli
