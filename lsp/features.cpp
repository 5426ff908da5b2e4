#include "lsp/features.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <tuple>

#include "attacker/aim.hpp"
#include "attacker/verdict_json.hpp"
#include "lsp/distinctive_words.hpp"
#include "stylometry/document.hpp"
#include "stylometry/double_blind.hpp"
#include "stylometry/extract/extract.hpp"
#include "stylometry/rewrite/phrase_table.hpp"
#include "stylometry/rewrite/rewrite.hpp"
#include "stylometry/summary.hpp"

namespace fantasma::lsp {
namespace {

constexpr std::size_t kMaxRelatedLocations = 50;
constexpr int kErrorSeverity = 1;        // a leak in a double-blind submission
constexpr int kHintSeverity = 4;         // the writer's distinctive words
constexpr int kInformationSeverity = 3;  // the sentences that give the writer away
constexpr std::string_view kAttackerEvidenceCode = "attacker-evidence";
// At most this many attacker-evidence diagnostics: a handful per screen, the strongest.
constexpr std::size_t kAttackerSentences = 5;

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

// Identifies a diagnostic across requests: the client echoes it back untouched.
json diagnostic_data(const Snapshot& snapshot, std::string_view code, Span span) {
    return {{"code", code}, {"version", snapshot.version}, {"span", {span.begin, span.end}}};
}

bool matches_data(std::string_view code, Span first_span, const json& data) {
    if (!data.is_object() || data.value("code", json()) != code) return false;
    const json span = data.value("span", json());
    return span.is_array() && span.size() == 2 && span[0] == first_span.begin &&
           span[1] == first_span.end;
}

bool echoed(const CodeActionParams& params, std::string_view code, Span first_span) {
    return std::any_of(
        params.diagnostics.begin(), params.diagnostics.end(),
        [&](const EchoedDiagnostic& d) { return matches_data(code, first_span, d.data); });
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
    result.data = diagnostic_data(snapshot, marker.code, marker.spans.front());
    return result;
}

Diagnostic word_diagnostic(const Snapshot& snapshot, const DistinctiveWord& word,
                           const RangeMap& map) {
    Diagnostic result;
    result.range = map.range(word.choice.source);
    result.severity = kHintSeverity;
    result.code = std::string(kWordChoiceCode);
    result.message = distinctive_word_message(word);
    result.data = diagnostic_data(snapshot, kWordChoiceCode, word.choice.source);
    return result;
}

// The sentences shown as attacker-evidence diagnostics: the strongest few, each carrying at
// least the settings' share.
std::vector<const attacker::SentenceEvidence*> shown_evidence(const Snapshot& snapshot) {
    std::vector<const attacker::SentenceEvidence*> shown;
    if (!snapshot.verdict) return shown;
    for (const attacker::SentenceEvidence* sentence :
         attacker::telling_sentences(*snapshot.verdict)) {
        if (shown.size() == kAttackerSentences) break;
        if (sentence->share < snapshot.attacker_evidence_share || sentence->share <= 0) break;
        shown.push_back(sentence);
    }
    return shown;
}

Diagnostic evidence_diagnostic(const Snapshot& snapshot, const attacker::SentenceEvidence& sentence,
                               const RangeMap& map) {
    std::string evidence;
    for (const std::string& part : sentence.evidence)
        evidence += (evidence.empty() ? "" : "; ") + part;
    Diagnostic result;
    result.range = map.range(sentence.span);
    result.severity = kInformationSeverity;
    result.code = std::string(kAttackerEvidenceCode);
    result.message = "This sentence carries " + std::to_string(std::lround(100 * sentence.share)) +
                     " % of the evidence an attacker with your other texts has that you "
                     "wrote this: " +
                     evidence + ". Rewording what is named lowers it most.";
    result.data = diagnostic_data(snapshot, kAttackerEvidenceCode, sentence.span);
    return result;
}

// The sentences that carry most of the attacker's evidence for the writer, as diagnostics.
void add_attacker_diagnostics(const Snapshot& snapshot, const RangeMap& map,
                              std::vector<Diagnostic>& diagnostics) {
    for (const attacker::SentenceEvidence* sentence : shown_evidence(snapshot))
        diagnostics.push_back(evidence_diagnostic(snapshot, *sentence, map));
}

// The first fix of each marker, skipping any that overlaps an earlier one, in source order.
std::vector<fantasma::TextEdit> first_fix_edits(const std::vector<const Marker*>& markers) {
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
    std::vector<fantasma::TextEdit> edits;
    std::size_t covered_to = 0;
    for (const auto& [span, marker] : fixed) {
        if (!edits.empty() && span.begin < covered_to) continue;
        const Fix& fix = marker->fixes.front();
        edits.push_back({span, fix.new_text, marker->code, fix.keeps_appearance});
        covered_to = span.end;
    }
    return edits;
}

std::vector<TextEdit> in_client_units(const std::vector<fantasma::TextEdit>& edits,
                                      const RangeMap& map) {
    std::vector<TextEdit> converted;
    converted.reserve(edits.size());
    for (const fantasma::TextEdit& edit : edits)
        converted.push_back({map.range(edit.source), edit.new_text});
    return converted;
}

// Edits applying the first fix of each marker, skipping any that overlaps an earlier one.
std::vector<TextEdit> first_fixes(const std::vector<const Marker*>& markers, const RangeMap& map) {
    return in_client_units(first_fix_edits(markers), map);
}

// `proposed` through the rewrite's own guards (rewrite_with), within `range` when given: names,
// quotations, figures and non-prose bytes kept, and never a rise of the document's score. What
// a bulk action may do without the writer looking at each edit, as `fantasma rewrite` would;
// with a profile, aimed as `fantasma rewrite --profile` is: the edits that would bring the text
// nearer the writer's other texts are left out.
RewriteResult guarded(const Snapshot& snapshot, const Analyzer& analyzer,
                      std::vector<fantasma::TextEdit> proposed, std::optional<Span> range) {
    if (proposed.empty()) return {};
    RewriteOptions options;
    options.language = snapshot.language;
    options.range = range;
    std::optional<RewriteAim> aim;
    if (snapshot.attacker) {
        aim = attacker::aim_at(*snapshot.attacker, snapshot.language, std::nullopt);
        options.aim = &*aim;
    }
    return rewrite_with(*snapshot.text, std::move(proposed), options, analyzer);
}

// "3 changes", and where the rewrite was aimed, "3 changes: 0.91 → 0.84": the attacker's
// chance of picking the writer before and after them.
std::string changes(const Snapshot& snapshot, const RewriteResult& result) {
    std::string said =
        std::to_string(result.edits.size()) + (result.edits.size() == 1 ? " change" : " changes");
    if (snapshot.attacker) {
        char chances[48];
        std::snprintf(chances, sizeof chances, ": %.2f \u2192 %.2f", result.attacker_before,
                      result.attacker_after);
        said += chances;
    }
    return said;
}

fantasma::TextEdit word_edit(const DistinctiveWord& word, const std::string& replacement) {
    return {word.choice.source, replacement, std::string(kWordChoiceCode), false};
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

// The distinctive words under [range_begin, range_end] or echoed by the client, nearest first.
std::vector<const DistinctiveWord*> selected_words(const Snapshot& snapshot,
                                                   const CodeActionParams& params,
                                                   std::size_t range_begin, std::size_t range_end) {
    std::vector<const DistinctiveWord*> words;
    if (!snapshot.distinctive_words) return words;
    for (const DistinctiveWord& word : *snapshot.distinctive_words) {
        const Span span = word.choice.source;
        const bool under_range = span.begin <= range_end && range_begin <= span.end;
        if (under_range || echoed(params, kWordChoiceCode, span)) words.push_back(&word);
    }
    std::ranges::stable_sort(words, [&](const DistinctiveWord* a, const DistinctiveWord* b) {
        return nearness(a->choice.source, range_begin, range_end) <
               nearness(b->choice.source, range_begin, range_end);
    });
    return words;
}

// "Replace with 'bought'" for each replacement of each word that passes the rewrite's guards
// (best first; the nearest word's best is preferred when `preferred`), then "Ignore
// 'word-choice' in this workspace".
std::vector<CodeAction> word_quick_fixes(const Analyzer& analyzer, const Snapshot& snapshot,
                                         const std::vector<const DistinctiveWord*>& words,
                                         bool preferred, const RangeMap& map) {
    std::vector<CodeAction> actions;
    for (const DistinctiveWord* word : words) {
        const Diagnostic shown = word_diagnostic(snapshot, *word, map);
        for (const std::string& replacement : word->choice.replacements) {
            const RewriteResult result =
                guarded(snapshot, analyzer, {word_edit(*word, replacement)}, std::nullopt);
            if (result.edits.empty()) continue;
            actions.push_back({"Replace with '" + replacement + "'",
                               "quickfix",
                               {shown},
                               preferred && actions.empty(),
                               snapshot.uri,
                               in_client_units(result.edits, map),
                               std::nullopt});
        }
    }
    if (!words.empty()) {
        const std::string title = "Ignore '" + std::string(kWordChoiceCode) + "' in this workspace";
        actions.push_back({title,
                           "quickfix",
                           {word_diagnostic(snapshot, *words.front(), map)},
                           false,
                           "",
                           {},
                           Command{title, std::string(kIgnoreInWorkspaceCommand),
                                   json::array({std::string(kWordChoiceCode)})}});
    }
    return actions;
}

// "Rewrite paragraph: word choice (N changes)" for the paragraph around `offset` and "Rewrite
// document: word choice (N changes)", when that paragraph has distinctive words: each word's
// best replacement, through the rewrite's guards; an action is left out when none is left.
std::vector<CodeAction> word_rewrites(const Analyzer& analyzer, const Snapshot& snapshot,
                                      std::size_t offset, const RangeMap& map) {
    std::vector<CodeAction> actions;
    if (!snapshot.distinctive_words || snapshot.distinctive_words->empty()) return actions;
    const std::optional<Span> block = block_around(snapshot, offset);
    if (!block) return actions;
    std::vector<fantasma::TextEdit> in_paragraph;
    std::vector<fantasma::TextEdit> everywhere;
    for (const DistinctiveWord& word : *snapshot.distinctive_words) {
        everywhere.push_back(word_edit(word, word.choice.replacements.front()));
        if (block->begin <= word.choice.source.begin && word.choice.source.end <= block->end)
            in_paragraph.push_back(everywhere.back());
    }
    if (in_paragraph.empty()) return actions;
    const auto offer = [&](const std::string& what, const RewriteResult& result) {
        if (result.edits.empty()) return;
        actions.push_back({"Rewrite " + what + ": word choice (" + changes(snapshot, result) + ")",
                           "refactor.rewrite",
                           {},
                           false,
                           snapshot.uri,
                           in_client_units(result.edits, map),
                           std::nullopt});
    };
    offer("paragraph", guarded(snapshot, analyzer, std::move(in_paragraph), block));
    std::ranges::sort(everywhere, {},
                      [](const fantasma::TextEdit& edit) { return edit.source.begin; });
    offer("document", guarded(snapshot, analyzer, std::move(everywhere), std::nullopt));
    return actions;
}

// "Rewrite sentence in a neutral style with the model" and its preview for `passage`, as
// commands (the model pass runs when the writer picks one).
std::vector<CodeAction> model_rewrites(const Snapshot& snapshot, Span passage,
                                       const std::string& what, const RangeMap& map) {
    const json arguments = json::array(
        {{{"uri", snapshot.uri}, {"version", snapshot.version}, {"range", map.range(passage)}}});
    const std::string apply = "Rewrite " + what + " in a neutral style with the model";
    const std::string preview = "Preview the model's neutral rewrite of the " + what;
    return {{apply,
             "refactor.rewrite",
             {},
             false,
             "",
             {},
             Command{apply, std::string(kRewriteWithModelCommand), arguments}},
            {preview,
             "refactor.rewrite",
             {},
             false,
             "",
             {},
             Command{preview, std::string(kPreviewRewriteCommand), arguments}}};
}

// The attacker-evidence sentences under [range_begin, range_end] or echoed by the client.
std::vector<const attacker::SentenceEvidence*> selected_evidence(const Snapshot& snapshot,
                                                                 const CodeActionParams& params,
                                                                 std::size_t range_begin,
                                                                 std::size_t range_end) {
    std::vector<const attacker::SentenceEvidence*> selected;
    for (const attacker::SentenceEvidence* sentence : shown_evidence(snapshot)) {
        const Span span = sentence->span;
        const bool under_range = span.begin <= range_end && range_begin <= span.end;
        if (under_range || echoed(params, kAttackerEvidenceCode, span))
            selected.push_back(sentence);
    }
    return selected;
}

// For an attacker-evidence sentence: "Lower the attacker's evidence in this sentence (3
// changes: 0.91 → 0.84)", the markers' fixes, the phrase table's replacements and the
// distinctive words' best replacements inside it, through the rewrite's guards and aimed at
// the attacker (only the edits that lower its chance of picking the writer); then the model's
// rewrite of the sentence when a model is set.
std::vector<CodeAction> evidence_actions(const Analyzer& analyzer, const Snapshot& snapshot,
                                         const attacker::SentenceEvidence& sentence,
                                         bool model_configured, const RangeMap& map) {
    std::vector<CodeAction> actions;
    const Span span = sentence.span;
    const auto inside = [&](Span edit) { return span.begin <= edit.begin && edit.end <= span.end; };
    std::vector<const Marker*> markers;
    for (const Marker& marker : snapshot.report->markers)
        if (inside(marker.spans.front())) markers.push_back(&marker);
    std::vector<fantasma::TextEdit> proposed = first_fix_edits(markers);
    const Document document = make_document(*snapshot.text, snapshot.language);
    for (fantasma::TextEdit& edit : PhraseTable::builtin().edits(document))
        if (inside(edit.source)) proposed.push_back(std::move(edit));
    if (snapshot.distinctive_words) {
        for (const DistinctiveWord& word : *snapshot.distinctive_words)
            if (inside(word.choice.source))
                proposed.push_back(word_edit(word, word.choice.replacements.front()));
    }
    if (snapshot.attacker) {
        const RewriteResult result = guarded(snapshot, analyzer, std::move(proposed), span);
        if (!result.edits.empty() && result.attacker_after < result.attacker_before) {
            actions.push_back({"Lower the attacker's evidence in this sentence (" +
                                   changes(snapshot, result) + ")",
                               "quickfix",
                               {evidence_diagnostic(snapshot, sentence, map)},
                               false,
                               snapshot.uri,
                               in_client_units(result.edits, map),
                               std::nullopt});
        }
    }
    if (model_configured) {
        for (CodeAction& action : model_rewrites(snapshot, span, "sentence", map))
            actions.push_back(std::move(action));
    }
    return actions;
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
    if (snapshot.distinctive_words) {
        for (const DistinctiveWord& word : *snapshot.distinctive_words)
            diagnostics.push_back(word_diagnostic(snapshot, word, map));
    }
    if (!double_blind) add_attacker_diagnostics(snapshot, map, diagnostics);
    return diagnostics;
}

json summary_for(const Snapshot& snapshot, DoubleBlind double_blind, PositionEncoding encoding) {
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
    // What the reviewers receive: the PDF built from this main file, checked.
    if (!double_blind.built_pdf.is_null()) summary["builtPdf"] = double_blind.built_pdf;
    // Would an attacker with the writer's other texts pick them out?
    if (snapshot.verdict && !double_blind.on) {
        summary["attacker"] =
            attacker::verdict_json(*snapshot.verdict, snapshot.attacker->candidates(),
                                   PositionMap(*snapshot.text, encoding));
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
    if (snapshot.distinctive_words) {
        for (const DistinctiveWord& word : *snapshot.distinctive_words) {
            if (!word.choice.source.contains(offset)) continue;
            if (!range) range = map.range(word.choice.source);
            if (!markdown.empty()) markdown += "\n\n---\n\n";
            markdown += "**fantasma: " + std::string(kWordChoiceCode) + "** — " +
                        distinctive_word_message(word) + "\n\nAlternatives:";
            for (const std::string& replacement : word.choice.replacements)
                markdown += "\n- " + replacement;
        }
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

std::vector<CodeAction> code_actions_for(const Analyzer& analyzer, const Snapshot& snapshot,
                                         const CodeActionParams& params, PositionEncoding encoding,
                                         bool model_configured) {
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
        if (under_range || echoed(params, marker.code, first)) selected.push_back(&marker);
    }
    // Nearest first: the marker under the cursor, then the others by their distance from it.
    // Neovim 0.7 echoes every diagnostic of the cursor's line, and a writer takes the first
    // action offered; it must fix the word they are on.
    std::stable_sort(selected.begin(), selected.end(), [&](const Marker* a, const Marker* b) {
        return nearness(a->spans.front(), range_begin, range_end) <
               nearness(b->spans.front(), range_begin, range_end);
    });

    // The writer's distinctive words asked about, the same way; their actions go first when
    // one of them is nearer than every marker asked about.
    const std::vector<const DistinctiveWord*> words =
        selected_words(snapshot, params, range_begin, range_end);
    const bool words_first =
        !words.empty() &&
        (selected.empty() || nearness(words.front()->choice.source, range_begin, range_end) <
                                 nearness(selected.front()->spans.front(), range_begin, range_end));
    std::vector<CodeAction> word_fixes;
    if (wanted(params.only, "quickfix"))
        word_fixes = word_quick_fixes(analyzer, snapshot, words, words_first, map);
    if (words_first) actions = std::move(word_fixes);

    std::vector<std::string> codes_done;
    for (const Marker* marker : selected) {
        const Diagnostic shown = diagnostic(snapshot, *marker, map);
        const Range first_range = map.range(marker->spans.front());
        if (wanted(params.only, "quickfix")) {
            for (std::size_t i = 0; i < marker->fixes.size(); ++i) {
                actions.push_back({marker->fixes[i].title,
                                   "quickfix",
                                   {shown},
                                   i == 0 && marker == selected.front() && !words_first,
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
            if (const RewriteResult result =
                    guarded(snapshot, analyzer, first_fix_edits(same_code), std::nullopt);
                result.edits.size() > 1) {
                std::string title = "Fix all " + std::to_string(result.edits.size()) + " '" +
                                    marker->code + "' markers in this document";
                if (snapshot.attacker) title += " (" + changes(snapshot, result) + ")";
                actions.push_back({std::move(title),
                                   "quickfix",
                                   {},
                                   false,
                                   snapshot.uri,
                                   in_client_units(result.edits, map),
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

    if (!words_first) actions.insert(actions.end(), word_fixes.begin(), word_fixes.end());

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

    // Rewrite the paragraph of the first selected marker: every deterministic fix of the
    // paragraph's markers through the rewrite's guards (with a profile, aimed at the attacker);
    // with a model set, the model's rewrite of the paragraph and of the sentence.
    if (!selected.empty() && wanted(params.only, "refactor.rewrite")) {
        if (const auto block = block_around(snapshot, selected.front()->spans.front().begin)) {
            std::vector<const Marker*> inside;
            for (const Marker& marker : markers)
                if (block->begin <= marker.spans.front().begin &&
                    marker.spans.front().end <= block->end)
                    inside.push_back(&marker);
            if (const RewriteResult result =
                    guarded(snapshot, analyzer, first_fix_edits(inside), *block);
                !result.edits.empty()) {
                actions.push_back(
                    {"Rewrite paragraph in a neutral style (" + changes(snapshot, result) + ")",
                     "refactor.rewrite",
                     {},
                     false,
                     snapshot.uri,
                     in_client_units(result.edits, map),
                     std::nullopt});
            }
            if (model_configured) {
                const auto offer = [&](Span passage, const std::string& what) {
                    for (CodeAction& action : model_rewrites(snapshot, passage, what, map))
                        actions.push_back(std::move(action));
                };
                offer(*block, "paragraph");
                const Span sentence =
                    sentence_around(*snapshot.text, *block, selected.front()->spans.front().begin);
                if (sentence != *block) offer(sentence, "sentence");
            }
        }
    }
    // The sentences that give the writer away, asked about: the edits that lower the
    // attacker's evidence, and the model's rewrite.
    for (const attacker::SentenceEvidence* sentence :
         selected_evidence(snapshot, params, range_begin, range_end)) {
        for (CodeAction& action :
             evidence_actions(analyzer, snapshot, *sentence, model_configured, map)) {
            // The model's sentence rewrite may be offered already, for a marker in it.
            const bool offered = std::ranges::any_of(
                actions, [&](const CodeAction& other) { return other.title == action.title; });
            if (wanted(params.only, action.kind) && !offered) actions.push_back(std::move(action));
        }
    }
    if (wanted(params.only, "refactor.rewrite")) {
        const std::size_t at = words.empty() ? range_begin : words.front()->choice.source.begin;
        for (CodeAction& rewrite : word_rewrites(analyzer, snapshot, at, map))
            actions.push_back(std::move(rewrite));
    }
    return actions;
}

}  // namespace fantasma::lsp
