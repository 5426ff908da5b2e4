#pragma once
// A LaTeX submission is more than its main file: the files it \input's, \include's and
// \subfile's, and the BibTeX files of \bibliography/\addbibresource. `fantasma check main.tex`
// and the language server check them all, each finding at its own file and line.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/marker.hpp"

namespace fantasma {

struct SubmissionFile {
    enum class Kind { Latex, Bibliography };
    std::filesystem::path path;
    Kind kind = Kind::Latex;
};

struct SubmissionFiles {
    std::vector<SubmissionFile> files;           // the main file first, then in the order found
    std::vector<std::filesystem::path> missing;  // named but not readable
};

// Follows the inclusions of `main` (whose text is `main_source`) recursively, resolving names
// as TeX does from the main file's folder (".tex" added when the name has no extension, ".bib"
// for bibliographies). Each file is listed once; inclusions in % comments do not count.
SubmissionFiles latex_submission_files(const std::filesystem::path& main,
                                       std::string_view main_source);
// The same over files that are not on disk (a source archive's members): `read` gives a
// file's text, or nothing when there is no such file.
using SourceReader = std::function<std::optional<std::string>(const std::filesystem::path& path)>;
SubmissionFiles latex_submission_files(const std::filesystem::path& main,
                                       std::string_view main_source, const SourceReader& read);

// The bibliography-author markers of a BibTeX file's entries written by `authors` (as
// leaks::submission_authors gives them), spans in `bibtex`.
std::vector<Marker> bibliography_leaks(std::string_view bibtex,
                                       const std::vector<std::string>& authors);

// Names never to flag, one a line ('#' starts a comment), from the first `fantasma-names`
// file in `folder` or a folder above it; lower case. Empty when there is none.
std::vector<std::string> read_public_names(const std::filesystem::path& folder);
// The same from one file (a setting, --public-names); throws std::runtime_error when it
// cannot be read.
std::vector<std::string> read_public_names_file(const std::filesystem::path& file);

}  // namespace fantasma
