#pragma once
// The invariants every extractor must keep, checked with Catch2 so a failure names the rule.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "stylometry/prose.hpp"

namespace fantasma::testing {

// Pieces sorted, contiguous and covering the text; verbatim pieces equal their source; blocks
// inside the text, in order, never containing "\n\n"; ignores inside the text.
inline void check_invariants(const Prose& prose, std::string_view source) {
    std::size_t expected_begin = 0;
    for (const Piece& piece : prose.pieces) {
        REQUIRE(piece.text.begin == expected_begin);
        REQUIRE(piece.text.end <= prose.text.size());
        REQUIRE(piece.source.end <= source.size());
        REQUIRE(!piece.text.empty());
        if (piece.verbatim) {
            INFO("piece at text offset " << piece.text.begin);
            REQUIRE(prose.view(piece.text) ==
                    source.substr(piece.source.begin, piece.source.size()));
        }
        expected_begin = piece.text.end;
    }
    REQUIRE(expected_begin == prose.text.size());
    std::size_t previous_end = 0;
    for (const Block& block : prose.blocks) {
        REQUIRE(block.text.begin >= previous_end);
        REQUIRE(block.text.end <= prose.text.size());
        REQUIRE(!block.text.empty());
        REQUIRE(prose.view(block.text).find("\n\n") == std::string_view::npos);
        previous_end = block.text.end;
    }
    for (const IgnoreDirective& ignore : prose.ignores) {
        REQUIRE(ignore.text.end <= prose.text.size());
    }
}

// The prose of every block, joined by "|" (readable expectations for block structure).
inline std::string blocks_of(const Prose& prose) {
    std::string joined;
    for (const Block& block : prose.blocks) {
        if (!joined.empty()) joined += '|';
        joined += prose.view(block.text);
    }
    return joined;
}

// Source offset of the first occurrence of `needle` in the prose text (asserts it occurs).
inline std::size_t source_of(const Prose& prose, std::string_view needle) {
    const std::size_t at = prose.text.find(needle);
    REQUIRE(at != std::string::npos);
    return prose.to_source(at);
}

}  // namespace fantasma::testing
