#pragma once
// What the deterministic rewrite keeps byte-identical although it is prose: quoted material
// (someone else's words, quoted as written) and proper names. Code, math and URLs are not
// prose at all and are guarded separately (non_prose_spans in rewrite.hpp).
#include <vector>

#include "stylometry/document.hpp"
#include "stylometry/reference.hpp"
#include "stylometry/span.hpp"

namespace fantasma {

// Source byte ranges, sorted and merged, that no deterministic fix may change:
// - what lies between a pair of quotation marks ("...", “...”, ‘...’) within one block, and
//   every block quotation. The marks themselves may change style; their contents may not.
//   A paragraph after one that ends with a comma or "says:"/"writes:"… is a quotation set
//   off without marks.
// - legal text, binding as worded: a block that names two of a licence's terms (licence,
//   copyright, warranty, redistribution, liability…), and a block set in capitals (a
//   disclaimer).
// - names: a capitalised word that does not open its sentence ("Labour" in "the Labour
//   Party"), or one with a capital after a small letter (iPhone, McDonald). A possessive
//   ending ("Edna’s") is not part of the name, so its apostrophe may change style. The
//   pronoun I and its contractions are no names. Words in capitals are left to the
//   capitalization detector, which tells acronyms (PACE, USDA) from emphasis.
// - technical words, acronyms, figures that belong to something larger, citations and the
//   outputs of examples (kept_terms.hpp).
std::vector<Span> kept_spans(const Document& document,
                             const Reference& reference = Reference::builtin());

}  // namespace fantasma
