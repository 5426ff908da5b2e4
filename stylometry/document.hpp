#pragma once
// A document ready for the detectors: its source, prose and segmentation, built once.
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "stylometry/prose.hpp"
#include "stylometry/text/segment.hpp"

namespace fantasma {

struct Document {
    std::string_view source;  // not owned: the caller keeps the source alive
    Prose prose;
    Segmentation segmentation;
    std::size_t word_count = 0;  // Word tokens
    // The words of the source's code, URLs and commands (technical_words.hpp): names that
    // the prose may repeat and no fix may change.
    std::unordered_set<std::string> non_prose_words;
    // The prose's asides (Prose::asides) as a document of their own, one block each, whose
    // prose maps back to this source; null when there are none. Only the invisible-character
    // detectors read it: an alt text or a comment is not the writer's prose.
    std::shared_ptr<const Document> asides;
    // Prose spans that are not the writer's running prose, sorted and disjoint: other
    // people's words (text/quotations.hpp) and mail headers (text/mail_headers.hpp). Habits
    // are not read from them and the rewrite keeps them as they are.
    std::vector<Span> not_own_prose;
    // The mail header blocks among them (prose spans), for what needs their fields.
    std::vector<Span> mail_headers;

    const std::vector<Token>& tokens() const { return segmentation.tokens; }
    const std::vector<Sentence>& sentences() const { return segmentation.sentences; }
    std::string_view text(Span prose_span) const { return prose.view(prose_span); }
    // Whether prose offset `offset` is the writer's running prose (not in not_own_prose).
    bool is_own_prose(std::size_t offset) const;
};

Document make_document(std::string_view source, Language language);

}  // namespace fantasma
