#include "lsp/text_edit.hpp"

#include <algorithm>
#include <stdexcept>

namespace fantasma::lsp {

std::size_t to_offset(const LineIndex& index, LineColumn position, PositionEncoding encoding) {
    return encoding == PositionEncoding::Utf16 ? index.from_utf16(position)
                                               : index.from_bytes(position);
}

LineColumn to_position(const LineIndex& index, std::size_t offset, PositionEncoding encoding) {
    return encoding == PositionEncoding::Utf16 ? index.to_utf16(offset) : index.to_bytes(offset);
}

namespace {

// Length of the UTF-8 sequence that starts with `lead`, as LineIndex counts it (1 for a stray
// continuation byte).
std::size_t sequence_length(unsigned char lead) {
    if (lead < 0xC0) return 1;
    if (lead < 0xE0) return 2;
    if (lead < 0xF0) return 3;
    return 4;
}

}  // namespace

PositionMap::PositionMap(std::string_view text, PositionEncoding encoding)
    : index_(text), encoding_(encoding) {
    if (encoding_ != PositionEncoding::Utf16) return;
    if (text.size() >= UINT32_MAX) throw std::length_error("document too large for positions");
    // Walks each line from its start as LineIndex::to_utf16 does (so a malformed sequence
    // reads the same): an offset's column counts the sequences that start before it.
    utf16_columns_.resize(text.size() + 1);
    std::uint32_t units = 0;
    std::size_t line = 0;
    std::size_t next_line_start = 0;
    std::size_t next_sequence = 0;
    for (std::size_t offset = 0; offset < text.size(); ++offset) {
        if (offset == next_line_start) {
            units = 0;
            next_sequence = offset;
            ++line;
            next_line_start =
                line < index_.line_count() ? index_.from_bytes({line, 0}) : text.size();
        }
        utf16_columns_[offset] = units;
        if (offset == next_sequence) {
            const std::size_t length = sequence_length(static_cast<unsigned char>(text[offset]));
            units += length == 4 ? 2 : 1;  // astral characters are surrogate pairs
            next_sequence = offset + length;
        }
    }
    // The end of the text is on the last line, unless that line is empty.
    utf16_columns_[text.size()] = index_.to_bytes(text.size()).character == 0 ? 0 : units;
}

LineColumn PositionMap::position(std::size_t offset) const {
    const LineColumn bytes = index_.to_bytes(offset);
    if (encoding_ != PositionEncoding::Utf16) return bytes;
    return {bytes.line, utf16_columns_[std::min(offset, utf16_columns_.size() - 1)]};
}

void apply_change(std::string& text, const TextChange& change, PositionEncoding encoding) {
    if (!change.range) {
        text = change.text;
        return;
    }
    const LineIndex index(text);
    std::size_t begin = to_offset(index, change.range->first, encoding);
    std::size_t end = to_offset(index, change.range->second, encoding);
    if (begin > end) std::swap(begin, end);
    text.replace(begin, end - begin, change.text);
}

}  // namespace fantasma::lsp
