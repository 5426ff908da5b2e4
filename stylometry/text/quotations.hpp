#pragma once
// Other people's words inside a document: what a writer's habits must not be read from (a
// quoted letter's lower-case "i" is its writer's) and what the rewrite keeps as written.
#include <vector>

#include "stylometry/prose.hpp"
#include "stylometry/span.hpp"

namespace fantasma {

// The prose spans (Prose::text) of quoted material, sorted by begin and merged: every block
// quotation; a paragraph after one that ends with a comma or "says:"/"writes:"… (a quotation
// set off without marks), and such lines set off inside a block; and within every other
// block what lies between a pair of quotation marks ("...", “...”, ‘...’), a curly one left
// open quoting to its block's end.
std::vector<Span> quotation_spans(const Prose& prose);

// Whether prose offset `offset` lies in one of `spans` (sorted by begin, disjoint).
bool in_spans(const std::vector<Span>& spans, std::size_t offset);

}  // namespace fantasma
