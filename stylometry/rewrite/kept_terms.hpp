#pragma once
// The prose the deterministic rewrite keeps byte-identical because it names or numbers
// something: a fix there would change a name, an identifier or a figure, however good the
// habit it removes.
#include <string_view>
#include <vector>

#include "stylometry/document.hpp"
#include "stylometry/reference.hpp"
#include "stylometry/span.hpp"

namespace fantasma {

// Prose spans (into Document::prose.text), unsorted, of:
// - technical words (technical_words.hpp): written in code, URLs or commands elsewhere in the
//   document, or shaped like identifiers; and hyphenated names: chains of three parts or
//   more (test-tls-destroy-whilst-write), or of two where one is no word (systemd-timesyncd);
// - acronyms: capitals of up to six letters (REST, SALT, USDA) unless one of the commonest
//   words (NOT, NEVER), and capitals of any length that the document writes so more than once;
// - figures that are part of something larger: a group of several (+49 89 1234567), one
//   joined to letters or to another figure by . - / : (v2.10, 2020-12-31, 10:30);
// - citations: what square brackets hold ([Jones et al. 1990], [12]) and parentheses that
//   hold a year after a name or "et al." ((Jones, 1990));
// - calls written in the prose: a name and its arguments (generateKey('hmac', ...)).
std::vector<Span> kept_terms(const Document& document, const Reference& reference);

// Source spans of what the document shows as the output of an example: the rest of a source
// line after an arrow (`\citet{jon90} --> Jones et al. (1990)`, `=>`, `⇒`, `→`,
// `$\Rightarrow$`). Documentation quotes there what a program prints, which is not the
// writer's to restyle.
std::vector<Span> example_outputs(std::string_view source);

}  // namespace fantasma
