#pragma once
// How `fantasma check` prints a report: compiler-style text or JSON for tools.
#include <ostream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "attacker/attacker.hpp"
#include "stylometry/analyzer.hpp"
#include "stylometry/text/line_index.hpp"

namespace fantasma::cli {

enum class OutputFormat { Text, Json };

struct FileReport {
    std::string path;
    std::string_view source;
    const Report& report;
    bool profiled = false;  // scored against a personal profile
    // The attacker's verdict on it (attacker/attacker.hpp); null without a profile.
    const attacker::Verdict* verdict = nullptr;
    const attacker::Candidates* candidates = nullptr;
};

// One marker: `path:line:col: severity: message [code]`, then for self-identifying content one
// `path:line:col: note: "text" again [code]` line per further occurrence; columns count
// characters (`positions` in code points).
void write_marker(std::ostream& out, std::string_view path, std::string_view source,
                  const PositionMap& positions, const Marker& marker);

// One line per marker, `path:line:col: severity: message [code]` with a 1-based line and a
// 1-based column counted in characters (code points), then a summary line.
void write_text(std::ostream& out, const FileReport& file);

// {"file","bits","words","markers":[{"code","severity","message","bits","range","byteRange",
// "fixes"}]}; ranges have 0-based lines and UTF-16 characters, as LSP counts them. With a
// profile, "bits" is the signed linking total and "links" lists the habits that link most;
// with an attacker's verdict, "attacker" (attacker/verdict_json.hpp).
nlohmann::json to_json(const FileReport& file);

}  // namespace fantasma::cli
