#pragma once
// The deterministic rewrite: removes authorship markers by applying the detectors' own fixes,
// as minimal edits inside a requested range, without touching anything that is not prose.
// No model, JSON or I/O here; the CLI and the language server are thin adapters over this.
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/language.hpp"
#include "stylometry/span.hpp"

namespace fantasma {

class Analyzer;
class Profile;
class Reference;
struct Document;
struct Report;

// Replace the source bytes `source` with `new_text`.
struct TextEdit {
    Span source;
    std::string new_text;
    std::string code;  // the marker the edit removes ("regional-spelling")
    // The edit changes nothing a reader sees (Fix::keeps_appearance): it may touch quotations
    // and names.
    bool keeps_appearance = false;
    friend bool operator==(const TextEdit&, const TextEdit&) = default;
};

// The word-choice pass (word_choice.hpp).
struct WordChoiceOptions {
    // The share of the text's content words (words outside the function-word list) that may
    // change, 0 to 1; 0 turns the pass off.
    double strength = 0;
    // The writer's other texts: the words they use more than the population are replaced
    // first, as an attacker holding those texts would key on them. Without one, the text's
    // own words that it uses more than the population (its rarest) go first.
    const Profile* profile = nullptr;
    // Every replaceable word is a candidate, not only those the writer uses more than the
    // population: for a rewrite aimed at an attacker (RewriteAim), which judges for itself
    // which of them point at the writer.
    bool any_word = false;
};

// One source judged by an aim as edits are tried on it and kept (RewriteAim::edits_of). The
// figures are log-odds, ln(p / (1 - p)) of the attacker's chance p of picking the writer: they
// still tell edits apart where the chance has saturated to 1.
class AimedSource {
  public:
    virtual ~AimedSource() = default;
    // Of the source with the kept edits.
    virtual double log_odds() const = 0;
    // ... with `edit` (in the source's offsets, overlapping no kept edit) made as well.
    virtual double log_odds_with(const TextEdit& edit) const = 0;
    virtual void keep(const TextEdit& edit) = 0;
};

// What a rewrite aims at besides the markers: an attacker's chance of picking the writer
// (attacker/aim.hpp makes one from fantasma's own attacker). With an aim, the edits kept are
// those that do not raise that chance, the largest drop first, until it falls below `target`:
// a marker's fix that would raise it (bring the text nearer the writer's other texts) by more
// than 0.005 is left out, and a word-choice edit that would not lower it.
struct RewriteAim {
    // The attacker's probability of picking the writer from the whole source, 0 to 1.
    std::function<double(std::string_view source)> probability;
    // Stop once the probability is below this; nullopt: every edit that does not raise it.
    std::optional<double> target;
    // Judges the edits of one source (which outlives it) without judging each edited source
    // whole, and gives the same figures; null: `probability` judges each edited source.
    std::function<std::unique_ptr<AimedSource>(std::string_view source)> edits_of;
};

struct RewriteOptions {
    Language language = Language::Text;
    // Only markers whose fixed span lies wholly inside this source byte range are rewritten;
    // nullopt: the whole document.
    std::optional<Span> range;
    WordChoiceOptions word_choice;
    const RewriteAim* aim = nullptr;  // none: every guarded edit is kept
};

struct RewriteResult {
    std::vector<TextEdit> edits;  // sorted by source offset, non-overlapping, inside the range
    std::string text;             // the source with `edits` applied
    // Whole-document total bits (Report::total_bits) before and after the edits.
    double bits_before = 0;
    double bits_after = 0;
    // Fixes left out because applying them would have changed non-prose bytes (code, math,
    // commands, URLs) or the document's markup.
    std::size_t dropped_unsafe = 0;
    // Fixes left out because, with them, the document's total bits rose: fixes interact
    // (making quotation marks straight can make the apostrophes stand out), so a rewrite is
    // only ever kept when it does not raise the score.
    std::size_t dropped_rising = 0;
    // Bits the edits would have reached before those were dropped (bits_after when none were).
    double bits_proposed = 0;
    // With an aim (RewriteOptions::aim): the attacker's probability before and after the
    // edits; the guarded edits left out because they would have raised it, and those not
    // needed once it was below the target.
    double attacker_before = 0;
    double attacker_after = 0;
    std::size_t dropped_raising_attacker = 0;
    std::size_t left_at_target = 0;
    // Detectors that threw on the document or on an edited version of it (a bug in fantasma),
    // once each: the rewrite went on without their fixes, and no edit is kept that makes a
    // detector fail that did not fail on the document as written.
    std::vector<DetectorFailure> failed_detectors;

    // Whether the rewrite was refused: every edit it found raised the score, so none is made.
    bool refused() const { return edits.empty() && dropped_rising > 0; }
};

// Applies the first fix of every non-identity marker (identity markers, such as names and
// e-mail addresses, are the writer's to decide), then the phrase table's replacements
// (phrase_table.hpp) where no fix applies, then the word-choice pass (word_choice.hpp) when
// options.word_choice asks for it. Fixes that keep the text's appearance (removing
// invisible characters, plain letters for look-alikes) come first, and may change quoted
// material and names: what a reader sees stays the same. Of two other overlapping fixes the
// one reported first is kept; one that would change quoted material or a name
// (kept_spans.hpp) is left out. Every edit is checked by re-extracting the rewritten document: an
// edit that changes a byte outside the prose, or turns prose into markup, is dropped. Last,
// while the edits together raise the document's total bits, the edits of the marker whose
// removal lowers the score most are dropped, so the score never rises.
RewriteResult rewrite(std::string_view source, const RewriteOptions& options,
                      const Analyzer& analyzer);

// The guards of rewrite() on edits proposed elsewhere (an editor's "Fix all" of one marker,
// its "Rewrite paragraph"): of `proposed`, those inside options.range that change no quoted
// material, name, self-identifying marker's text or digits (except edits that keep the text's
// appearance) and no non-prose byte; then, while they raise the document's total bits, the
// edits of the marker (TextEdit::code) whose removal lowers the score most are dropped.
RewriteResult rewrite_with(std::string_view source, std::vector<TextEdit> proposed,
                           const RewriteOptions& options, const Analyzer& analyzer);

// The prose a rewrite keeps byte-identical in `document`: kept_spans() (quotations, names,
// technical terms...) and the spans of `report`'s self-identifying markers, sorted and merged.
// What rewrite() and rewrite_with() protect, and what word_choices() takes as `kept`.
std::vector<Span> rewrite_kept_spans(const Document& document, const Report& report,
                                     const Reference& reference);

// `source` with `edits` (sorted, non-overlapping, within the source) applied.
std::string apply_edits(std::string_view source, const std::vector<TextEdit>& edits);
// Adds `edit` in its place to `edits`, sorted by source offset and none overlapping it.
void insert_sorted(std::vector<TextEdit>& edits, const TextEdit& edit);

// Whether `edits` (sorted, non-overlapping) leave every non-prose byte of `source` as it was
// and add no markup: checked by re-extracting the edited document. Cleaning edits
// (keeps_appearance) may change the asides (Prose::asides: alt text, LaTeX comments).
bool keeps_non_prose(std::string_view source, const std::vector<TextEdit>& edits,
                     Language language);

// The source byte ranges that are not verbatim prose in `source` (code, math, commands, URLs,
// markup), sorted and merged: the bytes a rewrite must leave alone.
std::vector<Span> non_prose_spans(std::string_view source, Language language);

}  // namespace fantasma
