#include "lsp/text_edit.hpp"

#include <algorithm>

namespace fantasma::lsp {

std::size_t to_offset(const LineIndex& index, LineColumn position, PositionEncoding encoding) {
    return encoding == PositionEncoding::Utf16 ? index.from_utf16(position)
                                               : index.from_bytes(position);
}

LineColumn to_position(const LineIndex& index, std::size_t offset, PositionEncoding encoding) {
    return encoding == PositionEncoding::Utf16 ? index.to_utf16(offset) : index.to_bytes(offset);
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
