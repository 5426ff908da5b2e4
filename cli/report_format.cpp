#include "cli/report_format.hpp"

#include <cmath>
#include <cstdio>

#include "stylometry/text/line_index.hpp"

namespace fantasma::cli {
namespace {

constexpr std::size_t kShownLinks = 10;

std::string format_bits(double bits) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", bits);
    return buffer;
}

std::string with_thousands(unsigned long long value) {
    std::string digits = std::to_string(value);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
        digits.insert(static_cast<std::size_t>(at), ",");
    }
    return digits;
}

nlohmann::json position_json(LineColumn position) {
    return {{"line", position.line}, {"character", position.character}};
}

}  // namespace

std::string anonymity_set(double bits) {
    if (bits < 30) {
        return "1 in " +
               with_thousands(static_cast<unsigned long long>(std::llround(std::exp2(bits))));
    }
    return "1 in 2^" + std::to_string(static_cast<long long>(std::lround(bits)));
}

void write_marker(std::ostream& out, std::string_view path, std::string_view source,
                  const PositionMap& positions, const Marker& marker) {
    const auto location = [&](std::size_t offset) {
        const LineColumn at = positions.position(offset);
        return std::string(path) + ':' + std::to_string(at.line + 1) + ':' +
               std::to_string(at.character + 1);
    };
    out << location(marker.spans.front().begin) << ": "
        << severity_name(severity_for_bits(marker.bits)) << ": " << marker.message << " ["
        << marker.code << "]\n";
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
            << (file.report.markers.size() == 1 ? " marker" : " markers") << ", "
            << file.report.word_count << " words: enough to single out " << anonymity_set(bits)
            << " writers (habits assumed independent)";
    } else if (bits > 0) {
        out << " linking it to the profile's writer, " << file.report.word_count
            << " words: enough to single them out of " << anonymity_set(bits).substr(5)
            << " writers (habits assumed independent)";
    } else {
        out << ", " << file.report.word_count
            << " words: its habits point away from the profile's writer";
    }
    if (file.report.cancelled) out << " [incomplete: cancelled]";
    out << '\n';
    if (file.report.omitted_markers != 0) {
        out << file.path << ": " << file.report.omitted_markers
            << " more occurrences of habits already listed are not shown (--all-markers lists "
               "them)\n";
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
            {"severity", severity_name(severity_for_bits(marker.bits))},
            {"message", marker.message},
            {"bits", marker.bits},
            {"populationBits", marker.population_bits},
            {"range",
             {{"start", position_json(positions.position(first.begin))},
              {"end", position_json(positions.position(first.end))}}},
            {"byteRange", {first.begin, first.end}},
            {"fixes", std::move(fixes)},
        });
    }
    nlohmann::json result = {{"file", file.path},
                             {"bits", file.report.total_bits},
                             {"words", file.report.word_count},
                             {"omittedMarkers", file.report.omitted_markers},
                             {"markers", std::move(markers)}};
    if (file.profiled) {
        // The habits that tie the text to the profile's writer most: what to change first.
        nlohmann::json links = nlohmann::json::array();
        for (const FeatureLink& link : file.report.links) {
            if (link.bits <= 0 || links.size() == kShownLinks) break;
            links.push_back({{"feature", link.feature}, {"bits", link.bits}});
        }
        result["links"] = std::move(links);
    }
    return result;
}

}  // namespace fantasma::cli
