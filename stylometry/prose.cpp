#include "stylometry/prose.hpp"

#include <algorithm>

namespace fantasma {
namespace {

// The piece whose text span contains `text_offset` (the last piece for the end offset).
const Piece* piece_at(const std::vector<Piece>& pieces, std::size_t text_offset) {
    if (pieces.empty()) return nullptr;
    auto it = std::upper_bound(pieces.begin(), pieces.end(), text_offset,
                               [](std::size_t offset, const Piece& p) { return offset < p.text.begin; });
    if (it == pieces.begin()) return &pieces.front();
    return &*std::prev(it);
}

}  // namespace

std::size_t Prose::to_source(std::size_t text_offset) const {
    const Piece* piece = piece_at(pieces, text_offset);
    if (piece == nullptr) return 0;
    if (!piece->verbatim) {
        return text_offset >= piece->text.end ? piece->source.end : piece->source.begin;
    }
    const std::size_t within = std::min(text_offset - std::min(text_offset, piece->text.begin),
                                        piece->text.size());
    return piece->source.begin + within;
}

Span Prose::to_source(Span text_span) const {
    if (text_span.empty()) {
        const std::size_t at = to_source(text_span.begin);
        return {at, at};
    }
    const std::size_t begin = to_source(text_span.begin);
    // The end is where the last byte's source ends, so a span ending in a synthetic piece
    // covers that piece's whole markup.
    const Piece* last = piece_at(pieces, text_span.end - 1);
    std::size_t end = begin;
    if (last != nullptr) {
        end = last->verbatim ? last->source.begin + (text_span.end - last->text.begin)
                             : last->source.end;
    }
    return {begin, std::max(begin, end)};
}

std::size_t Prose::from_source(std::size_t source_offset) const {
    for (const Piece& piece : pieces) {
        if (piece.verbatim && piece.source.contains(source_offset)) {
            return piece.text.begin + (source_offset - piece.source.begin);
        }
    }
    return std::string_view::npos;
}

}  // namespace fantasma
