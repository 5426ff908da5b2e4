#pragma once
// Spacing that a document's format made, not its writer: what the spacing habits (double-space,
// spacing-pattern, unusual-space) must not count. A careful editor reading nroff's justified
// output, a heading's alignment or a converter's indentation would not call them habits.
#include <cstddef>
#include <string_view>

#include "stylometry/prose.hpp"

namespace fantasma::layout {

// Whether `source` is justified text: its lines padded with two or three spaces between
// words to one right edge, as nroff, `fmt -u` or an editor's fill command write them (the
// NetHack guidebook, man pages rendered to text). Every space in such a file is the
// formatter's, after sentences too.
bool is_justified(std::string_view source);

// Whether prose offset `offset` lies in a heading or a title: their spacing aligns them
// ("# data.table v1.11.2  (08 May 2018)") and is no sentence's.
bool in_heading(const Prose& prose, std::size_t offset);

// Whether the space at `text` offset `at` stands in its line's indentation (only spaces, tabs
// and no-break spaces before it since the line began) or just after a section number that
// opens the line, alone or after a label ("3.2.3.\u00A0How do I...", "Chapter\u00A01.\u00A0"):
// converters to text (DocBook, HTML) write no-break spaces there.
bool is_layout_space(std::string_view text, std::size_t at);

}  // namespace fantasma::layout
