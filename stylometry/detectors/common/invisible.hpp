#pragma once
// Shared by the invisible-character detectors (zero-width characters, direction controls,
// tag characters, variation selectors, unusual spaces, soft hyphens, look-alike letters,
// spacing patterns): finding characters as written in the source, the scripts that need
// joiners, and the common shape of their markers.
//
// These characters are fingerprints of two kinds: a canary trap gives each recipient of a
// memo a copy marked differently (a zero-width character here, a Cyrillic letter there), so a
// leaked copy names its recipient; and editors, keyboards and operating systems leave their
// own invisible marks, which follow a writer from text to text. Neither shows on the page.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/detector.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma::invisible {

// One character (or run of them) to clean.
struct Finding {
    Span span;                // into the prose text
    std::string what;         // "invisible zero-width space (U+200B)", starts the message
    std::string replacement;  // what cleaning puts there: "" (removed), " ", a Latin letter
};

// A detector's findings: in the prose (spans into the prose text), and outside it (spans
// into the source): in the asides (Document::asides) or in the source's layout.
struct Findings {
    std::vector<Finding> prose;
    std::vector<Finding> source;
};

// Where an aside's findings are, to follow their `what`: " in an image's alt text".
std::string_view aside_place(Language language);

// Runs `find` (Document -> std::vector<Finding>) on the document and on its asides.
template <class Find>
Findings find_everywhere(const Document& document, Find find);

// The prose's code points that stand in the source as written, with their prose spans.
// A character spelled as markup (`&nbsp;`, LaTeX `~`) is visible in the source and chosen,
// so it is not visited.
template <class Visit>
void for_each_written_char(const Prose& prose, Visit visit);

// The code point before prose offset `at` (0 at the start) and the one at `at` (0 at the end).
char32_t char_before(std::string_view text, std::size_t at);
char32_t char_at(std::string_view text, std::size_t at);

// "U+200B" for a code point.
std::string code_point_name(char32_t cp);

// A letter or mark of a script that joins its letters or writes without spaces (Arabic,
// Persian, the Indic scripts, Thai, CJK...): where zero-width joiners, non-joiners and
// spaces are part of the spelling rather than a mark left on it.
bool in_joining_script(char32_t cp);

// The prose span of the block holding `at`, or of its line when no block does.
Span block_around(const Prose& prose, std::size_t at);

// Whether prose offset `at` lies inside a token of `kind` (tokens sorted by position).
bool inside_token(const std::vector<Token>& tokens, std::size_t at, TokenKind kind);

// Measures `feature` (findings per word, so a profile learns the writer's own invisible
// habits) and marks each finding with `explanation` (where the character usually comes from
// and why it identifies a copy or a writer) and a fix that keeps the text's appearance.
void report(const DetectionContext& context, MarkerSink& sink, std::string_view code,
            std::string_view feature, const Findings& findings, std::string_view explanation,
            std::string_view fix_title);

// Adjacent findings that are all removed become one (a run of zero-width characters is one
// mark to clean); others are kept as they are.
std::vector<Finding> merge_adjacent_removals(std::vector<Finding> findings);

template <class Find>
Findings find_everywhere(const Document& document, Find find) {
    Findings findings{find(document), {}};
    if (document.asides != nullptr) {
        findings.source = find(*document.asides);
        for (Finding& finding : findings.source) {
            finding.span = document.asides->prose.to_source(finding.span);
            finding.what += aside_place(document.prose.language);
        }
    }
    return findings;
}

template <class Visit>
void for_each_written_char(const Prose& prose, Visit visit) {
    const std::string_view text = prose.text;
    for (const Piece& piece : prose.pieces) {
        if (!piece.verbatim) continue;
        for (std::size_t at = piece.text.begin; at < piece.text.end;) {
            const text::Decoded d = text::decode(text, at);
            visit(Span(at, at + d.length), d.cp);
            at += d.length;
        }
    }
}

}  // namespace fantasma::invisible
