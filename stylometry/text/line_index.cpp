#include "stylometry/text/line_index.hpp"

#include <algorithm>

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

}  // namespace

LineIndex::LineIndex(std::string_view source) : source_(source) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < source.size(); ++i) {
        // "\r\n", "\n" and a lone "\r" all end a line, as LSP says.
        if (source[i] == '\n' || (source[i] == '\r' && (i + 1 == source.size() || source[i + 1] != '\n'))) {
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

LineColumn LineIndex::to_utf16(std::size_t byte_offset) const {
    const LineColumn bytes = to_bytes(byte_offset);
    std::size_t units = 0;
    std::size_t i = line_starts_[bytes.line];
    const std::size_t end = line_starts_[bytes.line] + bytes.character;
    while (i < end) {
        const std::size_t length = sequence_length(static_cast<unsigned char>(source_[i]));
        units += length == 4 ? 2 : 1;  // astral characters are surrogate pairs in UTF-16
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

std::size_t LineIndex::from_utf16(LineColumn position) const {
    if (position.line >= line_starts_.size()) return source_.size();
    const std::size_t line_end = from_bytes({position.line, source_.size()});
    std::size_t i = line_starts_[position.line];
    std::size_t units = 0;
    while (i < line_end && units < position.character) {
        const std::size_t length = sequence_length(static_cast<unsigned char>(source_[i]));
        units += length == 4 ? 2 : 1;
        i = std::min(i + length, line_end);
    }
    return i;
}

}  // namespace fantasma
