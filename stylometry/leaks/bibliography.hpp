#pragma once
// Reference-list entries written by the submission's own authors: \bibitem entries of a
// thebibliography environment and the author fields of a BibTeX file.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/marker.hpp"
#include "stylometry/span.hpp"

namespace fantasma::leaks {

struct OwnEntry {
    Span authors;      // source span of the entry's author list
    std::string name;  // the submission author found there, as written in the entry
};

// `authors` as submission_authors() gives them ("maria chen"). A name matches when the
// surname is the same and the first initials agree (when both have one).
std::vector<OwnEntry> own_bibitems(std::string_view latex, std::span<const std::string> authors);
std::vector<OwnEntry> own_bibtex_entries(std::string_view bibtex,
                                         std::span<const std::string> authors);

// The marker both report, with code "bibliography-author".
Marker own_entry_marker(const OwnEntry& entry);

}  // namespace fantasma::leaks
