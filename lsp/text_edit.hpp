#pragma once
// Positions as the client counts them (UTF-16 code units by default, bytes when the client
// offers "utf-8") and incremental edits applied to a document's UTF-8 text. The counting
// itself is stylometry's LineIndex; this adds the choice of unit and the edit.
#include <optional>
#include <string>

#include "stylometry/text/line_index.hpp"

namespace fantasma::lsp {

enum class PositionEncoding { Utf16, Utf8 };

std::size_t to_offset(const LineIndex& index, LineColumn position, PositionEncoding encoding);
LineColumn to_position(const LineIndex& index, std::size_t offset, PositionEncoding encoding);

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
