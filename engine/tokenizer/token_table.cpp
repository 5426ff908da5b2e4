#include "engine/tokenizer/token_table.hpp"

#include <bit>
#include <functional>

#include "engine/error.hpp"

namespace fantasma::engine {
namespace {

// How many entries on a build prefetches: enough misses in flight to overlap their waits.
constexpr std::size_t kPrefetchAhead = 16;

// A power of two at least twice `count`: linear probing stays short at half load or less.
std::size_t table_size(std::size_t count) {
    return std::bit_ceil(std::max<std::size_t>(2 * count, 16));
}

std::size_t hash_of(std::string_view bytes) { return std::hash<std::string_view>{}(bytes); }

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finalizer
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::uint64_t merge_key(TokenId left, TokenId right) {
    return std::uint64_t(std::uint32_t(left)) << 32 | std::uint32_t(right);
}

}  // namespace

TokenTable::TokenTable(std::size_t size, const PackedStrings& tokens, std::span<const TokenId> ids,
                       std::span<const std::pair<std::string, TokenId>> unfindable)
    : spans_(size), slots_(table_size(tokens.size())) {
    std::size_t bytes = tokens.bytes();
    for (const auto& [content, id] : unfindable) bytes += content.size();
    if (bytes >= kNone) throw ModelError("the vocabulary is too large");
    buffer_.reserve(bytes);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (i + kPrefetchAhead < tokens.size()) prefetch(tokens[i + kPrefetchAhead]);
        set(ids[i], tokens[i]);
        const std::size_t hash = hash_of(tokens[i]);
        slots_[slot_of(tokens[i], hash)] = {ids[i], std::uint32_t(hash >> 32)};
    }
    for (const auto& [content, id] : unfindable) set(id, content);
}

void TokenTable::set(TokenId id, std::string_view bytes) {
    if (id < 0 || std::size_t(id) >= spans_.size()) throw ModelError("token id out of range");
    spans_[std::size_t(id)] = {std::uint32_t(buffer_.size()), std::uint32_t(bytes.size())};
    buffer_.append(bytes);
}

std::size_t TokenTable::slot_of(std::string_view bytes, std::size_t hash) const {
    const std::size_t mask = slots_.size() - 1;
    const auto upper = std::uint32_t(hash >> 32);
    std::size_t slot = hash & mask;
    while (slots_[slot].id >= 0 &&
           (slots_[slot].hash != upper || *this->bytes(slots_[slot].id) != bytes))
        slot = (slot + 1) & mask;
    return slot;
}

std::optional<std::string_view> TokenTable::bytes(TokenId id) const {
    if (id < 0 || std::size_t(id) >= spans_.size() || spans_[std::size_t(id)].length == kNone)
        return std::nullopt;
    const Span span = spans_[std::size_t(id)];
    return std::string_view(buffer_).substr(span.offset, span.length);
}

std::optional<TokenId> TokenTable::find(std::string_view bytes) const {
    if (slots_.empty()) return std::nullopt;
    const TokenId id = slots_[slot_of(bytes, hash_of(bytes))].id;
    return id >= 0 ? std::optional(id) : std::nullopt;
}

void TokenTable::prefetch(std::string_view bytes) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[hash_of(bytes) & (slots_.size() - 1)]);
}

MergeTable::MergeTable(std::size_t count) : slots_(table_size(count)), room_(count) {}

void MergeTable::add(std::span<const Entry> entries) {
    if (entries.size() > room_) throw ModelError("more merges than the table was made for");
    room_ -= entries.size();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i + kPrefetchAhead < entries.size()) {
            const Entry& ahead = entries[i + kPrefetchAhead];
            __builtin_prefetch(&slots_[mix(merge_key(ahead.left, ahead.right)) & mask]);
        }
        const std::uint64_t key = merge_key(entries[i].left, entries[i].right);
        Slot& slot = slots_[slot_of(key)];
        if (slot.key == kEmpty) slot = {key, entries[i].merge};
    }
}

std::size_t MergeTable::slot_of(std::uint64_t key) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t slot = mix(key) & mask;
    while (slots_[slot].key != kEmpty && slots_[slot].key != key) slot = (slot + 1) & mask;
    return slot;
}

std::optional<MergeTable::Merge> MergeTable::find(TokenId left, TokenId right) const {
    if (slots_.empty()) return std::nullopt;
    const std::uint64_t key = merge_key(left, right);
    const Slot& slot = slots_[slot_of(key)];
    return slot.key == key ? std::optional(slot.merge) : std::nullopt;
}

}  // namespace fantasma::engine
