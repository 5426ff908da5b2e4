#pragma once
// Line-level recognisers for the Markdown block parser. Each looks at one line (or the rest of
// it, after container prefixes) and says whether it starts a given construct. Positions are
// source byte offsets; `end` is the end of the line's content (before "\r\n" or "\n").
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/span.hpp"

namespace fantasma::markdown {

// A cursor on a line: byte position and visual column (tabs stop every 4 columns).
struct Cursor {
    std::size_t pos = 0;
    std::size_t column = 0;
};

// Skips spaces and tabs; returns the cursor at the first other byte (or `end`).
Cursor skip_indent(std::string_view source, Cursor at, std::size_t end);
bool is_blank(std::string_view source, std::size_t begin, std::size_t end);
// [begin, end) without the spaces and tabs at both edges.
Span trim(std::string_view source, std::size_t begin, std::size_t end);

// `***`, `---`, `___` (three or more, spaces allowed between).
bool is_thematic_break(std::string_view source, std::size_t begin, std::size_t end);
// `===` or `---` alone: the underline of a setext heading.
bool is_setext_underline(std::string_view source, std::size_t begin, std::size_t end);

struct Fence {
    char marker = '`';
    std::size_t length = 0;
};
// A code fence opener (``` or ~~~, three or more; a backtick fence's info has no backtick).
bool starts_fence(std::string_view source, std::size_t begin, std::size_t end, Fence& fence);
bool closes_fence(std::string_view source, std::size_t begin, std::size_t end, const Fence& fence);

// An ATX heading: sets `content` to the heading text without the #s.
bool atx_heading(std::string_view source, std::size_t begin, std::size_t end, Span& content);

// A list marker (- + * or 1. 1)) followed by a space, a tab or the end of the line. `width`
// is the marker's length in bytes.
bool list_marker(std::string_view source, std::size_t begin, std::size_t end, std::size_t& width);

// Raw HTML block start. `kind` 1-5 end at a marker (see html_block_ends), 6-7 at a blank line.
// Kind 7 (any lone tag) cannot interrupt a paragraph, so it is only tried when `may_be_7`.
int html_block_start(std::string_view source, std::size_t begin, std::size_t end, bool may_be_7);
bool html_block_ends(std::string_view source, std::size_t begin, std::size_t end, int kind);

// The values of the `alt` attributes of the <img> tags in the raw HTML source[begin, end):
// readers see them (where the image does not load, and read aloud), though they are no prose.
std::vector<Span> img_alt_values(std::string_view source, std::size_t begin, std::size_t end);

// A GFM table delimiter row (| :--- | ---: |); sets `cells` to its number of cells.
bool table_delimiter_row(std::string_view source, std::size_t begin, std::size_t end,
                         std::size_t& cells);
// The cells of a table row: trimmed content ranges between unescaped pipes.
std::vector<Span> table_cells(std::string_view source, std::size_t begin, std::size_t end);

// A link reference definition `[label]: destination` (optionally a title): sets `label`.
bool reference_definition(std::string_view source, std::size_t begin, std::size_t end,
                          std::string_view& label);
// A footnote definition `[^label]: text`: sets `content_begin` to the start of the text.
bool footnote_definition(std::string_view source, std::size_t begin, std::size_t end,
                         std::size_t& content_begin);

// A reference label as links match it: case-folded (ASCII), whitespace runs as one space.
std::string normalize_label(std::string_view label);

}  // namespace fantasma::markdown
