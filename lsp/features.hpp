#pragma once
// What the editor shows for an analysed document: diagnostics, hover, code actions. Pure
// functions of a snapshot (text + report) and a request, so they are tested without a
// server or a client.
#include <optional>
#include <string>
#include <vector>

#include "lsp/protocol.hpp"
#include "lsp/text_edit.hpp"
#include "lsp/workspace.hpp"

namespace fantasma::lsp {

// Commands the server executes (workspace/executeCommand), listed in its capabilities.
inline constexpr std::string_view kIgnoreInWorkspaceCommand = "fantasma.ignoreInWorkspace";
inline constexpr std::string_view kResetWorkspaceIgnoresCommand = "fantasma.resetWorkspaceIgnores";
// The model rewrite of a passage: arguments [{uri, version, range}]. The first applies the
// result with workspace/applyEdit, the second only returns it (and shows a summary).
inline constexpr std::string_view kRewriteWithModelCommand = "fantasma.rewriteWithModel";
inline constexpr std::string_view kPreviewRewriteCommand = "fantasma.previewRewrite";

// The code action that applies every fix keeping the text's appearance (Fix::keeps_appearance):
// invisible characters removed, look-alike letters and odd spaces made plain.
inline constexpr std::string_view kRemoveInvisibleTitle =
    "Remove invisible characters and look-alike letters in this document";

int lsp_severity(const Marker& marker);  // 2 warning, 3 information, 4 hint

// A document checked as a double-blind submission (the `doubleBlind` setting; by default a
// LaTeX review copy, stylometry/double_blind.hpp): its self-identifying findings come first,
// as errors, and its summary carries the verdict `fantasma check --double-blind` prints.
struct DoubleBlind {
    bool on = false;
    std::size_t included_leaks = 0;  // in the files a LaTeX main file includes, and its .bib
    json built_pdf;  // a LaTeX main file's built PDF (built_pdf.hpp, to_json), null if none
};

std::vector<Diagnostic> diagnostics_for(const Snapshot& snapshot, PositionEncoding encoding,
                                        bool double_blind = false);

// The `fantasma/summary` notification's params.
json summary_for(const Snapshot& snapshot, DoubleBlind double_blind = {},
                 PositionEncoding encoding = PositionEncoding::Utf16);

std::optional<Hover> hover_for(const Snapshot& snapshot, Position position,
                               PositionEncoding encoding);

// `model_configured`: also offer the model rewrite of the paragraph (as commands). The bulk
// actions ("Fix all", "Rewrite paragraph") and every word-choice edit (the replacements of the
// snapshot's distinctive words, "Rewrite paragraph/document: word choice") pass the rewrite's
// guards, `analyzer` scoring the document with and without them, and with the snapshot's
// attacker are aimed at it as `fantasma rewrite --profile` is. On an attacker-evidence
// sentence, the edits inside it that lower the attacker's chance of picking the writer.
std::vector<CodeAction> code_actions_for(const Analyzer& analyzer, const Snapshot& snapshot,
                                         const CodeActionParams& params, PositionEncoding encoding,
                                         bool model_configured = false);

// The directive that makes the extractor skip `code` in the block it ends, and where it
// goes for a marker starting at `marker_offset`; nullopt for plain text (no comments).
struct IgnoreInsertion {
    std::size_t offset;
    std::string text;
};
std::optional<IgnoreInsertion> ignore_insertion(std::string_view source, Language language,
                                                std::size_t marker_offset, const std::string& code);

}  // namespace fantasma::lsp
