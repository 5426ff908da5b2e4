#include "stylometry/rewrite/rewrite.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <span>

#include "stylometry/analyzer.hpp"
#include "stylometry/extract/extract.hpp"
#include "stylometry/rewrite/kept_spans.hpp"
#include "stylometry/rewrite/phrase_table.hpp"
#include "stylometry/rewrite/word_choice.hpp"

namespace fantasma {

namespace {

// Whether replacing `edit` would change a byte of `run`. An insertion (empty edit) changes
// the run only when it falls strictly inside it; at its edge it leaves the run's bytes alone.
bool changes(Span edit, Span run) {
    if (edit.empty()) return run.begin < edit.begin && edit.begin < run.end;
    return edit.overlaps(run);
}

// Where source offset `offset`, outside every edit, lands once `edits` are applied.
std::size_t shifted(std::size_t offset, const std::vector<TextEdit>& edits) {
    std::ptrdiff_t delta = 0;
    for (const TextEdit& edit : edits) {
        if (edit.source.end > offset || (edit.source.empty() && edit.source.begin == offset)) {
            break;
        }
        delta += static_cast<std::ptrdiff_t>(edit.new_text.size()) -
                 static_cast<std::ptrdiff_t>(edit.source.size());
    }
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(offset) + delta);
}

void append_merged(std::vector<Span>& spans, Span span) {
    if (span.empty()) return;
    if (!spans.empty() && spans.back().end >= span.begin) {
        spans.back().end = std::max(spans.back().end, span.end);
    } else {
        spans.push_back(span);
    }
}

std::vector<bool> mask_of(const std::vector<Span>& spans, std::size_t size) {
    std::vector<bool> mask(size, false);
    for (const Span span : spans) {
        for (std::size_t at = span.begin; at < span.end && at < size; ++at) mask[at] = true;
    }
    return mask;
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The source's non-prose runs, and among them its asides (Prose::asides: alt text, LaTeX
// comments), which readers see and which cleaning may edit.
struct NonProse {
    std::vector<Span> runs;
    std::vector<Span> asides;
};

std::vector<Span> non_prose_runs(std::string_view source, const Prose& prose) {
    std::vector<Span> verbatim;
    for (const Piece& piece : prose.pieces) {
        if (piece.verbatim && !piece.source.empty()) verbatim.push_back(piece.source);
    }
    std::sort(verbatim.begin(), verbatim.end(), [](Span a, Span b) { return a.begin < b.begin; });
    std::vector<Span> runs;
    std::size_t at = 0;
    for (const Span piece : verbatim) {
        if (piece.begin > at) append_merged(runs, Span(at, piece.begin));
        at = std::max(at, piece.end);
    }
    if (at < source.size()) append_merged(runs, Span(at, source.size()));
    return runs;
}

NonProse non_prose_of(std::string_view source, Language language) {
    Prose prose = extract(source, language);
    return {non_prose_runs(source, prose), std::move(prose.asides)};
}

// A cleaning edit (one that keeps the text's appearance) wholly inside an aside.
bool cleans_aside(const TextEdit& edit, const std::vector<Span>& asides) {
    return edit.keeps_appearance && std::ranges::any_of(asides, [&](Span aside) {
               return aside.begin <= edit.source.begin && edit.source.end <= aside.end;
           });
}

// A cleaning edit that removes the blanks ending a line: the extractors never count them as
// prose, and no markup reads them (the trailing-whitespace detector leaves Markdown's hard
// breaks alone).
bool trims_line_end(std::string_view source, const TextEdit& edit) {
    const Span span = edit.source;
    if (!edit.keeps_appearance || !edit.new_text.empty() || span.empty()) return false;
    const std::string_view old_text = source.substr(span.begin, span.size());
    if (old_text.find_first_not_of(" \t") != std::string_view::npos) return false;
    return span.end == source.size() || source[span.end] == '\n' || source[span.end] == '\r';
}

// Whether `edits` leave every non-prose run of the source byte-identical, except cleaning
// inside its asides and at line ends, and the rewritten document, re-extracted, has no
// non-prose byte that was not non-prose before (no new markup). A non-prose byte may turn
// into prose only if it is whitespace: the extractors decide whether the space beside a code
// span or formula belongs to the prose by what follows it, which is no change to the markup.
// Whether `edit` changes a non-prose byte itself (cleaning inside an aside and at a line end
// aside): no need to re-extract the document to know it is unsafe.
bool touches_non_prose(std::string_view source, const NonProse& non_prose, const TextEdit& edit) {
    if (cleans_aside(edit, non_prose.asides) || trims_line_end(source, edit)) return false;
    return std::ranges::any_of(non_prose.runs, [&](Span run) { return changes(edit.source, run); });
}

bool keeps_non_prose(std::string_view source, const NonProse& non_prose,
                     const std::vector<TextEdit>& edits, Language language) {
    const std::vector<Span>& runs = non_prose.runs;
    for (const TextEdit& edit : edits) {
        if (touches_non_prose(source, non_prose, edit)) return false;
    }
    std::vector<Span> moved;
    for (const Span run : runs) {
        append_merged(moved, Span(shifted(run.begin, edits), shifted(run.end, edits)));
    }
    const std::string text = apply_edits(source, edits);
    const std::vector<bool> expected = mask_of(moved, text.size());
    const std::vector<bool> actual = mask_of(non_prose_spans(text, language), text.size());
    for (std::size_t at = 0; at < text.size(); ++at) {
        if (actual[at] && !expected[at]) return false;
        if (expected[at] && !actual[at] && !is_space(text[at])) return false;
    }
    return true;
}

// The digits of `text`, in order: "1,000" and "1000" share them, "4" and "four" do not.
std::string digits_of(std::string_view text) {
    std::string digits;
    for (const char c : text) {
        if (c >= '0' && c <= '9') digits += c;
    }
    return digits;
}

// Whether replacing `edit` would change a byte of one of `kept` (sorted, non-overlapping).
bool changes_any(Span edit, const std::vector<Span>& kept) {
    // The first kept span ending after the edit begins is the only one it can start inside.
    auto it = std::partition_point(kept.begin(), kept.end(),
                                   [&](Span run) { return run.end <= edit.begin; });
    for (; it != kept.end() && it->begin <= edit.end; ++it) {
        if (changes(edit, *it)) return true;
    }
    return false;
}

// `kept` with the spans of every self-identifying marker added (a heading that opens the
// acknowledgements, a title-block entry): the writer decides on those, and no fix changes
// them except one that keeps their appearance. Sorted and merged, as changes_any wants.
std::vector<Span> with_identity_spans(std::vector<Span> kept, const Report& report) {
    for (const Marker& marker : report.markers) {
        if (marker.identity) kept.insert(kept.end(), marker.spans.begin(), marker.spans.end());
    }
    std::ranges::sort(kept, [](Span a, Span b) { return a.begin < b.begin; });
    std::vector<Span> merged;
    for (Span span : kept) {
        if (!merged.empty() && span.begin <= merged.back().end) {
            merged.back().end = std::max(merged.back().end, span.end);
        } else {
            merged.push_back(span);
        }
    }
    return merged;
}

// What the rewrite proposes, in order of precedence: the first fix of each rewritable marker
// (in the report's order), then the phrase table's replacements.
std::vector<TextEdit> proposals(const Report& report, const Document& document) {
    std::vector<TextEdit> proposed;
    for (const Marker& marker : report.markers) {
        if (marker.identity || marker.fixes.empty() || marker.spans.empty()) continue;
        const Fix& fix = marker.fixes.front();
        proposed.push_back(
            TextEdit{marker.spans.front(), fix.new_text, marker.code, fix.keeps_appearance});
    }
    // Cleaning first: the other fixes were found on the text as it stands, look-alikes and
    // all ("tοday" with a Greek ο is no English word), and must not push the cleaning out.
    std::stable_partition(proposed.begin(), proposed.end(),
                          [](const TextEdit& edit) { return edit.keeps_appearance; });
    std::vector<TextEdit> phrases = PhraseTable::builtin().edits(document);
    proposed.insert(proposed.end(), std::make_move_iterator(phrases.begin()),
                    std::make_move_iterator(phrases.end()));
    return proposed;
}

bool overlap(Span a, Span b) {
    return a.overlaps(b) || (a.empty() && b.contains(a.begin)) ||
           (b.empty() && a.contains(b.begin)) || (a.empty() && b.empty() && a.begin == b.begin);
}

// The proposals inside the range; of overlapping ones, the first. Numbers are protected: a
// fix may change how a number is written (1,000 -> 1000) but never drop or change its digits
// ("4 pages" stays, though the population spells small numbers out). Quoted material and
// names (`kept`) are protected whole, except from edits that keep the text's appearance.
std::vector<TextEdit> candidate_edits(std::string_view source, std::vector<TextEdit> proposed,
                                      const std::optional<Span>& range,
                                      const std::vector<Span>& kept) {
    std::vector<TextEdit> edits;
    for (TextEdit& edit : proposed) {
        const Span span = edit.source;
        if (span.end > source.size()) continue;
        if (range && (span.begin < range->begin || span.end > range->end)) continue;
        if (!edit.keeps_appearance && changes_any(span, kept)) continue;
        const std::string_view old_text = source.substr(span.begin, span.size());
        if (old_text == edit.new_text) continue;
        if (digits_of(old_text) != digits_of(edit.new_text)) continue;
        if (std::none_of(edits.begin(), edits.end(),
                         [&](const TextEdit& chosen) { return overlap(chosen.source, span); })) {
            edits.push_back(std::move(edit));
        }
    }
    std::stable_sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) {
        return a.source.begin < b.source.begin;
    });
    return edits;
}

// Adds to `safe` the edits of `edits` (sorted, none touching a non-prose byte itself) that
// keep the non-prose bytes: a group that passes as a whole is kept, one that fails is halved
// until single edits fail alone. Trying each edit alone re-extracted the whole document once
// an edit (minutes for a 1 MB change log); halving costs a few extractions per unsafe edit.
void add_safe(std::string_view source, const NonProse& non_prose, std::span<const TextEdit> edits,
              Language language, std::vector<TextEdit>& safe) {
    if (edits.empty()) return;
    const std::vector<TextEdit> group(edits.begin(), edits.end());
    if (keeps_non_prose(source, non_prose, group, language)) {
        safe.insert(safe.end(), group.begin(), group.end());
        return;
    }
    if (edits.size() == 1) return;
    const std::size_t half = edits.size() / 2;
    add_safe(source, non_prose, edits.first(half), language, safe);
    add_safe(source, non_prose, edits.subspan(half), language, safe);
}

// The edits that keep the non-prose bytes: those that change none themselves, in groups that
// re-extract without new markup (add_safe), then the survivors together (two harmless groups
// can still combine into markup, say two halves of a `code` span); if the survivors together
// fail, none is applied.
std::vector<TextEdit> safe_edits(std::string_view source, std::vector<TextEdit> edits,
                                 Language language) {
    const NonProse non_prose = non_prose_of(source, language);
    if (keeps_non_prose(source, non_prose, edits, language)) return edits;
    std::erase_if(edits,
                  [&](const TextEdit& edit) { return touches_non_prose(source, non_prose, edit); });
    std::vector<TextEdit> safe;
    add_safe(source, non_prose, edits, language, safe);
    if (keeps_non_prose(source, non_prose, safe, language)) return safe;
    return {};
}

// Whether `failures` names a detector that `baseline` does not.
bool fails_beyond(const std::vector<DetectorFailure>& failures,
                  const std::vector<DetectorFailure>& baseline) {
    return std::ranges::any_of(failures, [&](const DetectorFailure& failure) {
        return std::ranges::none_of(
            baseline, [&](const DetectorFailure& known) { return known.code == failure.code; });
    });
}

// Adds the failures of `report` that `failures` does not name yet.
void note_failures(const Report& report, std::vector<DetectorFailure>& failures) {
    for (const DetectorFailure& failure : report.failed_detectors) {
        if (fails_beyond({failure}, failures)) failures.push_back(failure);
    }
}

// The document's total bits with `edits` applied; `before` is the document's own report.
// Edits on which a detector fails that did not fail on the document score infinitely high:
// with its markers missing the score would look lower than it is, so such edits are never
// kept. Every failure is noted in `result`.
double bits_with(std::string_view source, const std::vector<TextEdit>& edits,
                 const Analyzer& analyzer, const AnalysisOptions& analysis, const Report& before,
                 RewriteResult& result) {
    const Report report = analyzer.analyze(apply_edits(source, edits), analysis);
    note_failures(report, result.failed_detectors);
    if (fails_beyond(report.failed_detectors, before.failed_detectors)) {
        return std::numeric_limits<double>::infinity();
    }
    return report.total_bits;
}

// `edits` without those of marker `code`.
std::vector<TextEdit> without_code(const std::vector<TextEdit>& edits, const std::string& code) {
    std::vector<TextEdit> kept;
    std::ranges::copy_if(edits, std::back_inserter(kept),
                         [&](const TextEdit& edit) { return edit.code != code; });
    return kept;
}

// Drops the edits of one marker code at a time, the one whose removal lowers the score most,
// while the edits raise the score above that of `before`, the document's report. Sets
// result.edits and result.bits_after.
void drop_rising(std::string_view source, const Report& before, const Analyzer& analyzer,
                 const AnalysisOptions& analysis, RewriteResult& result) {
    const double bits_before = before.total_bits;
    while (!result.edits.empty() && result.bits_after > bits_before) {
        std::vector<std::string> codes;
        for (const TextEdit& edit : result.edits) {
            if (std::ranges::find(codes, edit.code) == codes.end()) codes.push_back(edit.code);
        }
        std::vector<TextEdit> best_edits;
        double best_bits = 0;
        bool found = false;
        for (const std::string& code : codes) {
            std::vector<TextEdit> fewer = without_code(result.edits, code);
            const double bits = fewer.empty()
                                    ? bits_before
                                    : bits_with(source, fewer, analyzer, analysis, before, result);
            if (!found || bits < best_bits) {
                best_edits = std::move(fewer);
                best_bits = bits;
                found = true;
            }
        }
        result.dropped_rising += result.edits.size() - best_edits.size();
        result.edits = std::move(best_edits);
        result.bits_after = best_bits;
    }
}

// A rise of the attacker's chance this small is no rise: under the precision a writer is shown
// (0.01). Without it, a text the attacker already would not pick (0.001) lost the fixes of
// its markers for raising that to 0.002.
constexpr double kNoRise = 0.005;

double logistic(double log_odds) {
    return 1 / (1 + std::exp(-log_odds));
}

// An aim without its own AimedSource: every edited source judged whole.
class WholeSource final : public AimedSource {
  public:
    WholeSource(const RewriteAim& aim, std::string_view source) : aim_(aim), source_(source) {}
    double log_odds() const override { return judged(kept_); }
    double log_odds_with(const TextEdit& edit) const override {
        std::vector<TextEdit> edits = kept_;
        insert_sorted(edits, edit);
        return judged(edits);
    }
    void keep(const TextEdit& edit) override { insert_sorted(kept_, edit); }

  private:
    double judged(const std::vector<TextEdit>& edits) const {
        const double probability = aim_.probability(apply_edits(source_, edits));
        return std::log(probability / (1 - probability));
    }
    const RewriteAim& aim_;
    std::string_view source_;
    std::vector<TextEdit> kept_;
};

// Whether `edit` is one of the word-choice pass's, made to move an attacker rather than to fix
// a marker.
bool is_word_choice(const TextEdit& edit) {
    return edit.code == kWordChoiceCode || edit.code == kFunctionWordMoveCode;
}

// Whether the aim may keep `edit` when it takes the attacker's log-odds from `now` (`before`
// at the start) to `with`. The word-choice pass's edits are there only to move the attacker, so
// they must lower it (in log-odds, which still tell edits apart where the chance shows 1.00);
// a marker's fix may raise the chance by kNoRise, no further than that above where it began.
bool may_keep(const TextEdit& edit, double with, double now, double before) {
    if (is_word_choice(edit)) return with < now;
    return logistic(with) <= logistic(now) + kNoRise &&
           logistic(with) <= logistic(before) + kNoRise;
}

// The edits of `edits` (sorted) that the aim keeps: each is tried alone, and those it may keep
// alone (may_keep) are added, the largest drop first, each kept only when may_keep allows it
// on the text as it then stands (edits interact: two can undo each other's n-grams), until
// the chance falls below the target. Edits the attacker does not see (a double space) stay:
// they still remove markers. Sets result.attacker_before, attacker_after (the edited source
// judged whole), dropped_raising_attacker and left_at_target.
std::vector<TextEdit> aimed(std::string_view source, std::vector<TextEdit> edits,
                            const RewriteAim& aim, RewriteResult& result) {
    const std::unique_ptr<AimedSource> judged =
        aim.edits_of ? aim.edits_of(source) : std::make_unique<WholeSource>(aim, source);
    const double before = judged->log_odds();
    result.attacker_before = result.attacker_after = logistic(before);
    const auto reached = [&](double log_odds) {
        return aim.target && logistic(log_odds) < *aim.target;
    };
    std::vector<std::pair<double, std::size_t>> order;  // (log-odds alone, edit)
    if (!reached(before)) {
        for (std::size_t i = 0; i < edits.size(); ++i) {
            const double alone = judged->log_odds_with(edits[i]);
            if (may_keep(edits[i], alone, before, before)) order.emplace_back(alone, i);
        }
    }
    std::ranges::sort(order);
    std::vector<TextEdit> kept;
    double now = before;
    std::size_t tried = 0;
    for (const auto& [alone, i] : order) {
        if (reached(now)) break;
        ++tried;
        const double with = judged->log_odds_with(edits[i]);
        if (may_keep(edits[i], with, now, before)) {
            judged->keep(edits[i]);
            insert_sorted(kept, edits[i]);
            now = with;
        }
    }
    result.attacker_after =
        kept.empty() ? logistic(now) : aim.probability(apply_edits(source, kept));
    result.left_at_target = reached(before) ? edits.size() : order.size() - tried;
    result.dropped_raising_attacker = edits.size() - kept.size() - result.left_at_target;
    return kept;
}

}  // namespace

std::vector<Span> rewrite_kept_spans(const Document& document, const Report& report,
                                     const Reference& reference) {
    return with_identity_spans(kept_spans(document, reference), report);
}

std::vector<Span> non_prose_spans(std::string_view source, Language language) {
    return non_prose_runs(source, extract(source, language));
}

bool keeps_non_prose(std::string_view source, const std::vector<TextEdit>& edits,
                     Language language) {
    return keeps_non_prose(source, non_prose_of(source, language), edits, language);
}

void insert_sorted(std::vector<TextEdit>& edits, const TextEdit& edit) {
    edits.insert(std::ranges::upper_bound(edits, edit.source.begin, {},
                                          [](const TextEdit& e) { return e.source.begin; }),
                 edit);
}

std::string apply_edits(std::string_view source, const std::vector<TextEdit>& edits) {
    std::string text;
    text.reserve(source.size());
    std::size_t at = 0;
    for (const TextEdit& edit : edits) {
        text.append(source.substr(at, edit.source.begin - at));
        text.append(edit.new_text);
        at = edit.source.end;
    }
    text.append(source.substr(at));
    return text;
}

namespace {

// rewrite_with, given the report of `source` found with `analysis` and the spans it keeps
// (kept_spans and the self-identifying markers').
RewriteResult guarded(std::string_view source, std::vector<TextEdit> proposed,
                      const RewriteOptions& options, const Analyzer& analyzer,
                      const AnalysisOptions& analysis, const Report& before,
                      const std::vector<Span>& kept) {
    std::vector<TextEdit> candidates =
        candidate_edits(source, std::move(proposed), options.range, kept);
    const std::size_t candidate_count = candidates.size();
    RewriteResult result;
    note_failures(before, result.failed_detectors);
    result.edits = safe_edits(source, std::move(candidates), options.language);
    result.dropped_unsafe = candidate_count - result.edits.size();
    if (options.aim) result.edits = aimed(source, std::move(result.edits), *options.aim, result);
    result.bits_before = before.total_bits;
    result.bits_after = result.edits.empty()
                            ? before.total_bits
                            : bits_with(source, result.edits, analyzer, analysis, before, result);
    result.bits_proposed = result.bits_after;
    const std::size_t aimed_edits = result.edits.size();
    drop_rising(source, before, analyzer, analysis, result);
    result.text = apply_edits(source, result.edits);
    // The score's guard may have taken some of the aimed edits back out.
    if (options.aim && result.edits.size() != aimed_edits)
        result.attacker_after = options.aim->probability(result.text);
    return result;
}

}  // namespace

RewriteResult rewrite_with(std::string_view source, std::vector<TextEdit> proposed,
                           const RewriteOptions& options, const Analyzer& analyzer) {
    AnalysisOptions analysis;
    analysis.language = options.language;
    const Report before = analyzer.analyze(source, analysis);
    const Document document = make_document(source, options.language);
    const std::vector<Span> kept = rewrite_kept_spans(document, before, analyzer.reference());
    return guarded(source, std::move(proposed), options, analyzer, analysis, before, kept);
}

RewriteResult rewrite(std::string_view source, const RewriteOptions& options,
                      const Analyzer& analyzer) {
    AnalysisOptions analysis;
    analysis.language = options.language;
    const Report before = analyzer.analyze(source, analysis);
    const Document document = make_document(source, options.language);
    const std::vector<Span> kept = rewrite_kept_spans(document, before, analyzer.reference());
    std::vector<TextEdit> proposed = proposals(before, document);
    // With an aim, its attacker tells which words point at the writer.
    WordChoiceOptions word_choice = options.word_choice;
    word_choice.any_word = word_choice.any_word || options.aim != nullptr;
    std::vector<TextEdit> words =
        word_choice_edits(document, analyzer.reference(), kept, word_choice);
    proposed.insert(proposed.end(), std::make_move_iterator(words.begin()),
                    std::make_move_iterator(words.end()));
    return guarded(source, std::move(proposed), options, analyzer, analysis, before, kept);
}

}  // namespace fantasma
