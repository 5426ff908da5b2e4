#include <catch2/catch.hpp>

#include "lsp/framing.hpp"

using fantasma::lsp::frame;
using fantasma::lsp::FramedItem;
using fantasma::lsp::FramingError;
using fantasma::lsp::MessageReader;

namespace {

std::vector<FramedItem> feed(MessageReader& reader, std::string_view bytes) {
    std::vector<FramedItem> out;
    reader.feed(bytes, out);
    return out;
}

std::string body_of(const FramedItem& item) {
    REQUIRE(std::holds_alternative<std::string>(item));
    return std::get<std::string>(item);
}

bool is_error(const FramedItem& item) { return std::holds_alternative<FramingError>(item); }

}  // namespace

TEST_CASE("a framed message comes out whole") {
    MessageReader reader;
    const auto items = feed(reader, "Content-Length: 7\r\n\r\n{\"a\":1}");
    REQUIRE(items.size() == 1);
    CHECK(body_of(items[0]) == "{\"a\":1}");
    CHECK(reader.buffered() == 0);
}

TEST_CASE("frame() writes the header the reader expects") {
    CHECK(frame("héllo") == "Content-Length: 6\r\n\r\nhéllo");  // bytes, not characters
    MessageReader reader;
    const auto items = feed(reader, frame("héllo"));
    REQUIRE(items.size() == 1);
    CHECK(body_of(items[0]) == "héllo");
}

TEST_CASE("a message split into single bytes is reassembled") {
    MessageReader reader;
    const std::string wire = frame("{\"x\":\"\xF0\x9F\x98\x80\"}") + frame("[]");
    std::vector<FramedItem> items;
    for (char byte : wire) reader.feed(std::string_view(&byte, 1), items);
    REQUIRE(items.size() == 2);
    CHECK(body_of(items[0]) == "{\"x\":\"\xF0\x9F\x98\x80\"}");
    CHECK(body_of(items[1]) == "[]");
}

TEST_CASE("two messages back to back in one read") {
    MessageReader reader;
    const auto items = feed(reader, frame("one") + frame("two"));
    REQUIRE(items.size() == 2);
    CHECK(body_of(items[0]) == "one");
    CHECK(body_of(items[1]) == "two");
}

TEST_CASE("Content-Type and header case are accepted") {
    MessageReader reader;
    const auto items = feed(reader,
                            "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; "
                            "charset=utf-8\r\n\r\n{}");
    REQUIRE(items.size() == 1);
    CHECK(body_of(items[0]) == "{}");
}

TEST_CASE("a header without Content-Length is an error and the next message still arrives") {
    MessageReader reader;
    const auto items = feed(reader, "Content-Type: text/plain\r\n\r\n{}" + frame("next"));
    REQUIRE(items.size() == 2);
    CHECK(is_error(items[0]));
    CHECK(body_of(items[1]) == "next");
}

TEST_CASE("a Content-Length that is not a number is an error") {
    MessageReader reader;
    for (const char* value : {"abc", "-5", "12x", "", "99999999999999999999999"}) {
        const auto items = feed(reader, std::string("Content-Length: ") + value + "\r\n\r\n" +
                                            frame("ok"));
        REQUIRE(items.size() == 2);
        CHECK(is_error(items[0]));
        CHECK(body_of(items[1]) == "ok");
    }
}

TEST_CASE("a huge Content-Length is refused without swallowing later messages") {
    MessageReader reader(1024);
    const auto items = feed(reader, "Content-Length: 999999999999\r\n\r\n{\"big\":true}" +
                                        frame("after"));
    REQUIRE(items.size() == 2);
    CHECK(std::get<FramingError>(items[0]).description.find("exceeds the limit") !=
          std::string::npos);
    CHECK(body_of(items[1]) == "after");
}

TEST_CASE("bytes that are not a header are reported once and skipped") {
    MessageReader reader;
    const auto items = feed(reader, "garbage {not a header}\r\n" + frame("fine"));
    REQUIRE(items.size() == 2);
    CHECK(is_error(items[0]));
    CHECK(body_of(items[1]) == "fine");
}

TEST_CASE("stray newlines between messages are not errors") {
    MessageReader reader;
    const auto items = feed(reader, frame("a") + "\r\n" + frame("b"));
    REQUIRE(items.size() == 2);
    CHECK(body_of(items[0]) == "a");
    CHECK(body_of(items[1]) == "b");
}

TEST_CASE("an endless header is cut off at 8 KiB") {
    MessageReader reader;
    const auto items = feed(reader, "Content-Length: 2\r\nContent-X: " + std::string(9000, 'y'));
    REQUIRE(items.size() == 1);
    CHECK(is_error(items[0]));
    CHECK(reader.buffered() == 0);
    const auto later = feed(reader, frame("ok"));
    REQUIRE(later.size() == 1);
    CHECK(body_of(later[0]) == "ok");
}

TEST_CASE("an incomplete body waits for the rest") {
    MessageReader reader;
    CHECK(feed(reader, "Content-Length: 10\r\n\r\n12345").empty());
    const auto items = feed(reader, "67890");
    REQUIRE(items.size() == 1);
    CHECK(body_of(items[0]) == "1234567890");
}
