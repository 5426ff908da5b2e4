#pragma once
// The one home of positions in a document: byte offsets <-> (line, column), with columns in
// bytes (UTF-8), UTF-16 code units (LSP's default) or code points (the CLI's text output,
// which people read). The CLI, the language server and the rewriter all count through here.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace fantasma {

// The unit a column counts: bytes, UTF-16 code units, or code points.
enum class PositionEncoding { Utf8, Utf16, Utf32 };

struct LineColumn {
    std::size_t line = 0;       // 0-based
    std::size_t character = 0;  // 0-based, in the encoding's units
    friend bool operator==(LineColumn, LineColumn) = default;
};

// Line starts only: each conversion walks its line, so it suits a few conversions (an edit's
// range) on a text that changes between them.
class LineIndex {
  public:
    explicit LineIndex(std::string_view source);

    LineColumn position(std::size_t byte_offset, PositionEncoding encoding) const;
    // Clamps a position past a line's end to that end, and past the last line to the end.
    std::size_t offset(LineColumn position, PositionEncoding encoding) const;
    std::size_t line_count() const { return line_starts_.size(); }

    // The UTF-16 and byte forms, for the calls that always want one of them.
    LineColumn to_utf16(std::size_t byte_offset) const {
        return position(byte_offset, PositionEncoding::Utf16);
    }
    std::size_t from_utf16(LineColumn position) const {
        return offset(position, PositionEncoding::Utf16);
    }
    LineColumn to_bytes(std::size_t byte_offset) const;
    std::size_t from_bytes(LineColumn position) const;

  private:
    std::string_view source_;
    std::vector<std::size_t> line_starts_;  // byte offset of each line's first byte
};

// Offset -> position for one text, many times over (every span of every marker): the column
// of every byte offset is computed once, in one pass, so a conversion is a binary search for
// the line and a table look-up instead of a walk along the line. Results equal LineIndex's.
// Keeps a view of `text`: it must outlive this.
class PositionMap {
  public:
    PositionMap(std::string_view text, PositionEncoding encoding);
    LineColumn position(std::size_t offset) const;
    std::size_t offset(LineColumn position) const { return index_.offset(position, encoding_); }
    PositionEncoding encoding() const { return encoding_; }

  private:
    LineIndex index_;
    PositionEncoding encoding_;
    std::vector<std::uint32_t> columns_;  // per byte offset, text.size() + 1; not for bytes
};

}  // namespace fantasma
