#pragma once
// A hash index over the keys of a table kept in a vector (the Reference's sorted tables):
// a lookup costs one hash and usually one string comparison, where a binary search over
// 168,000 dictionary words costs ~17 comparisons, each a cache miss. Slots hold positions
// into the table (4 bytes each), so the index adds little memory.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string_view>
#include <vector>

namespace fantasma {

class KeyIndex {
  public:
    static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

    // `key_of(table[i])` is the key of entry i; keys are unique.
    template <class Table, class KeyOf>
    void build(const Table& table, KeyOf key_of) {
        std::size_t capacity = 16;
        // At least half again as many slots as keys: short probes, yet 1 MB for the dictionary.
        while (capacity < table.size() + table.size() / 2) capacity *= 2;
        slots_.assign(capacity, kEmpty);
        for (std::size_t i = 0; i < table.size(); ++i) {
            std::size_t slot = first_slot(key_of(table[i]));
            while (slots_[slot] != kEmpty) slot = (slot + 1) & (slots_.size() - 1);
            slots_[slot] = static_cast<std::uint32_t>(i);
        }
    }

    // The position of `key` in the table the index was built over, or npos.
    template <class Table, class KeyOf>
    std::size_t find(const Table& table, KeyOf key_of, std::string_view key) const {
        if (slots_.empty()) return npos;
        for (std::size_t slot = first_slot(key);; slot = (slot + 1) & (slots_.size() - 1)) {
            const std::uint32_t position = slots_[slot];
            if (position == kEmpty) return npos;
            if (key_of(table[position]) == key) return position;
        }
    }

  private:
    static constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();

    std::size_t first_slot(std::string_view key) const {
        return std::hash<std::string_view>{}(key) & (slots_.size() - 1);
    }

    std::vector<std::uint32_t> slots_;
};

}  // namespace fantasma
