#include <catch2/catch.hpp>

#include "lsp/text_edit.hpp"

using namespace fantasma;
using namespace fantasma::lsp;

namespace {

struct EditCase {
    const char* what;
    std::string before;
    LineColumn start, end;  // in the encoding's units
    const char* text;
    PositionEncoding encoding;
    std::string after;
};

}  // namespace

TEST_CASE("edits land where the client's positions say, in either encoding") {
    using enum PositionEncoding;
    const EditCase cases[] = {
        // 😀 is 4 bytes, 2 UTF-16 units: "colour" starts at UTF-16 column 5.
        {"after an emoji", "I 😀 colour", {0, 5}, {0, 11}, "color", Utf16, "I 😀 color"},
        {"after CJK, in UTF-16", "日本語 honour", {0, 4}, {0, 10}, "honor", Utf16, "日本語 honor"},
        {"after CJK, in bytes", "日本語 honour", {0, 10}, {0, 16}, "honor", Utf8, "日本語 honor"},
        // From after "first" to before "line" on the second line: 👍🏽 is 2+2 units.
        {"across CRLF lines",
         "first line\r\nsecond 👍🏽 line\r\nthird",
         {0, 5},
         {1, 12},
         " ",
         Utf16,
         "first line\r\nthird"},
        {"an insertion at the very end", "abc\n", {1, 0}, {1, 0}, "def", Utf16, "abc\ndef"},
        {"past a line's end: clamped to it", "ab\ncd", {0, 99}, {0, 99}, "!", Utf16, "ab!\ncd"},
        {"past the last line: the end", "ab!\ncd", {7, 0}, {9, 0}, "?", Utf16, "ab!\ncd?"},
        {"a reversed range, read in order",
         "hello world",
         {0, 11},
         {0, 6},
         "there",
         Utf16,
         "hello there"},
    };
    for (const EditCase& edit : cases) {
        INFO(edit.what);
        std::string text = edit.before;
        apply_change(text, {std::pair{edit.start, edit.end}, edit.text}, edit.encoding);
        CHECK(text == edit.after);
    }
}

TEST_CASE("a change without a range replaces the whole document") {
    std::string text = "abc\ndef";
    apply_change(text, {std::nullopt, "new"}, PositionEncoding::Utf16);
    CHECK(text == "new");
}
