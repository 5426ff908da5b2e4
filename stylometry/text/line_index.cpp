#include "stylometry/text/line_index.hpp"

#include <algorithm>
#include <stdexcept>

namespace fantasma {
namespace {

// Length of the UTF-8 sequence that starts with `lead` (1 for stray continuation bytes, so
// malformed input still advances).
std::size_t sequence_length(unsigned char lead) {
    if (lead < 0xC0) return 1;
    if (lead < 0xE0) return 2;
    if (lead < 0xF0) return 3;
    return 4;
}

// How many columns the sequence of `length` bytes takes in `encoding` (not bytes).
std::size_t units_of(std::size_t length, PositionEncoding encoding) {
    // Astral characters are surrogate pairs in UTF-16.
    return encoding == PositionEncoding::Utf16 && length == 4 ? 2 : 1;
}

}  // namespace

LineIndex::LineIndex(std::string_view source) : source_(source) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < source.size(); ++i) {
        // "\r\n", "\n" and a lone "\r" all end a line, as LSP says.
        if (source[i] == '\n' ||
            (source[i] == '\r' && (i + 1 == source.size() || source[i + 1] != '\n'))) {
            line_starts_.push_back(i + 1);
        }
    }
}

LineColumn LineIndex::to_bytes(std::size_t byte_offset) const {
    byte_offset = std::min(byte_offset, source_.size());
    const auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte_offset);
    const std::size_t line = static_cast<std::size_t>(next - line_starts_.begin()) - 1;
    return {line, byte_offset - line_starts_[line]};
}

LineColumn LineIndex::position(std::size_t byte_offset, PositionEncoding encoding) const {
    const LineColumn bytes = to_bytes(byte_offset);
    if (encoding == PositionEncoding::Utf8) return bytes;
    std::size_t units = 0;
    std::size_t i = line_starts_[bytes.line];
    const std::size_t end = line_starts_[bytes.line] + bytes.character;
    while (i < end) {
        const std::size_t length = sequence_length(static_cast<unsigned char>(source_[i]));
        units += units_of(length, encoding);
        i += length;
    }
    return {bytes.line, units};
}

std::size_t LineIndex::from_bytes(LineColumn position) const {
    if (position.line >= line_starts_.size()) return source_.size();
    const std::size_t begin = line_starts_[position.line];
    std::size_t end = position.line + 1 < line_starts_.size() ? line_starts_[position.line + 1]
                                                               : source_.size();
    // The line's end excludes its terminator.
    while (end > begin && (source_[end - 1] == '\n' || source_[end - 1] == '\r')) --end;
    return std::min(begin + position.character, end);
}

std::size_t LineIndex::offset(LineColumn position, PositionEncoding encoding) const {
    if (encoding == PositionEncoding::Utf8) return from_bytes(position);
    if (position.line >= line_starts_.size()) return source_.size();
    const std::size_t line_end = from_bytes({position.line, source_.size()});
    std::size_t i = line_starts_[position.line];
    std::size_t units = 0;
    while (i < line_end && units < position.character) {
        const std::size_t length = sequence_length(static_cast<unsigned char>(source_[i]));
        units += units_of(length, encoding);
        i = std::min(i + length, line_end);
    }
    return i;
}

PositionMap::PositionMap(std::string_view text, PositionEncoding encoding)
    : index_(text), encoding_(encoding) {
    if (encoding_ == PositionEncoding::Utf8) return;
    if (text.size() >= UINT32_MAX) throw std::length_error("document too large for positions");
    // Walks each line from its start as LineIndex::position does (so a malformed sequence
    // reads the same): an offset's column counts the sequences that start before it.
    columns_.resize(text.size() + 1);
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
        columns_[offset] = units;
        if (offset == next_sequence) {
            const std::size_t length = sequence_length(static_cast<unsigned char>(text[offset]));
            units += static_cast<std::uint32_t>(units_of(length, encoding_));
            next_sequence = offset + length;
        }
    }
    // The end of the text is on the last line, unless that line is empty.
    columns_[text.size()] = index_.to_bytes(text.size()).character == 0 ? 0 : units;
}

LineColumn PositionMap::position(std::size_t offset) const {
    const LineColumn bytes = index_.to_bytes(offset);
    if (encoding_ == PositionEncoding::Utf8) return bytes;
    return {bytes.line, columns_[std::min(offset, columns_.size() - 1)]};
}

}  // namespace fantasma
