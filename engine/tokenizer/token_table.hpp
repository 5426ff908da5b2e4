#pragma once
// The BPE tokenizer's tables, built in one go for a 248k-token vocabulary: the tokens' bytes in
// one buffer, found by their bytes through an open-addressing table of ids, and the merges
// found by the ids of their two halves. (unordered_maps of strings, a node allocation per
// entry, took most of a tokenizer's load time.) The tables are several MB and are filled in no
// order, so nearly every insertion and look-up misses the caches: building them, each one
// prefetches the slot of the entry a few places on, so that the misses overlap.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/tokenizer/bpe_definition.hpp"
#include "engine/tokenizer/tokenizer.hpp"

namespace fantasma::engine {

// Token ids and their bytes, both ways. Ids may leave gaps.
class TokenTable {
  public:
    TokenTable() = default;
    // Ids below `size`: `tokens` with their `ids`, found by their bytes (a later token with the
    // same bytes wins), and the `unfindable` ones, which have bytes but which find() does not
    // return (added tokens are found by the tokenizer's own match).
    TokenTable(std::size_t size, const PackedStrings& tokens, std::span<const TokenId> ids,
               std::span<const std::pair<std::string, TokenId>> unfindable);
    std::optional<std::string_view> bytes(TokenId id) const;
    std::optional<TokenId> find(std::string_view bytes) const;
    // Brings the slot find(bytes) starts at into the cache.
    void prefetch(std::string_view bytes) const;

  private:
    void set(TokenId id, std::string_view bytes);
    // The slot of `bytes` (hash: theirs), or the empty one it would take.
    std::size_t slot_of(std::string_view bytes, std::size_t hash) const;
    struct Span {
        std::uint32_t offset = 0, length = kNone;
    };
    static constexpr std::uint32_t kNone = UINT32_MAX;
    std::string buffer_;       // every token's bytes, one after the other
    std::vector<Span> spans_;  // by id
    // Open addressing by the bytes' hash (size 2^k, at most half full); each slot keeps the
    // hash's upper half, so that a probe reads a token's bytes only when that matches.
    struct Slot {
        TokenId id = -1;  // −1: empty
        std::uint32_t hash = 0;
    };
    std::vector<Slot> slots_;
};

// Merges by the ids of their halves: rank and the id of the merged token.
class MergeTable {
  public:
    struct Merge {
        int rank = -1;
        TokenId merged = -1;
    };
    struct Entry {
        TokenId left = -1, right = -1;
        Merge merge;
    };
    MergeTable() = default;
    // Room for `count` merges.
    explicit MergeTable(std::size_t count);
    // Keeps the first merge given for a pair; no more than the room made.
    void add(std::span<const Entry> entries);
    std::optional<Merge> find(TokenId left, TokenId right) const;

  private:
    struct Slot {
        std::uint64_t key = kEmpty;
        Merge merge;
    };
    static constexpr std::uint64_t kEmpty = UINT64_MAX;
    std::size_t slot_of(std::uint64_t key) const;
    std::vector<Slot> slots_;  // open addressing, size 2^k, at most half full
    std::size_t room_ = 0;     // merges that may still be added
};

}  // namespace fantasma::engine
