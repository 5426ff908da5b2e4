#include "stylometry/text/segment.hpp"

#include <algorithm>

#include "stylometry/text/scanners.hpp"

namespace fantasma {
namespace {

// The stretches segmented separately: each block, and any text between blocks (normally
// just the "\n\n" separators), so that no token or sentence crosses a block boundary.
std::vector<Span> stretches(const Prose& prose) {
    std::vector<Span> blocks;
    blocks.reserve(prose.blocks.size());
    for (const Block& block : prose.blocks) {
        const std::size_t end = std::min(block.text.end, prose.text.size());
        blocks.emplace_back(std::min(block.text.begin, end), end);
    }
    std::sort(blocks.begin(), blocks.end(), [](Span a, Span b) { return a.begin < b.begin; });
    std::vector<Span> result;
    result.reserve(blocks.size() * 2 + 1);
    std::size_t covered = 0;
    for (const Span block : blocks) {
        if (block.end <= covered) continue;  // nested or repeated: already segmented
        const std::size_t begin = std::max(block.begin, covered);
        if (begin > covered) result.emplace_back(covered, begin);
        result.emplace_back(begin, block.end);
        covered = block.end;
    }
    if (covered < prose.text.size()) result.emplace_back(covered, prose.text.size());
    return result;
}

}  // namespace

Segmentation segment(const Prose& prose) {
    Segmentation result;
    result.tokens.reserve(prose.text.size() / 4);
    for (const Span stretch : stretches(prose)) {
        const std::size_t first = result.tokens.size();
        text::tokenize(prose.text, stretch, result.tokens);
        text::split_sentences(prose.text, result.tokens, first, result.sentences);
    }
    return result;
}

}  // namespace fantasma
