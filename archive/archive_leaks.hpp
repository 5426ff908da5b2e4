#pragma once
// Which members of a submission's source archive would identify the authors to a reviewer or
// an arXiv reader: `fantasma check --double-blind submission.tar.gz`. Each member is checked
// as what it is: LaTeX sources and bibliographies through the same detectors as on disk
// (comments, \author, self-citations, links), .bbl files for the authors' own entries,
// figures for the names in their metadata, and files nobody meant to send (.git/, build logs
// with home paths, SyncTeX data, backups, .DS_Store, drafts no \input uses) named with why.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "archive/source_archive.hpp"
#include "stylometry/analyzer.hpp"

namespace fantasma::archive {

struct ArchiveLeak {
    std::string_view code;  // its group's code in kLeakGroups (stylometry/double_blind.hpp)
    std::string member;     // the member's path in the archive
    std::size_t line = 0;   // from 1; 0: the member as a whole
    std::string message;
    std::string quote;  // what leaks, as the member holds it
};

// The leaks of `archive`, member by member in the archive's order. Names in `public_names`
// (lower case) are never reported.
std::vector<ArchiveLeak> archive_leaks(const SourceArchive& archive, const Analyzer& analyzer,
                                       std::span<const std::string> public_names = {});

}  // namespace fantasma::archive
