#pragma once
// The BPE tokenizer's tables, built in one go for a 248k-token vocabulary: the tokens' bytes in
// one buffer, found by their bytes through an open-addressing table of ids, and the merges
// found by the ids of their two halves. (unordered_maps of strings, a node allocation per
// entry, took most of a tokenizer's load time.)
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/tokenizer/tokenizer.hpp"

namespace fantasma::engine {

// Token ids and their bytes, both ways. Ids may leave gaps.
class TokenTable {
  public:
    // Room for ids below `size` and `expected` tokens of `bytes` bytes in all.
    void reserve(std::size_t size, std::size_t expected, std::size_t bytes);
    // Gives `id` the bytes; a later token with the same bytes wins their lookup. `findable`:
    // whether find() returns it (added tokens are found by the tokenizer's own match).
    void set(TokenId id, std::string_view bytes, bool findable);
    std::optional<std::string_view> bytes(TokenId id) const;
    std::optional<TokenId> find(std::string_view bytes) const;

  private:
    // The slot of `bytes` (hash: theirs), or the empty one it would take.
    std::size_t slot_of(std::string_view bytes, std::size_t hash) const;
    struct Span {
        std::uint32_t offset = 0, length = kNone;
    };
    static constexpr std::uint32_t kNone = UINT32_MAX;
    std::string buffer_;       // every token's bytes, one after the other
    std::vector<Span> spans_;  // by id
    // Open addressing by the bytes' hash (size 2^k); each slot keeps the hash's upper half,
    // so that a probe reads a token's bytes only when that matches.
    struct Slot {
        TokenId id = -1;  // −1: empty
        std::uint32_t hash = 0;
    };
    std::vector<Slot> slots_;
    std::size_t findable_ = 0;  // slots in use
};

// Merges by the ids of their halves: rank and the id of the merged token.
class MergeTable {
  public:
    struct Merge {
        int rank = -1;
        TokenId merged = -1;
    };
    void reserve(std::size_t merges);
    // Keeps the first rank given to a pair.
    void add(TokenId left, TokenId right, Merge merge);
    std::optional<Merge> find(TokenId left, TokenId right) const;

  private:
    struct Slot {
        std::uint64_t key = kEmpty;
        Merge merge;
    };
    static constexpr std::uint64_t kEmpty = UINT64_MAX;
    std::size_t slot_of(std::uint64_t key) const;
    std::vector<Slot> slots_;  // open addressing, size 2^k
    std::size_t count_ = 0;
};

}  // namespace fantasma::engine
