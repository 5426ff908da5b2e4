#pragma once
// The block structure of a Markdown document: the leaves that hold prose (paragraphs,
// headings, list items, quotes, table cells, footnotes) as lists of source line ranges with
// the container prefixes (">", list indentation) already removed. Code, HTML, math blocks,
// front matter, thematic breaks and reference definitions leave no leaf.
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "stylometry/prose.hpp"

namespace fantasma::markdown {

struct LeafLine {
    std::size_t begin = 0;  // content, trimmed of spaces at both ends
    std::size_t end = 0;
    std::size_t newline = std::string_view::npos;  // the line's "\n", npos on the last line
};

struct Leaf {
    BlockKind kind = BlockKind::Paragraph;
    std::vector<LeafLine> lines;
    // Leaves of the same top-level list, quote or table share this number; an ignore
    // directive before such a construct covers all of it.
    std::size_t construct = 0;
    // A `<!-- fantasma-ignore ... -->` HTML block: no lines, covers the next leaf's block.
    bool is_ignore_directive = false;
    std::vector<std::string> ignore_codes;
};

struct Blocks {
    std::vector<Leaf> leaves;                          // in source order
    std::unordered_set<std::string> reference_labels;  // normalised (see normalize_label)
    std::vector<Span> asides;  // source spans of <img> alt text in HTML blocks (Prose::asides)
};

// Parses source[begin, end) (begin is past any front matter).
Blocks parse_blocks(std::string_view source, std::size_t begin);

// The codes of a `<!-- fantasma-ignore ... -->` comment, or false when `comment` (the text
// between "<!--" and "-->") is not a directive.
bool ignore_directive(std::string_view comment, std::vector<std::string>& codes);

}  // namespace fantasma::markdown
