#include "lsp/features.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <tuple>

#include "stylometry/document.hpp"
#include "stylometry/double_blind.hpp"
#include "stylometry/extract/extract.hpp"
#include "stylometry/rewrite/kept_spans.hpp"
#include "stylometry/summary.hpp"

namespace fantasma::lsp {
namespace {

constexpr std::size_t kMaxRelatedLocations = 50;
constexpr int kErrorSeverity = 1;  // a leak in a double-blind submission

// Ranges and offsets for one snapshot's text in the client's units.
class RangeMap {
  public:
    RangeMap(const std::string& text, PositionEncoding encoding) : positions_(text, encoding) {}
    Range range(Span span) const {
        const LineColumn start = positions_.position(span.begin);
        const LineColumn end = positions_.position(span.end);
        return {{start.line, start.character}, {end.line, end.character}};
    }
    std::size_t offset(Position position) const {
        return positions_.offset({position.line, position.character});
    }

  private:
    PositionMap positions_;
};

std::string format_bits(double bits) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", bits);
    return text;
}

// Identifies a marker across requests: the client echoes it back untouched.
json marker_data(const Snapshot& snapshot, const Marker& marker) {
    return {{"code", marker.code},
            {"version", snapshot.version},
            {"span", {marker.spans.front().begin, marker.spans.front().end}}};
}

bool matches_data(const Marker& marker, const json& data) {
    if (!data.is_object() || data.value("code", json()) != marker.code) return false;
    const json span = data.value("span", json());
    return span.is_array() && span.size() == 2 && span[0] == marker.spans.front().begin &&
           span[1] == marker.spans.front().end;
}

Diagnostic diagnostic(const Snapshot& snapshot, const Marker& marker, const RangeMap& map) {
    Diagnostic result;
    result.range = map.range(marker.spans.front());
    result.severity = lsp_severity(marker);
    result.code = marker.code;
    result.message = marker.message;  // the detectors already quote the reference figure
    result.relatedInformation.reserve(std::min(marker.spans.size() - 1, kMaxRelatedLocations));
    for (std::size_t i = 1; i < marker.spans.size() && i <= kMaxRelatedLocations; ++i)
        result.relatedInformation.push_back(
            {{snapshot.uri, map.range(marker.spans[i])}, "another occurrence"});
    result.data = marker_data(snapshot, marker);
    return result;
}

// Edits applying the first fix of each marker, skipping any that overlaps an earlier one.
std::vector<TextEdit> first_fixes(const std::vector<const Marker*>& markers, const RangeMap& map) {
    // Each marker's first fix at its first span, or at every span of a marker that groups
    // occurrences of one text (Marker::fix_each_span); in source order, never overlapping.
    std::vector<std::pair<Span, const Marker*>> fixed;
    for (const Marker* marker : markers) {
        if (marker->fixes.empty() || marker->identity) continue;
        const std::size_t spans = marker->fix_each_span ? marker->spans.size() : 1;
        for (std::size_t i = 0; i < spans; ++i) fixed.emplace_back(marker->spans[i], marker);
    }
    std::stable_sort(fixed.begin(), fixed.end(),
                     [](const auto& a, const auto& b) { return a.first.begin < b.first.begin; });
    std::vector<TextEdit> edits;
    std::size_t covered_to = 0;
    for (const auto& [span, marker] : fixed) {
        if (!edits.empty() && span.begin < covered_to) continue;
        edits.push_back({map.range(span), marker->fixes.front().new_text});
        covered_to = span.end;
    }
    return edits;
}

// The markers whose first fix changes none of `kept` (kept_spans.hpp: names, terms, figures,
// quotations, citations), or only cleans: what a bulk action may fix without the writer
// looking at each.
std::vector<const Marker*> safe_in_bulk(std::vector<const Marker*> markers,
                                        const std::vector<Span>& kept) {
    std::erase_if(markers, [&](const Marker* marker) {
        if (marker->fixes.empty() || marker->fixes.front().keeps_appearance) return false;
        const Span span = marker->spans.front();
        return std::any_of(kept.begin(), kept.end(), [&](Span run) {
            return span.empty() ? run.begin < span.begin && span.begin < run.end
                                : span.overlaps(run);
        });
    });
    return markers;
}

// The source bytes of the prose block (paragraph, heading, item...) around `offset`.
std::optional<Span> block_around(const Snapshot& snapshot, std::size_t offset) {
    const Prose prose = extract(*snapshot.text, snapshot.language);
    for (const Block& block : prose.blocks) {
        if (block.text.empty()) continue;
        const Span source = prose.to_source(block.text);
        if (source.begin <= offset && offset < source.end) return source;
    }
    return std::nullopt;
}

// The sentence of `block` holding `offset`: from just past the previous . ! ? (and the
// spaces after it) to just past the next one, or the block's ends. A rough cut, enough to
// offer "rewrite sentence": the model pass itself protects what must not change.
Span sentence_around(std::string_view text, Span block, std::size_t offset) {
    const auto ends_sentence = [&](std::size_t at) {
        const char c = text[at];
        return (c == '.' || c == '!' || c == '?') &&
               (at + 1 == block.end || text[at + 1] == ' ' || text[at + 1] == '\n');
    };
    std::size_t begin = block.begin;
    for (std::size_t at = std::min(offset, block.end); at > block.begin; --at) {
        if (ends_sentence(at - 1)) {
            begin = at;
            break;
        }
    }
    while (begin < block.end && (text[begin] == ' ' || text[begin] == '\n')) ++begin;
    std::size_t end = block.end;
    for (std::size_t at = std::max(offset, begin); at < block.end; ++at) {
        if (ends_sentence(at)) {
            end = at + 1;
            break;
        }
    }
    return Span(begin, std::max(begin, end));
}

// How near a span is to the requested range [begin, end], to sort by: the gap between them
// (0 when they touch), then whether the span misses the cursor (begin) itself, then its
// length (the narrower marker is the more specific).
std::tuple<std::size_t, bool, std::size_t> nearness(Span span, std::size_t begin, std::size_t end) {
    const std::size_t gap = span.end < begin   ? begin - span.end
                            : end < span.begin ? span.begin - end
                                               : 0;
    const bool misses_cursor = !(span.begin <= begin && begin < span.end);
    return {gap, misses_cursor, span.end - span.begin};
}

bool wanted(const std::optional<std::vector<std::string>>& only, std::string_view kind) {
    if (!only) return true;
    return std::any_of(only->begin(), only->end(), [&](const std::string& prefix) {
        return kind == prefix || kind.starts_with(prefix + ".");
    });
}

}  // namespace

int lsp_severity(const Marker& marker) {
    switch (severity_of(marker)) {
        case Severity::Warning:
            return 2;
        case Severity::Information:
            return 3;
        case Severity::Hint:
            return 4;
    }
    return 3;
}

std::vector<Diagnostic> diagnostics_for(const Snapshot& snapshot, PositionEncoding encoding,
                                        bool double_blind) {
    std::vector<Diagnostic> diagnostics;
    if (!snapshot.report) return diagnostics;
    const RangeMap map(*snapshot.text, encoding);
    const std::vector<Marker>& markers = snapshot.report->markers;
    std::vector<std::size_t> order(markers.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    if (double_blind) order = double_blind_order(markers);
    diagnostics.reserve(markers.size());
    for (const std::size_t i : order) {
        if (markers[i].spans.empty()) continue;
        diagnostics.push_back(diagnostic(snapshot, markers[i], map));
        if (double_blind && is_leak(markers[i].code)) diagnostics.back().severity = kErrorSeverity;
    }
    return diagnostics;
}

json summary_for(const Snapshot& snapshot, DoubleBlind double_blind) {
    const Report empty;
    const Report& report = snapshot.report ? *snapshot.report : empty;
    // What to read first: self-identifying content, then the strongest habits.
    json read_first = json::array();
    for (const std::size_t i : most_identifying(report, 5)) {
        const Marker& marker = report.markers[i];
        read_first.push_back(
            {{"code", marker.code}, {"bits", marker.bits}, {"message", marker.message}});
    }
    json summary = {{"uri", snapshot.uri},
                    {"version", snapshot.version},
                    {"totalBits", report.total_bits},
                    {"wordCount", report.word_count},
                    {"markerCount", report.markers.size()},
                    {"referenceWriters", report.reference_writers},
                    {"summary", describe_total(report, report.profiled, report.reference_writers)},
                    {"readFirst", std::move(read_first)},
                    {"doubleBlind", double_blind.on}};
    if (double_blind.on) {
        const std::size_t leaks = count_leaks(report.markers) + double_blind.included_leaks;
        summary["leakCount"] = leaks;
        summary["verdict"] = leak_verdict(leaks);
    }
    return summary;
}

std::optional<Hover> hover_for(const Snapshot& snapshot, Position position,
                               PositionEncoding encoding) {
    if (!snapshot.report) return std::nullopt;
    const RangeMap map(*snapshot.text, encoding);
    const std::size_t offset = map.offset(position);
    std::string markdown;
    std::optional<Range> range;
    for (const Marker& marker : snapshot.report->markers) {
        const auto hit = std::find_if(marker.spans.begin(), marker.spans.end(),
                                      [&](Span span) { return span.contains(offset); });
        if (hit == marker.spans.end()) continue;
        if (!range) range = map.range(*hit);
        if (!markdown.empty()) markdown += "\n\n---\n\n";
        markdown += "**fantasma: " + marker.code + "** — " + format_bits(marker.bits) +
                    " bits of identifying information\n\n" + marker.message;
        if (marker.population_bits != marker.bits)
            markdown +=
                "\n\nAcross the population: " + format_bits(marker.population_bits) + " bits.";
        if (!marker.fixes.empty()) {
            markdown += "\n\nAlternatives:";
            for (const Fix& fix : marker.fixes) markdown += "\n- " + fix.title;
        }
        if (marker.identity)
            markdown += "\n\nThis is self-identifying content: fantasma never rewrites it for you.";
    }
    if (!range) return std::nullopt;
    return Hover{markdown, *range};
}

std::optional<IgnoreInsertion> ignore_insertion(std::string_view source, Language language,
                                                std::size_t marker_offset,
                                                const std::string& code) {
    if (language == Language::Text) return std::nullopt;
    marker_offset = std::min(marker_offset, source.size());
    std::size_t line_end = source.find_first_of("\r\n", marker_offset);
    if (line_end == std::string_view::npos) line_end = source.size();
    if (language == Language::Markdown)
        return IgnoreInsertion{line_end, " <!-- fantasma-ignore " + code + " -->"};
    // LaTeX: a comment ending the marker's line, unless the line already has one (the
    // directive would be read as part of it); then a comment line of its own above.
    const std::size_t line_start = source.rfind('\n', marker_offset == 0 ? 0 : marker_offset - 1);
    const std::size_t begin =
        line_start == std::string_view::npos || marker_offset == 0 ? 0 : line_start + 1;
    for (std::size_t i = begin; i < line_end; ++i) {
        if (source[i] == '%' && (i == begin || source[i - 1] != '\\'))
            return IgnoreInsertion{begin, "% fantasma-ignore " + code + "\n"};
    }
    return IgnoreInsertion{line_end, " % fantasma-ignore " + code};
}

std::vector<CodeAction> code_actions_for(const Snapshot& snapshot, const CodeActionParams& params,
                                         PositionEncoding encoding, bool model_configured) {
    std::vector<CodeAction> actions;
    if (!snapshot.report) return actions;
    const RangeMap map(*snapshot.text, encoding);
    const std::size_t range_begin = map.offset(params.range.start);
    const std::size_t range_end = std::max(range_begin, map.offset(params.range.end));
    const auto& markers = snapshot.report->markers;

    // The markers asked about: under the range (the spec's primary input) or echoed by the
    // client's diagnostics (matched by data, never by the echoed range).
    std::vector<const Marker*> selected;
    for (const Marker& marker : markers) {
        const Span first = marker.spans.front();
        const bool under_range = first.begin <= range_end && range_begin <= first.end;
        const bool echoed =
            std::any_of(params.diagnostics.begin(), params.diagnostics.end(),
                        [&](const EchoedDiagnostic& d) { return matches_data(marker, d.data); });
        if (under_range || echoed) selected.push_back(&marker);
    }
    // Nearest first: the marker under the cursor, then the others by their distance from it.
    // Neovim 0.7 echoes every diagnostic of the cursor's line, and a writer takes the first
    // action offered; it must fix the word they are on.
    std::stable_sort(selected.begin(), selected.end(), [&](const Marker* a, const Marker* b) {
        return nearness(a->spans.front(), range_begin, range_end) <
               nearness(b->spans.front(), range_begin, range_end);
    });

    // Bulk actions leave the kept spans alone; found once, when one is offered.
    std::optional<std::vector<Span>> kept;
    const auto bulk = [&](std::vector<const Marker*> markers_to_fix) {
        if (!kept) kept = kept_spans(make_document(*snapshot.text, snapshot.language));
        return safe_in_bulk(std::move(markers_to_fix), *kept);
    };

    std::vector<std::string> codes_done;
    for (const Marker* marker : selected) {
        const Diagnostic shown = diagnostic(snapshot, *marker, map);
        const Range first_range = map.range(marker->spans.front());
        if (wanted(params.only, "quickfix")) {
            for (std::size_t i = 0; i < marker->fixes.size(); ++i) {
                actions.push_back({marker->fixes[i].title,
                                   "quickfix",
                                   {shown},
                                   i == 0 && marker == selected.front(),
                                   snapshot.uri,
                                   {{first_range, marker->fixes[i].new_text}},
                                   std::nullopt});
            }
        }
        const bool first_of_code =
            std::find(codes_done.begin(), codes_done.end(), marker->code) == codes_done.end();
        if (!first_of_code) continue;
        codes_done.push_back(marker->code);

        std::vector<const Marker*> same_code;
        for (const Marker& other : markers)
            if (other.code == marker->code) same_code.push_back(&other);
        if (wanted(params.only, "quickfix")) {
            if (const auto edits = first_fixes(bulk(same_code), map); edits.size() > 1) {
                actions.push_back({"Fix all " + std::to_string(edits.size()) + " '" + marker->code +
                                       "' markers in this document",
                                   "quickfix",
                                   {},
                                   false,
                                   snapshot.uri,
                                   edits,
                                   std::nullopt});
            }
        }
        if (const auto insertion = ignore_insertion(*snapshot.text, snapshot.language,
                                                    marker->spans.front().begin, marker->code);
            insertion && wanted(params.only, "quickfix")) {
            const Range at = map.range({insertion->offset, insertion->offset});
            actions.push_back({"Ignore '" + marker->code + "' here",
                               "quickfix",
                               {shown},
                               false,
                               snapshot.uri,
                               {{at, insertion->text}},
                               std::nullopt});
        }
        if (wanted(params.only, "quickfix")) {
            actions.push_back(
                {"Ignore '" + marker->code + "' in this workspace",
                 "quickfix",
                 {shown},
                 false,
                 "",
                 {},
                 Command{"Ignore '" + marker->code + "' in this workspace",
                         std::string(kIgnoreInWorkspaceCommand), json::array({marker->code})}});
        }
    }

    // Cleaning the whole document of invisible characters and look-alike letters: changes
    // nothing a reader sees, so it is offered as one step. A quick fix beside the marker under
    // the cursor; elsewhere a source action.
    std::vector<const Marker*> invisible;
    for (const Marker& marker : markers)
        if (!marker.fixes.empty() && marker.fixes.front().keeps_appearance)
            invisible.push_back(&marker);
    const bool on_invisible = std::any_of(selected.begin(), selected.end(), [](const Marker* m) {
        return !m->fixes.empty() && m->fixes.front().keeps_appearance;
    });
    const std::string clean_kind = on_invisible ? "quickfix" : "source";
    if (!invisible.empty() && wanted(params.only, clean_kind)) {
        actions.push_back({std::string(kRemoveInvisibleTitle),
                           clean_kind,
                           {},
                           false,
                           snapshot.uri,
                           first_fixes(invisible, map),
                           std::nullopt});
    }

    // Rewrite the paragraph of the first selected marker. Until the model rewriter lands,
    // "neutral style" means every deterministic fix of the paragraph's markers.
    if (!selected.empty() && wanted(params.only, "refactor.rewrite")) {
        if (const auto block = block_around(snapshot, selected.front()->spans.front().begin)) {
            std::vector<const Marker*> inside;
            for (const Marker& marker : markers)
                if (block->begin <= marker.spans.front().begin &&
                    marker.spans.front().end <= block->end)
                    inside.push_back(&marker);
            if (const auto edits = first_fixes(bulk(inside), map); !edits.empty()) {
                actions.push_back({"Rewrite paragraph in a neutral style (" +
                                       std::to_string(edits.size()) + " changes)",
                                   "refactor.rewrite",
                                   {},
                                   false,
                                   snapshot.uri,
                                   edits,
                                   std::nullopt});
            }
            if (model_configured) {
                const auto offer = [&](Span passage, const std::string& what) {
                    const json arguments = json::array({{{"uri", snapshot.uri},
                                                         {"version", snapshot.version},
                                                         {"range", map.range(passage)}}});
                    const std::string apply =
                        "Rewrite " + what + " in a neutral style with the model";
                    const std::string preview =
                        "Preview the model's neutral rewrite of the " + what;
                    actions.push_back(
                        {apply,
                         "refactor.rewrite",
                         {},
                         false,
                         "",
                         {},
                         Command{apply, std::string(kRewriteWithModelCommand), arguments}});
                    actions.push_back(
                        {preview,
                         "refactor.rewrite",
                         {},
                         false,
                         "",
                         {},
                         Command{preview, std::string(kPreviewRewriteCommand), arguments}});
                };
                offer(*block, "paragraph");
                const Span sentence =
                    sentence_around(*snapshot.text, *block, selected.front()->spans.front().begin);
                if (sentence != *block) offer(sentence, "sentence");
            }
        }
    }
    return actions;
}

}  // namespace fantasma::lsp
