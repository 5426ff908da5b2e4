#include <catch2/catch.hpp>

#include "lsp/text_edit.hpp"

using namespace fantasma;
using namespace fantasma::lsp;

namespace {

TextChange edit(std::size_t l1, std::size_t c1, std::size_t l2, std::size_t c2, std::string text) {
    return {std::pair{LineColumn{l1, c1}, LineColumn{l2, c2}}, std::move(text)};
}

}  // namespace

TEST_CASE("an edit after an emoji counts it as two UTF-16 units") {
    std::string text = "I 😀 colour";  // 😀 is 4 bytes, 2 UTF-16 units
    // "colour" starts at UTF-16 column 5: I(1) space(1) 😀(2) space(1).
    apply_change(text, edit(0, 5, 0, 11, "color"), PositionEncoding::Utf16);
    CHECK(text == "I 😀 color");
}

TEST_CASE("CJK characters are one UTF-16 unit and three bytes") {
    std::string text = "日本語 honour";
    apply_change(text, edit(0, 4, 0, 10, "honor"), PositionEncoding::Utf16);
    CHECK(text == "日本語 honor");
    std::string bytes_text = "日本語 honour";
    apply_change(bytes_text, edit(0, 10, 0, 16, "honor"), PositionEncoding::Utf8);
    CHECK(bytes_text == "日本語 honor");
}

TEST_CASE("edits across lines, with CRLF line ends") {
    std::string text = "first line\r\nsecond 👍🏽 line\r\nthird";
    // Delete from after "first" to before "line" on the second line: 👍🏽 is 2+2 units.
    apply_change(text, edit(0, 5, 1, 12, " "), PositionEncoding::Utf16);
    CHECK(text == "first line\r\nthird");
}

TEST_CASE("insertions at the very end and whole-document replacement") {
    std::string text = "abc\n";
    apply_change(text, edit(1, 0, 1, 0, "def"), PositionEncoding::Utf16);
    CHECK(text == "abc\ndef");
    apply_change(text, {std::nullopt, "new"}, PositionEncoding::Utf16);
    CHECK(text == "new");
}

TEST_CASE("positions past a line end or past the last line clamp") {
    std::string text = "ab\ncd";
    apply_change(text, edit(0, 99, 0, 99, "!"), PositionEncoding::Utf16);
    CHECK(text == "ab!\ncd");
    apply_change(text, edit(7, 0, 9, 0, "?"), PositionEncoding::Utf16);
    CHECK(text == "ab!\ncd?");
}

TEST_CASE("a reversed range is read in order") {
    std::string text = "hello world";
    apply_change(text, edit(0, 11, 0, 6, "there"), PositionEncoding::Utf16);
    CHECK(text == "hello there");
}

TEST_CASE("positions round-trip through both encodings") {
    const std::string text = "a😀b\n日c";
    const LineIndex index(text);
    CHECK(to_position(index, 5, PositionEncoding::Utf16) == LineColumn{0, 3});  // "b"
    CHECK(to_position(index, 5, PositionEncoding::Utf8) == LineColumn{0, 5});
    CHECK(to_offset(index, {1, 1}, PositionEncoding::Utf16) == 10);  // "c" after 日
    CHECK(to_offset(index, {1, 3}, PositionEncoding::Utf8) == 10);
}

TEST_CASE("a position map gives the positions a line scan gives, at every offset") {
    // Emoji (surrogate pairs), CJK, CRLF, a lone CR, an empty last line, and malformed
    // UTF-8: a 4-byte lead whose "sequence" runs over a line break, a stray continuation.
    const std::string texts[] = {"", "a😀b\n日c", "one\r\ntwo\rthree\n",
                                 "x\xF0\nab\x80\xE6\x97\n\xE6\x97\xA5z", "😀😀\n\n\n😀"};
    for (const std::string& text : texts) {
        const LineIndex index(text);
        for (const auto encoding : {PositionEncoding::Utf16, PositionEncoding::Utf8}) {
            const PositionMap map(text, encoding);
            for (std::size_t offset = 0; offset <= text.size() + 2; ++offset) {
                INFO("text " << text << ", offset " << offset);
                CHECK(map.position(offset) == to_position(index, offset, encoding));
            }
        }
    }
}

TEST_CASE("a position map reads client positions as to_offset does") {
    const std::string text = "a😀b\n日c";
    const PositionMap map(text, PositionEncoding::Utf16);
    CHECK(map.offset({0, 3}) == 5);
    CHECK(map.offset({1, 1}) == 10);
    CHECK(map.offset({1, 99}) == text.size());
}
