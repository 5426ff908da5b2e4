#include "stylometry/rewrite/kept_spans.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "stylometry/rewrite/kept_terms.hpp"

namespace fantasma {

namespace {

constexpr std::string_view kLeftDouble = "\u201c";   // “
constexpr std::string_view kRightDouble = "\u201d";  // ”
constexpr std::string_view kLeftSingle = "\u2018";   // ‘
constexpr std::string_view kRightSingle = "\u2019";  // ’ (also the apostrophe)

bool is_ascii_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
bool is_ascii_lower(char c) {
    return c >= 'a' && c <= 'z';
}

// Whether the byte before `at` leaves a word (a letter, digit or a UTF-8 byte of one): an
// apostrophe there is inside or at the end of a word, not an opening quotation mark.
bool follows_word(std::string_view text, std::size_t at) {
    if (at == 0) return false;
    const auto c = static_cast<unsigned char>(text[at - 1]);
    return c >= 0x80 || std::isalnum(c) != 0;
}

bool precedes_word(std::string_view text, std::size_t at) {
    if (at >= text.size()) return false;
    const auto c = static_cast<unsigned char>(text[at]);
    return c >= 0x80 || std::isalnum(c) != 0;
}

// The insides of the quotations of one block (prose spans). Straight double quotes pair in
// order; curly ones pair left with right; a curly single quotation opens with ‘ that does not
// follow a word and closes with the first ’ that does not precede one (so "don’t" inside it
// does not close it). A curly opening mark left open quotes to the block's end (a letter
// quoted to the paragraph's end, its closing mark forgotten: EBG's f_17_3.txt); another
// unpaired mark protects nothing (a straight one may be an inch, a ‘ a year's apostrophe).
void add_quotations(std::string_view text, Span block, std::vector<Span>& insides) {
    std::size_t straight_open = std::string_view::npos;
    std::size_t curly_open = std::string_view::npos;
    std::size_t single_open = std::string_view::npos;
    for (std::size_t at = block.begin; at < block.end; ++at) {
        const std::string_view rest = text.substr(at, block.end - at);
        if (text[at] == '"') {
            if (straight_open == std::string_view::npos) {
                straight_open = at + 1;
            } else {
                insides.emplace_back(straight_open, at);
                straight_open = std::string_view::npos;
            }
        } else if (rest.starts_with(kLeftDouble)) {
            curly_open = at + kLeftDouble.size();
        } else if (rest.starts_with(kRightDouble) && curly_open != std::string_view::npos) {
            insides.emplace_back(curly_open, at);
            curly_open = std::string_view::npos;
        } else if (rest.starts_with(kLeftSingle) && !follows_word(text, at)) {
            single_open = at + kLeftSingle.size();
        } else if (rest.starts_with(kRightSingle) && single_open != std::string_view::npos &&
                   !precedes_word(text, at + kRightSingle.size())) {
            insides.emplace_back(single_open, at);
            single_open = std::string_view::npos;
        }
    }
    if (curly_open != std::string_view::npos) insides.emplace_back(curly_open, block.end);
}

bool is_pronoun_i(std::string_view norm) {
    return norm == "i" || norm.starts_with("i'");
}

// The name part of a word: without a possessive ending ('s, ’s, or a lone apostrophe after
// an s), whose apostrophe style the rewrite may change.
Span name_part(std::string_view word, Span span) {
    for (const std::string_view ending : {"'s", "\u2019s", "s'", "s\u2019"}) {
        if (word.size() > ending.size() && word.ends_with(ending)) {
            const std::size_t kept = ending.front() == 's' ? ending.size() - 1 : ending.size();
            return Span(span.begin, span.end - kept);
        }
    }
    return span;
}

// A capitalised word that is not all capitals, or a word with a capital after a small letter.
bool looks_like_name(std::string_view word, bool opens_sentence) {
    const bool inner_capital = std::adjacent_find(word.begin(), word.end(), [](char a, char b) {
                                   return is_ascii_lower(a) && is_ascii_upper(b);
                               }) != word.end();
    if (inner_capital) return true;
    if (opens_sentence || word.empty() || !is_ascii_upper(word.front())) return false;
    return std::any_of(word.begin(), word.end(), is_ascii_lower);
}

void add_names(const Document& document, std::vector<Span>& names) {
    const std::vector<Token>& tokens = document.tokens();
    for (const Sentence& sentence : document.sentences()) {
        bool first_word = true;
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            const Token& token = tokens[i];
            if (token.kind != TokenKind::Word) continue;
            const std::string_view word = document.text(token.text);
            if (!is_pronoun_i(token.norm) && looks_like_name(word, first_word)) {
                names.push_back(name_part(word, token.text));
            }
            first_word = false;
        }
    }
}

// Words of legal text: a licence, a copyright notice or a disclaimer of warranty is binding as
// worded, so a paragraph with two of them is kept as written.
constexpr std::string_view kLegalTerms[] = {"licence",
                                            "license",
                                            "copyright",
                                            "warrant",
                                            "redistribut",
                                            "permission is hereby granted",
                                            "all rights reserved",
                                            "liabilit",
                                            "liable",
                                            "merchantab",
                                            "infring",
                                            "sublicens"};

std::string lower_ascii(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower;
}

// A block set in capitals (a disclaimer, "THE SOFTWARE IS PROVIDED AS IS…"): no sentence of a
// writer's own style, and often legal text.
bool set_in_capitals(std::string_view text) {
    std::size_t upper = 0;
    std::size_t lower = 0;
    for (const char c : text) {
        upper += is_ascii_upper(c) ? 1 : 0;
        lower += is_ascii_lower(c) ? 1 : 0;
    }
    return upper >= 20 && upper >= 4 * lower;
}

bool is_legal_text(std::string_view text) {
    const std::string lower = lower_ascii(text);
    const auto found = std::ranges::count_if(
        kLegalTerms, [&](std::string_view term) { return lower.find(term) != std::string::npos; });
    return found >= 2;
}

// Whether a block that follows `lead_in` is a quotation set off without quotation marks:
// "Dasenbrock says," or "As Smith writes:" ending the block before it (a paragraph of one's
// own never ends with a comma).
bool introduces_quotation(std::string_view lead_in) {
    while (!lead_in.empty() && std::isspace(static_cast<unsigned char>(lead_in.back())) != 0)
        lead_in.remove_suffix(1);
    if (lead_in.ends_with(',')) return true;
    if (!lead_in.ends_with(':')) return false;
    lead_in.remove_suffix(1);
    const std::size_t space = lead_in.find_last_of(" \t\n");
    const std::string last =
        lower_ascii(lead_in.substr(space == std::string_view::npos ? 0 : space + 1));
    for (const std::string_view verb :
         {"says",      "said",    "writes",  "wrote",    "states",    "stated",   "notes",
          "noted",     "argues",  "argued",  "explains", "explained", "observes", "observed",
          "claims",    "claimed", "remarks", "remarked", "declares",  "declared", "concludes",
          "concluded", "asks",    "asked",   "puts",     "put"}) {
        if (last == verb) return true;
    }
    return false;
}

// Lines of a block set off as a quotation: after a line that introduces one, an indented line
// ("Dasenbrock says,⏎⇥Writers can therefore…"), kept to its end.
void add_set_off_lines(std::string_view text, Span block, std::vector<Span>& kept) {
    std::size_t line_start = block.begin;
    while (line_start < block.end) {
        const std::size_t newline = text.find('\n', line_start);
        if (newline == std::string_view::npos || newline + 1 >= block.end) return;
        const std::size_t next = newline + 1;
        const bool indented = text[next] == '\t' || text.substr(next, 2) == "  ";
        if (indented && introduces_quotation(text.substr(line_start, newline - line_start))) {
            const std::size_t end = std::min(text.find('\n', next), std::size_t{block.end});
            kept.emplace_back(next, end);
        }
        line_start = next;
    }
}

}  // namespace

std::vector<Span> kept_spans(const Document& document, const Reference& reference) {
    const Prose& prose = document.prose;
    std::vector<Span> kept;
    for (std::size_t b = 0; b < prose.blocks.size(); ++b) {
        const Block& block = prose.blocks[b];
        const std::string_view text = prose.view(block.text);
        const bool set_off = b > 0 && block.kind == BlockKind::Paragraph &&
                             introduces_quotation(prose.view(prose.blocks[b - 1].text));
        if (block.kind == BlockKind::Quote || set_off || set_in_capitals(text) ||
            is_legal_text(text)) {
            kept.push_back(block.text);
        } else {
            add_quotations(prose.text, block.text, kept);
            add_set_off_lines(prose.text, block.text, kept);
        }
    }
    add_names(document, kept);
    for (const Span term : kept_terms(document, reference)) {
        kept.push_back(name_part(prose.view(term), term));
    }
    std::vector<Span> source;
    for (const Span span : kept) {
        if (!span.empty()) source.push_back(prose.to_source(span));
    }
    const std::vector<Span> outputs = example_outputs(document.source);
    source.insert(source.end(), outputs.begin(), outputs.end());
    std::sort(source.begin(), source.end(), [](Span a, Span b) { return a.begin < b.begin; });
    std::vector<Span> merged;
    for (const Span span : source) {
        if (!merged.empty() && merged.back().end >= span.begin) {
            merged.back().end = std::max(merged.back().end, span.end);
        } else {
            merged.push_back(span);
        }
    }
    return merged;
}

}  // namespace fantasma
