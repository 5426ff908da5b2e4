#pragma once
// Incremental edits applied to a document's UTF-8 text, at positions as the client counts
// them (stylometry's LineIndex does the counting, in the encoding the client and the server
// agreed on).
#include <optional>
#include <string>
#include <utility>

#include "stylometry/text/line_index.hpp"

namespace fantasma::lsp {

struct TextChange {
    // [start, end) in the client's units; absent: `text` replaces the whole document.
    std::optional<std::pair<LineColumn, LineColumn>> range;
    std::string text;
};

// Applies one change. Positions past a line's end clamp to it, past the last line to the
// end of the document; a reversed range is read in order (clients never send one on
// purpose, and a tolerant reading keeps the document closest to the client's).
void apply_change(std::string& text, const TextChange& change, PositionEncoding encoding);

}  // namespace fantasma::lsp
