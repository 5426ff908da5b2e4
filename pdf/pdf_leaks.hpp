#pragma once
// Which of a PDF's entries and which parts of its text would identify the authors to a
// reviewer: `fantasma check --double-blind paper.pdf`. The text layer goes through the same
// detectors as a source file; the entries are judged here, with the rules the source check
// uses for the same fields (leaks/authors.hpp, leaks/user_names.hpp, leaks/links.hpp).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pdf/pdf_file.hpp"
#include "stylometry/analyzer.hpp"

namespace fantasma::pdf {

struct PdfLeak {
    std::string_view code;  // its group's code in kLeakGroups (stylometry/double_blind.hpp)
    int page = 0;           // from 1; 0: the document's own metadata
    std::string message;
    std::string quote;  // what leaks, as the PDF holds it
};

// The leaks of `file`, the document's own first, then page by page. Names in `public_names`
// (lower case) are never reported.
std::vector<PdfLeak> pdf_leaks(const PdfFile& file, const Analyzer& analyzer,
                               std::span<const std::string> public_names = {});

}  // namespace fantasma::pdf
