#include <catch2/catch.hpp>

#include "stylometry/text/line_index.hpp"

using fantasma::LineColumn;
using fantasma::LineIndex;
using fantasma::PositionEncoding;
using fantasma::PositionMap;

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

TEST_CASE("positions round-trip through every encoding") {
    const std::string text = "a😀b\n日c";
    const LineIndex index(text);
    CHECK(index.position(5, PositionEncoding::Utf16) == LineColumn{0, 3});  // "b"
    CHECK(index.position(5, PositionEncoding::Utf8) == LineColumn{0, 5});
    CHECK(index.offset({1, 1}, PositionEncoding::Utf16) == 10);  // "c" after 日
    CHECK(index.offset({1, 3}, PositionEncoding::Utf8) == 10);
    CHECK(index.position(5, PositionEncoding::Utf32) == LineColumn{0, 2});  // code points
    CHECK(index.offset({0, 2}, PositionEncoding::Utf32) == 5);
}

TEST_CASE("a position map gives the positions a line scan gives, at every offset") {
    // Emoji (surrogate pairs), CJK, CRLF, a lone CR, an empty last line, and malformed
    // UTF-8: a 4-byte lead whose "sequence" runs over a line break, a stray continuation.
    const std::string texts[] = {"", "a😀b\n日c", "one\r\ntwo\rthree\n",
                                 "x\xF0\nab\x80\xE6\x97\n\xE6\x97\xA5z", "😀😀\n\n\n😀"};
    for (const std::string& text : texts) {
        const LineIndex index(text);
        for (const auto encoding :
             {PositionEncoding::Utf16, PositionEncoding::Utf8, PositionEncoding::Utf32}) {
            const PositionMap map(text, encoding);
            for (std::size_t offset = 0; offset <= text.size() + 2; ++offset) {
                INFO("text " << text << ", offset " << offset);
                CHECK(map.position(offset) == index.position(offset, encoding));
            }
        }
    }
}

TEST_CASE("a position map reads client positions as the line index does") {
    const std::string text = "a😀b\n日c";
    const PositionMap map(text, PositionEncoding::Utf16);
    CHECK(map.offset({0, 3}) == 5);
    CHECK(map.offset({1, 1}) == 10);
    CHECK(map.offset({1, 99}) == text.size());
}
