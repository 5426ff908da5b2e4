#pragma once
// The model pass of the rewrite: a language model proposes neutral-style rewrites of one
// passage (a sentence or paragraph); each candidate is judged here, and only one that is both
// faithful and less identifying replaces the passage. The model itself is behind
// `CandidateGenerator`, so this file knows nothing of the engine (generator/ adapts it).
#include <cstdint>
#include <functional>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/rewrite/protect.hpp"
#include "stylometry/rewrite/rewrite.hpp"

namespace fantasma {

class Analyzer;

// The instruction for the model: a system and a user message, wrapped in the model's chat
// template by the generator.
struct RewritePrompt {
    std::string system;
    std::string user;
    std::string passage;  // the (protected) passage the user message ends with
};

// What the model is told to remove: one line per marker ("regional-spelling: ...").
struct MarkerToRemove {
    std::string code;
    std::string message;
};

// Asks for a neutral rewrite of `passage` (placeholders in it), naming `markers`.
RewritePrompt rewrite_prompt(std::string_view passage, const std::vector<MarkerToRemove>& markers);

// Called as a candidate's tokens come: the candidate's index and its tokens so far.
using TokenProgress = std::function<void(std::size_t candidate, std::size_t tokens)>;

class CandidateGenerator {
  public:
    virtual ~CandidateGenerator() = default;
    // One rewrite of the prompt's passage, sampled with `seed` (the same seed gives the same
    // text). Stops early, returning what it has, when `stop` is requested. `on_token` gets
    // the number of tokens generated so far after each one.
    virtual std::string generate(const RewritePrompt& prompt, std::uint64_t seed,
                                 std::stop_token stop,
                                 const std::function<void(std::size_t tokens)>& on_token) = 0;
    // One rewrite per seed, candidate i the text generate() gives for seeds[i]; `on_token`
    // gets the candidate's index and its tokens so far. A generator may decode them together
    // (the engine's share each weight read, so `on_token` calls of different candidates
    // interleave); this default runs generate() for each in turn. When `stop` is requested it
    // returns early, with fewer or unfinished candidates, which the caller discards.
    virtual std::vector<std::string> generate_candidates(const RewritePrompt& prompt,
                                                         std::span<const std::uint64_t> seeds,
                                                         std::stop_token stop,
                                                         const TokenProgress& on_token);
};

enum class Verdict {
    Best,             // the winner: fewest bits of all, and fewer than the starting text
    Improves,         // faithful and fewer bits than the starting text, but not the fewest
    NoImprovement,    // faithful, but no fewer bits than the starting text
    LostPlaceholder,  // a placeholder missing, repeated or altered
    ChangedNumber,
    ChangedName,
    DroppedContent,  // more than the allowed share of content words gone
    ChangedMarkup,   // restored, the candidate still adds or changes non-prose bytes
    Empty,
};
std::string_view verdict_name(Verdict verdict);

struct CandidateJudgement {
    std::string raw;   // what the model wrote
    std::string text;  // the passage it would become (placeholders restored); empty if lost
    Verdict verdict = Verdict::Empty;
    double bits = 0;  // whole-document total with this candidate; 0 when not scored
    // With an aim (RewriteOptions::aim): the attacker's chance of picking the writer with this
    // candidate; 0 when not scored.
    double attacker = 0;
};

struct ModelRewriteOptions {
    RewriteOptions rewrite;  // language and range; the range is the passage to rewrite
    std::size_t candidates = 3;
    std::uint64_t seed = 0;          // candidate i is sampled with seed + i
    double max_dropped_share = 0.3;  // of the passage's distinct content words
    std::stop_token stop;
    TokenProgress on_token;  // may be empty
};

struct ModelRewriteResult {
    RewriteResult rewrite;  // the chosen text: the winning candidate's, else the deterministic
    RewriteResult deterministic;  // the deterministic pass alone (the model's starting point)
    std::vector<CandidateJudgement> candidates;
    bool model_won = false;
    bool cancelled = false;  // `stop` was requested: the deterministic result is returned
};

// Judges one candidate for `passage` (a span of `document`, protected as `protected_passage`)
// against `bits_to_beat`; scores it with the analyzer when faithful.
CandidateJudgement judge_candidate(std::string raw, std::string_view document, Span passage,
                                   const ProtectedPassage& protected_passage, double bits_to_beat,
                                   double max_dropped_share, Language language,
                                   const Analyzer& analyzer);

// The deterministic pass on the range, then the model's candidates for the range of its
// result; the faithful candidate with the fewest bits wins if it has fewer than the
// deterministic result. Needs a range (the whole document is too long for one prompt).
// The result's edits are relative to `source` and lie inside the range.
ModelRewriteResult model_rewrite(std::string_view source, const ModelRewriteOptions& options,
                                 const Analyzer& analyzer, CandidateGenerator& generator);

// Minimal edits turning `before` into `after` (a word-level diff, each changed stretch trimmed
// to the bytes that differ), with source offsets shifted by `offset`; none when equal.
std::vector<TextEdit> difference_edits(std::string_view before, std::string_view after,
                                       std::size_t offset, const std::string& code);

}  // namespace fantasma
