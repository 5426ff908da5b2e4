#pragma once
// Positions as the client counts them (UTF-16 code units by default, bytes when the client
// offers "utf-8") and incremental edits applied to a document's UTF-8 text. The counting
// itself is stylometry's LineIndex; this adds the choice of unit and the edit.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/text/line_index.hpp"

namespace fantasma::lsp {

enum class PositionEncoding { Utf16, Utf8 };

std::size_t to_offset(const LineIndex& index, LineColumn position, PositionEncoding encoding);
LineColumn to_position(const LineIndex& index, std::size_t offset, PositionEncoding encoding);

// Offset <-> position conversions for one text, many times over (every span of every
// marker): the UTF-16 column of every byte offset is computed once, in one pass, so a
// conversion is a binary search for the line and a table look-up instead of a scan of the
// line. Results equal to_position/to_offset. Keeps a view of `text`: it must outlive this.
class PositionMap {
  public:
    PositionMap(std::string_view text, PositionEncoding encoding);
    LineColumn position(std::size_t offset) const;
    std::size_t offset(LineColumn position) const { return to_offset(index_, position, encoding_); }

  private:
    LineIndex index_;
    PositionEncoding encoding_;
    std::vector<std::uint32_t>
        utf16_columns_;  // per byte offset, text.size() + 1 of them; UTF-16 only
};

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
