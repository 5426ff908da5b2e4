#include "lsp/text_edit.hpp"

namespace fantasma::lsp {

void apply_change(std::string& text, const TextChange& change, PositionEncoding encoding) {
    if (!change.range) {
        text = change.text;
        return;
    }
    const LineIndex index(text);
    std::size_t begin = index.offset(change.range->first, encoding);
    std::size_t end = index.offset(change.range->second, encoding);
    if (begin > end) std::swap(begin, end);
    text.replace(begin, end - begin, change.text);
}

}  // namespace fantasma::lsp
