#include "stylometry/document.hpp"

#include <algorithm>

#include "stylometry/extract/extract.hpp"

namespace fantasma {

Document make_document(std::string_view source, Language language) {
    Document document;
    document.source = source;
    document.prose = extract(source, language);
    document.segmentation = segment(document.prose);
    document.word_count = static_cast<std::size_t>(
        std::ranges::count_if(document.segmentation.tokens,
                              [](const Token& t) { return t.kind == TokenKind::Word; }));
    return document;
}

}  // namespace fantasma
