#pragma once
// `fantasma rewrite`: removes authorship markers from a document with the detectors'
// deterministic fixes and, given --model, a language model's rewrite of one passage (kept
// only when it is faithful and less identifying), printing the result, a diff, or rewriting
// the file in place.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "backends/backend_factory.hpp"
#include "cli/attacker_options.hpp"

namespace CLI {
class App;
}

namespace fantasma {
class Analyzer;
}

namespace fantasma::cli {

// The word-choice share `fantasma rewrite` uses unless told otherwise: none. Its judged
// synonyms are right about 19 times in 20 (eval/word_choice/README.md), and the evaluation
// (docs/evaluation.md, "Word choice") shows the pass moving the attacker too little to be
// worth a wrong word the writer did not ask for; --word-choice turns it on.
inline constexpr double kDefaultWordChoice = 0;

struct RewriteCommandOptions {
    std::string file;
    std::string range;          // "L:C-L:C", 1-based, columns in characters; empty: no range
    std::size_t paragraph = 0;  // 1-based block of prose; 0: none
    bool diff = false;
    bool in_place = false;
    std::string language;  // empty: by the file's extension
    // The word-choice pass: the share of content words it may replace (0: off).
    double word_choice = kDefaultWordChoice;
    // The writer's other texts: which words identify them, and the attacker the rewrite is
    // aimed at (its edits kept only when they lower its chance of picking the writer).
    ProfileOptions profile;
    std::optional<double> target;  // stop once that chance is below this
    // The model pass (needs --range or --paragraph): empty model, deterministic only.
    std::string model;
    backends::BackendOptions backend;
    std::size_t candidates = 3;
    std::uint64_t seed = 0;
};

// Registers the subcommand and its flags on `app`, filling `options` when parsed.
CLI::App& add_rewrite_command(CLI::App& app, RewriteCommandOptions& options);

// Rewrites with `analyzer`'s detectors. Writes the rewritten document (or its diff) to `out`, or
// the file itself with --in-place, and one summary line to `err`. Exit status: 0 on success, 1 when
// the file cannot be read or written or the range does not fit the document (the file is then left
// as it was), or when a detector failed on it (named on `err`; the rewrite is made without that
// detector's fixes).
int run_rewrite(const RewriteCommandOptions& options, const Analyzer& analyzer, std::ostream& out,
                std::ostream& err);

}  // namespace fantasma::cli
