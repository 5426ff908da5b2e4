#pragma once
// Prose extracted from a document, with an exact map back to the source.
//
// `text` is the prose of the whole document: the blocks (paragraphs, headings, list items,
// table cells, captions, footnotes) in source order, separated by "\n\n". It is assembled
// from pieces. A verbatim piece is a run of source bytes copied unchanged, so
// text.substr(piece.text) == source.substr(piece.source) (the round-trip property the tests
// check). A synthetic piece stands for markup that reads as something else: LaTeX `~` as
// " ", `\&` as "&", the block separators; its text need not equal its source bytes.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/language.hpp"
#include "stylometry/span.hpp"

namespace fantasma {

struct Piece {
    Span text;    // into Prose::text
    Span source;  // into the source document
    bool verbatim = true;
};

enum class BlockKind { Paragraph, Heading, ListItem, TableCell, Quote, Caption, Footnote, Title };

struct Block {
    Span text;  // into Prose::text, excluding the "\n\n" separators
    BlockKind kind = BlockKind::Paragraph;
};

// `<!-- fantasma-ignore CODE... -->` (Markdown) or `% fantasma-ignore CODE...` (LaTeX): no
// marker with one of `codes` (all codes when empty) inside `text` is reported. The directive
// covers the block that follows it, or its own line's block when it ends a line of prose.
struct IgnoreDirective {
    Span text;  // into Prose::text
    std::vector<std::string> codes;
};

struct Prose {
    Language language = Language::Text;
    std::string text;
    std::vector<Piece> pieces;  // sorted by text offset, contiguous, covering all of `text`
    std::vector<Block> blocks;  // in source order
    std::vector<IgnoreDirective> ignores;
    // Source spans of text that reaches readers but is not the writer's prose: Markdown image
    // alt text (![alt](url), <img alt="...">), LaTeX % comments (uploaded with arXiv sources).
    // Sorted, disjoint, never part of `text`, so no style habit is read from them; the
    // invisible-character detectors scan them (Document::asides) and cleaning may edit them.
    std::vector<Span> asides;

    // Source byte offset of the prose byte at `text_offset` (text.size() maps to the end of
    // the last piece). Inside a synthetic piece: its source begin.
    std::size_t to_source(std::size_t text_offset) const;
    // Source bytes covered by a prose span: from the source of its first byte to the end of
    // the source of its last byte.
    Span to_source(Span text_span) const;
    // The prose offset of a source offset, or npos when the source byte is not prose.
    std::size_t from_source(std::size_t source_offset) const;

    std::string_view view(Span text_span) const {
        return std::string_view(text).substr(text_span.begin, text_span.size());
    }
};

}  // namespace fantasma
