#include <catch2/catch.hpp>

#include "stylometry/text/line_index.hpp"

using fantasma::LineColumn;
using fantasma::LineIndex;

TEST_CASE("line index counts UTF-16 code units", "[line_index]") {
    // "é" is 2 bytes / 1 unit, "中" 3 bytes / 1 unit, "😀" 4 bytes / 2 units.
    const std::string text = "ab\né中😀x\r\nlast";
    const LineIndex index(text);
    REQUIRE(index.line_count() == 3);
    CHECK(index.to_utf16(0) == LineColumn{0, 0});
    CHECK(index.to_utf16(3) == LineColumn{1, 0});
    const std::size_t x = text.find('x');
    CHECK(index.to_utf16(x) == LineColumn{1, 4});
    CHECK(index.to_bytes(x) == LineColumn{1, x - 3});
    CHECK(index.from_utf16({1, 4}) == x);
    CHECK(index.from_utf16({1, 2}) == text.find("😀"));
    CHECK(index.to_utf16(text.find("last") + 2) == LineColumn{2, 2});
}

TEST_CASE("line index clamps positions past a line or the document", "[line_index]") {
    const std::string text = "one\r\ntwo";
    const LineIndex index(text);
    CHECK(index.from_utf16({0, 99}) == 3);  // before "\r\n"
    CHECK(index.from_utf16({7, 0}) == text.size());
    CHECK(index.from_bytes({1, 1}) == 6);
    CHECK(index.to_utf16(999) == LineColumn{1, 3});
}

TEST_CASE("a lone carriage return ends a line", "[line_index]") {
    const LineIndex index("a\rb");
    REQUIRE(index.line_count() == 2);
    CHECK(index.to_utf16(2) == LineColumn{1, 0});
}
