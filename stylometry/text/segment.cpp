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

std::string_view NormStore::add(std::string_view norm) {
    if (norm.empty()) return {};
    if (capacity_ - used_ < norm.size()) {
        capacity_ = std::max(kChunkSize, norm.size());
        chunks_.push_back(std::make_unique_for_overwrite<char[]>(capacity_));
        used_ = 0;
    }
    char* stored = chunks_.back().get() + used_;
    std::copy(norm.begin(), norm.end(), stored);
    used_ += norm.size();
    return {stored, norm.size()};
}

void NormStore::clear() {
    if (chunks_.size() > 1) chunks_.erase(chunks_.begin(), chunks_.end() - 1);
    used_ = 0;
}

namespace {

// How many tokens `segment` will make. Counting them first (tokenizing each stretch into a
// small reused buffer) costs a few milliseconds per MB and lets the token vector be allocated
// once at its final size: growing it by doubling would hold up to twice the memory for the
// whole analysis, and three times while it moves.
std::size_t count_tokens(const Prose& prose, const std::vector<Span>& stretches) {
    std::size_t count = 0;
    std::vector<Token> buffer;
    NormStore norms;
    for (const Span stretch : stretches) {
        buffer.clear();
        norms.clear();
        text::tokenize(prose.text, stretch, buffer, norms);
        count += buffer.size();
    }
    return count;
}

}  // namespace

Segmentation segment(const Prose& prose) {
    Segmentation result;
    const std::vector<Span> stretches_to_segment = stretches(prose);
    result.tokens.reserve(count_tokens(prose, stretches_to_segment));
    for (const Span stretch : stretches_to_segment) {
        const std::size_t first = result.tokens.size();
        text::tokenize(prose.text, stretch, result.tokens, result.norms);
        text::split_sentences(prose.text, result.tokens, first, result.sentences);
    }
    return result;
}

}  // namespace fantasma
