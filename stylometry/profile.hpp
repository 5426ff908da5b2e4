#pragma once
// A writer's personal profile: their habits measured over their own known writing, which is
// what an adversary would compare an anonymous text against.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/analyzer.hpp"

namespace fantasma {

class Profile {
public:
    // Adds one document's measurements.
    void add(const Report& report);
    // Reads every .md/.markdown/.tex/.txt file under `directory` (recursively). A file that
    // is not UTF-8 is read in the single-byte encoding its bytes suggest; a file that cannot
    // be read at all (binary, too large, not permitted) is skipped. notes() names both.
    // Throws std::runtime_error with a readable message when the directory cannot be read or
    // holds no usable text.
    static Profile from_directory(const std::filesystem::path& directory,
                                  const Analyzer& analyzer);

    const Measurement* find(std::string_view feature) const;
    std::size_t documents() const { return documents_; }
    std::size_t words() const { return words_; }
    // One line per file skipped or read in a guessed encoding: "'PATH' skipped: REASON",
    // "'PATH' is not UTF-8: read as ...".
    const std::vector<std::string>& notes() const { return notes_; }

  private:
    std::map<std::string, Measurement, std::less<>> measurements_;
    std::size_t documents_ = 0;
    std::size_t words_ = 0;
    std::vector<std::string> notes_;
};

}  // namespace fantasma
