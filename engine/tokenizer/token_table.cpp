#include "engine/tokenizer/token_table.hpp"

#include <bit>
#include <functional>

#include "engine/error.hpp"

namespace fantasma::engine {
namespace {

// A power of two at least twice `count`: linear probing stays short at half load or less.
std::size_t table_size(std::size_t count) {
    return std::bit_ceil(std::max<std::size_t>(2 * count, 16));
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finalizer
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

void TokenTable::reserve(std::size_t size, std::size_t expected, std::size_t bytes) {
    spans_.resize(std::max(spans_.size(), size));
    buffer_.reserve(bytes);
    if (slots_.size() < table_size(expected)) {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(table_size(expected), Slot{});
        for (const Slot& slot : old)
            if (slot.id >= 0) {
                const std::string_view bytes = *this->bytes(slot.id);
                slots_[slot_of(bytes, std::hash<std::string_view>{}(bytes))] = slot;
            }
    }
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

void TokenTable::set(TokenId id, std::string_view bytes, bool findable) {
    if (id < 0) throw ModelError("token id out of range");
    if (std::size_t(id) >= spans_.size()) spans_.resize(std::size_t(id) + 1);
    if (buffer_.size() + bytes.size() >= kNone) throw ModelError("the vocabulary is too large");
    spans_[std::size_t(id)] = {std::uint32_t(buffer_.size()), std::uint32_t(bytes.size())};
    buffer_.append(bytes);
    if (!findable) return;
    if (2 * (findable_ + 1) > slots_.size()) reserve(spans_.size(), findable_ + 1, 0);  // half load
    const std::size_t hash = std::hash<std::string_view>{}(bytes);
    Slot& slot = slots_[slot_of(bytes, hash)];
    findable_ += slot.id < 0;
    slot = {id, std::uint32_t(hash >> 32)};
}

std::optional<std::string_view> TokenTable::bytes(TokenId id) const {
    if (id < 0 || std::size_t(id) >= spans_.size() || spans_[std::size_t(id)].length == kNone)
        return std::nullopt;
    const Span span = spans_[std::size_t(id)];
    return std::string_view(buffer_).substr(span.offset, span.length);
}

std::optional<TokenId> TokenTable::find(std::string_view bytes) const {
    if (slots_.empty()) return std::nullopt;
    const TokenId id = slots_[slot_of(bytes, std::hash<std::string_view>{}(bytes))].id;
    return id >= 0 ? std::optional(id) : std::nullopt;
}

void MergeTable::reserve(std::size_t merges) {
    if (slots_.size() >= table_size(merges)) return;
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(table_size(merges), Slot{});
    for (const Slot& slot : old)
        if (slot.key != kEmpty) slots_[slot_of(slot.key)] = slot;
}

std::size_t MergeTable::slot_of(std::uint64_t key) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t slot = mix(key) & mask;
    while (slots_[slot].key != kEmpty && slots_[slot].key != key) slot = (slot + 1) & mask;
    return slot;
}

void MergeTable::add(TokenId left, TokenId right, Merge merge) {
    if (2 * (count_ + 1) > slots_.size()) reserve(count_ + 1);
    const std::uint64_t key = std::uint64_t(std::uint32_t(left)) << 32 | std::uint32_t(right);
    Slot& slot = slots_[slot_of(key)];
    if (slot.key != kEmpty) return;
    slot = {key, merge};
    ++count_;
}

std::optional<MergeTable::Merge> MergeTable::find(TokenId left, TokenId right) const {
    if (slots_.empty()) return std::nullopt;
    const std::uint64_t key = std::uint64_t(std::uint32_t(left)) << 32 | std::uint32_t(right);
    const Slot& slot = slots_[slot_of(key)];
    return slot.key == key ? std::optional(slot.merge) : std::nullopt;
}

}  // namespace fantasma::engine
