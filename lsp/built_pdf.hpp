#pragma once
// The PDF a LaTeX main file builds (main.tex -> main.pdf beside it), as the editor shows it:
// whether it is newer than every source of the submission, so that it is what a reviewer
// would receive, and what it would show them (pdf/pdf_leaks.hpp). The main file's summary
// carries it; the command "Check the PDF for a double-blind submission" runs it on demand.
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "lsp/protocol.hpp"
#include "pdf/pdf_leaks.hpp"

namespace fantasma::lsp {

inline constexpr std::string_view kCheckBuiltPdfCommand = "fantasma.checkBuiltPdf";

struct BuiltPdfCheck {
    std::filesystem::path pdf;
    std::filesystem::file_time_type modified;  // when the PDF was written
    bool current = false;                      // written after every source of the submission
    std::vector<pdf::PdfLeak> leaks;
    std::string error;  // why it could not be read ("not a readable PDF: ..."), else empty
};

// The PDF built from the LaTeX file at `main`: the same name with ".pdf", if it exists.
std::optional<std::filesystem::path> built_pdf_of(const std::filesystem::path& main);

// Whether a PDF written at `modified` is newer than every one of `sources`.
bool built_after(std::filesystem::file_time_type modified,
                 std::span<const std::filesystem::path> sources);

// Checks `pdf`, built from `sources` (the main file first, then what it includes).
BuiltPdfCheck check_built_pdf(const std::filesystem::path& pdf,
                              std::span<const std::filesystem::path> sources,
                              const Analyzer& analyzer, std::span<const std::string> public_names);

// The summary's and the command's view: {"file", "current", "leakCount", "verdict",
// "leaks": [{"code", "page", "message", "text"}]}.
json to_json(const BuiltPdfCheck& check);

}  // namespace fantasma::lsp
