#include "stylometry/detectors/common/layout.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <ranges>

namespace fantasma::layout {
namespace {

// Lines longer than this are paragraphs written one a line (as EBG's essays), never filled.
constexpr std::size_t kMaxFilledLine = 100;
// A filled line has words enough for the filler to have padded it.
constexpr std::size_t kMinWords = 6;
// Justified text pads many lines, most of them to one right edge; a writer's own double spaces
// (spacing-pattern's habit) fall on lines of any length.
constexpr std::size_t kMinPaddedLines = 16;
constexpr double kMinShareAtOneEdge = 0.8;

constexpr std::string_view kNoBreakSpace = "\u00A0";

// A text spacing every full stop has several before a word in lower case ("i. e. the"), a
// share of its full stops no ordinary text's abbreviations reach.
constexpr std::size_t kMinSpacedPeriods = 3;
constexpr double kMinShareBeforeLower = 0.15;

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

// Whether `line` (its indentation removed) has two or three spaces between two words that no
// sentence or clause ends before: the padding a filler adds.
bool is_padded(std::string_view line) {
    for (std::size_t at = 1; at + 2 < line.size(); ++at) {
        if (line[at] != ' ' || line[at - 1] == ' ') continue;
        std::size_t end = at;
        while (end < line.size() && line[end] == ' ') ++end;
        const std::size_t run = end - at;
        if (run >= 2 && run <= 3 && end < line.size() &&
            std::string_view(".!?:").find(line[at - 1]) == std::string_view::npos) {
            return true;
        }
        at = end - 1;
    }
    return false;
}

std::size_t word_count(std::string_view line) {
    std::size_t words = 0;
    bool in_word = false;
    for (const char c : line) {
        const bool blank = is_blank(c);
        if (!blank && !in_word) ++words;
        in_word = !blank;
    }
    return words;
}

// Whether `at` is the start of `text` or of one of its lines.
bool opens_line(std::string_view text, std::size_t at) {
    return at == 0 || text[at - 1] == '\n';
}

// Where the word before `at` begins, when a space or a no-break space and that word, all
// letters, stand before `at` ("Chapter\u00A0" before "1."); else `at`.
std::size_t after_label(std::string_view text, std::size_t at) {
    std::size_t word = at;
    if (word >= kNoBreakSpace.size() &&
        text.substr(word - kNoBreakSpace.size(), kNoBreakSpace.size()) == kNoBreakSpace) {
        word -= kNoBreakSpace.size();
    } else if (word > 0 && text[word - 1] == ' ') {
        --word;
    } else {
        return at;
    }
    const std::size_t end = word;
    while (word > 0 && std::isalpha(static_cast<unsigned char>(text[word - 1])) != 0) --word;
    return word < end ? word : at;
}

// The block holding prose offset `offset`, or null outside every block.
const Block* block_at(const Prose& prose, std::size_t offset) {
    const auto block = std::ranges::partition_point(
        prose.blocks, [&](const Block& b) { return b.text.end <= offset; });
    if (block == prose.blocks.end() || !block->text.contains(offset)) return nullptr;
    return &*block;
}

}  // namespace

bool is_justified(std::string_view source) {
    std::map<std::size_t, std::size_t> padded_by_edge;  // right edge -> padded lines
    std::size_t padded = 0;
    for (std::size_t begin = 0; begin < source.size();) {
        std::size_t end = source.find('\n', begin);
        if (end == std::string_view::npos) end = source.size();
        std::string_view line = source.substr(begin, end - begin);
        begin = end + 1;
        while (!line.empty() && (is_blank(line.back()) || line.back() == '\r'))
            line.remove_suffix(1);
        const std::size_t edge = line.size();
        while (!line.empty() && is_blank(line.front())) line.remove_prefix(1);
        if (edge > kMaxFilledLine || word_count(line) < kMinWords || !is_padded(line)) continue;
        ++padded_by_edge[edge];
        ++padded;
    }
    if (padded < kMinPaddedLines) return false;
    const std::size_t most = std::ranges::max(padded_by_edge | std::views::values);
    return static_cast<double>(most) >= kMinShareAtOneEdge * static_cast<double>(padded);
}

bool spaces_every_period(std::string_view text) {
    const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
    std::size_t periods = 0, glued = 0, before_lower = 0;
    for (std::size_t at = 1; at + 2 < text.size(); ++at) {
        if (text[at] != '.') continue;
        ++periods;
        if (letter(text[at - 1]) && letter(text[at + 1])) ++glued;
        if (letter(text[at - 1]) && text[at + 1] == ' ' &&
            std::islower(static_cast<unsigned char>(text[at + 2])) != 0) {
            ++before_lower;
        }
    }
    // A few abbreviations ("etc. and") come before lower case in any text; here they are a
    // large share of its full stops, and no address or "e.g." keeps its dots glued.
    return glued == 0 && before_lower >= kMinSpacedPeriods &&
           static_cast<double>(before_lower) >= kMinShareBeforeLower * static_cast<double>(periods);
}

bool in_heading(const Prose& prose, std::size_t offset) {
    const Block* block = block_at(prose, offset);
    return block != nullptr &&
           (block->kind == BlockKind::Heading || block->kind == BlockKind::Title);
}

bool in_table_cell(const Prose& prose, std::size_t offset) {
    const Block* block = block_at(prose, offset);
    return block != nullptr && block->kind == BlockKind::TableCell;
}

bool is_layout_space(std::string_view text, std::size_t at) {
    std::size_t begin = at;
    // Back over the line's indentation.
    while (begin > 0) {
        if (is_blank(text[begin - 1])) {
            --begin;
        } else if (begin >= kNoBreakSpace.size() &&
                   text.substr(begin - kNoBreakSpace.size(), kNoBreakSpace.size()) ==
                       kNoBreakSpace) {
            begin -= kNoBreakSpace.size();
        } else {
            break;
        }
    }
    if (begin == 0 || text[begin - 1] == '\n') return true;
    // A section number that opens the line: digits and full stops, ending in one ("6.4.").
    if (text[begin - 1] != '.') return false;
    std::size_t number = begin - 1;
    while (number > 0 && (std::isdigit(static_cast<unsigned char>(text[number - 1])) != 0 ||
                          text[number - 1] == '.')) {
        --number;
    }
    if (number == begin - 1 || std::isdigit(static_cast<unsigned char>(text[number])) == 0)
        return false;
    return opens_line(text, number) || opens_line(text, after_label(text, number));
}

}  // namespace fantasma::layout
