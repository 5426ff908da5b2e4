#include "stylometry/text/quotations.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

#include "stylometry/text/codepoint.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kLeftDouble = "\u201c";   // “
constexpr std::string_view kRightDouble = "\u201d";  // ”
constexpr std::string_view kLeftSingle = "\u2018";   // ‘
constexpr std::string_view kRightSingle = "\u2019";  // ’ (also the apostrophe)

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
        text::ascii_lower(lead_in.substr(space == std::string_view::npos ? 0 : space + 1));
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

std::vector<Span> quotation_spans(const Prose& prose) {
    std::vector<Span> spans;
    for (std::size_t b = 0; b < prose.blocks.size(); ++b) {
        const Block& block = prose.blocks[b];
        const bool set_off = b > 0 && block.kind == BlockKind::Paragraph &&
                             introduces_quotation(prose.view(prose.blocks[b - 1].text));
        if (block.kind == BlockKind::Quote || set_off) {
            spans.push_back(block.text);
        } else {
            add_quotations(prose.text, block.text, spans);
            add_set_off_lines(prose.text, block.text, spans);
        }
    }
    std::ranges::sort(spans, [](Span a, Span b) { return a.begin < b.begin; });
    std::vector<Span> merged;
    for (const Span span : spans) {
        if (span.empty()) continue;
        if (!merged.empty() && merged.back().end >= span.begin) {
            merged.back().end = std::max(merged.back().end, span.end);
        } else {
            merged.push_back(span);
        }
    }
    return merged;
}

bool in_spans(const std::vector<Span>& spans, std::size_t offset) {
    const auto after = std::ranges::upper_bound(spans, offset, {}, &Span::begin);
    return after != spans.begin() && std::prev(after)->contains(offset);
}

}  // namespace fantasma
