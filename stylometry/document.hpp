#pragma once
// A document ready for the detectors: its source, prose and segmentation, built once.
#include <string_view>

#include "stylometry/prose.hpp"
#include "stylometry/text/segment.hpp"

namespace fantasma {

struct Document {
    std::string_view source;  // not owned: the caller keeps the source alive
    Prose prose;
    Segmentation segmentation;
    std::size_t word_count = 0;  // Word tokens

    const std::vector<Token>& tokens() const { return segmentation.tokens; }
    const std::vector<Sentence>& sentences() const { return segmentation.sentences; }
    std::string_view text(Span prose_span) const { return prose.view(prose_span); }
};

Document make_document(std::string_view source, Language language);

}  // namespace fantasma
