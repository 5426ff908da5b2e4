#pragma once
// `fantasma check`: analyse documents and list their authorship markers.
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/attacker_options.hpp"
#include "cli/report_format.hpp"

namespace CLI {
class App;
}

namespace fantasma::cli {

struct CheckOptions {
    std::vector<std::string> files;
    OutputFormat format = OutputFormat::Text;
    std::string language;    // empty: by each file's extension
    ProfileOptions profile;  // no folder: score against the population only
    double min_bits = 0;
    bool common_habits = false;  // also list habits more than a quarter of writers share
    bool all_markers = false;    // list every occurrence of a habit, not only the first 1,000
    std::string encoding;        // empty: UTF-8, or a single-byte encoding guessed from the bytes
    // Report only what would identify the authors of a submission under double-blind review,
    // grouped, then a verdict; exit status 3 when there is any.
    bool double_blind = false;
    std::string public_names_file;  // empty: a `fantasma-names` file beside the documents
};

// Registers the subcommand and its flags on `app`, filling `options` when parsed.
CLI::App& add_check_command(CLI::App& app, CheckOptions& options);

// A LaTeX file is checked with the files it includes and its .bib files (submission.hpp), by
// `analyzer`'s detectors. Exit status: 0 when every file was analysed, 1 when some file could
// not be, or a detector failed on it (each named on `err` in one line; the others are still
// analysed, and the failed detector's markers alone are missing), 2 when the profile or the
// public-names file cannot be read, 3 with --double-blind when a leak was found (and every
// file was read).
int run_check(const CheckOptions& options, const Analyzer& analyzer, std::ostream& out,
              std::ostream& err);

}  // namespace fantasma::cli
