#pragma once
// A half-open range [begin, end) of UTF-8 byte offsets. Which string it indexes (the source
// document or the extracted prose text) is said by the variable that holds it.
#include <cassert>
#include <cstddef>

namespace fantasma {

struct Span {
    std::size_t begin = 0;
    std::size_t end = 0;

    constexpr Span() = default;
    constexpr Span(std::size_t b, std::size_t e) : begin(b), end(e) { assert(b <= e); }

    constexpr std::size_t size() const { return end - begin; }
    constexpr bool empty() const { return begin == end; }
    constexpr bool contains(std::size_t offset) const { return offset >= begin && offset < end; }
    constexpr bool overlaps(Span other) const { return begin < other.end && other.begin < end; }
    friend constexpr bool operator==(Span, Span) = default;
};

}  // namespace fantasma
