#pragma once
// A writer's personal profile: their habits measured over their own known writing, which is
// what an adversary would compare an anonymous text against.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/document.hpp"

namespace fantasma {

// The writer's documents under `directory` (recursively: .md, .markdown, .tex, .txt), sorted
// so that a profile does not depend on the order in which the file system lists them. Throws
// std::runtime_error with a readable message when the directory cannot be read.
std::vector<std::filesystem::path> profile_documents(const std::filesystem::path& directory);

class Profile {
  public:
    // Adds one document's measurements.
    void add(const Report& report);
    // Adds one document's words, for word_per_million.
    void add_words(const Document& document);
    // Reads every .md/.markdown/.tex/.txt file under `directory` (recursively). A file that
    // is not UTF-8 is read in the single-byte encoding its bytes suggest; a file that cannot
    // be read at all (binary, too large, not permitted) or measured (an internal error) is
    // skipped. notes() names each, and each detector that failed on a file.
    // Throws std::runtime_error with a readable message when the directory cannot be read or
    // holds no usable text. The files in `excluded` (the documents being checked, which a
    // writer's folder often holds) are left out, and notes() says so: a profile is the
    // writer's *other* texts, as an attacker would hold them.
    static Profile from_directory(const std::filesystem::path& directory, const Analyzer& analyzer,
                                  const std::vector<std::filesystem::path>& excluded = {});

    const Measurement* find(std::string_view feature) const;
    std::size_t documents() const { return documents_; }
    std::size_t words() const { return words_; }
    // How often the writer uses a lower-case word, per million of the words added with
    // add_words (0 when never): what the rewrite's word-choice pass replaces first.
    double word_per_million(std::string_view lower_word) const;
    // How many times the writer used a lower-case word in the documents added with add_words.
    std::size_t word_uses(std::string_view lower_word) const;
    // One line per file skipped or read in a guessed encoding: "'PATH' skipped: REASON",
    // "'PATH' is not UTF-8: read as ...".
    const std::vector<std::string>& notes() const { return notes_; }

  private:
    std::map<std::string, Measurement, std::less<>> measurements_;
    std::size_t documents_ = 0;
    std::size_t words_ = 0;
    std::map<std::string, double, std::less<>> word_counts_;
    double counted_words_ = 0;
    std::vector<std::string> notes_;
};

}  // namespace fantasma
