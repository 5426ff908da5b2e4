#pragma once
// Byte offsets <-> (line, column) for a source document, columns in UTF-16 code units as LSP
// counts them by default, or in bytes (for clients that send byte columns).
#include <cstddef>
#include <string_view>
#include <vector>

namespace fantasma {

struct LineColumn {
    std::size_t line = 0;       // 0-based
    std::size_t character = 0;  // 0-based, UTF-16 code units (or bytes, by the call)
    friend bool operator==(LineColumn, LineColumn) = default;
};

class LineIndex {
public:
    explicit LineIndex(std::string_view source);

    LineColumn to_utf16(std::size_t byte_offset) const;
    // Clamps a position past a line's end to that end, and past the last line to the end.
    std::size_t from_utf16(LineColumn position) const;
    LineColumn to_bytes(std::size_t byte_offset) const;
    std::size_t from_bytes(LineColumn position) const;
    std::size_t line_count() const { return line_starts_.size(); }

private:
    std::string_view source_;
    std::vector<std::size_t> line_starts_;  // byte offset of each line's first byte
};

}  // namespace fantasma
