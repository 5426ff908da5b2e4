#pragma once
// Prose extraction: one function per markup language, each a pure function of the source.
// They never throw on odd input (unbalanced braces, unclosed fences): markup that cannot be
// parsed is treated as prose or skipped, never a crash.
#include <string_view>

#include "stylometry/prose.hpp"

namespace fantasma {

// CommonMark + GFM tables, YAML (---) and TOML (+++) front matter. Skips fenced and indented
// code, inline code, raw HTML, link and image targets, autolinks' markup, reference
// definitions, front matter, $/$$ math. Keeps headings, list items, table cells, link text.
// Image alt text (![alt](url), <img alt="...">) becomes an aside (Prose::asides).
Prose extract_markdown(std::string_view source);
// Skips math ($, $$, \(\), \[\], math environments), commands and their non-prose arguments,
// % comments (asides: Prose::asides), \cite/\ref/\label keys, verbatim-like environments. Keeps the
// prose inside \emph, \textbf, \textit, \section..., \footnote, \caption, \item, \title.
Prose extract_latex(std::string_view source);
// Plain text (plain_text.cpp): blank lines separate paragraphs; lines that read as code,
// markup or drawings are skipped: doctests (">>>" to the next blank line), shell prompts
// ("$ "), reStructuredText directives and literal blocks (after "::"), lines drawn in
// symbols (commit graphs, rules, heading underlines), blocks indented 4 columns or more in a
// document written mostly flush left, and inline roles and literals (":func:`x`", "``x``").
Prose extract_text(std::string_view source);

Prose extract(std::string_view source, Language language);

}  // namespace fantasma
