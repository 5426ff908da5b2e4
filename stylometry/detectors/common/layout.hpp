#pragma once
// What a document's format made, not its writer: the spacing habits (double-space,
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
// Whether prose offset `offset` lies in a table's cell.
bool in_table_cell(const Prose& prose, std::size_t offset);

// Whether the space at `text` offset `at` stands in its line's indentation (only spaces, tabs
// and no-break spaces before it since the line began) or just after a section number that
// opens the line, alone or after a label ("3.2.3.\u00A0How do I...", "Chapter\u00A01.\u00A0"):
// converters to text (DocBook, HTML) write no-break spaces there.
bool is_layout_space(std::string_view text, std::size_t at);

// Whether `text` has a space after every full stop, inside words and addresses too ("i. e.",
// "us. example. com"), as some converters and keyboards write it: no full stop is glued
// between two letters, and many stand before a word in lower case. In such a text ". . ." is
// the format's ellipsis and ". word" goes on with its sentence: the writer typed neither.
bool spaces_every_period(std::string_view text);

}  // namespace fantasma::layout
