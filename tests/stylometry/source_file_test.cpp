#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "stylometry/source_file.hpp"

using fantasma::find_invalid_utf8;
using fantasma::read_document;

TEST_CASE("well-formed UTF-8 passes", "[source_file]") {
    CHECK_FALSE(find_invalid_utf8(""));
    CHECK_FALSE(find_invalid_utf8("plain ASCII"));
    CHECK_FALSE(find_invalid_utf8("colour \xC3\xA9 \xE4\xB8\xAD \xF0\x9F\x98\x80 end"));
}

TEST_CASE("malformed UTF-8 is found at its first bad byte", "[source_file]") {
    CHECK(find_invalid_utf8("ab\xFFz") == 2u);
    CHECK(find_invalid_utf8("ab\x80") == 2u);            // stray continuation byte
    CHECK(find_invalid_utf8("abc\xC3") == 3u);           // truncated at the end
    CHECK(find_invalid_utf8("a\xC3(") == 1u);            // lead byte without continuation
    CHECK(find_invalid_utf8("\xC0\xAF") == 0u);          // overlong '/'
    CHECK(find_invalid_utf8("x\xE0\x80\xAF") == 1u);     // overlong in three bytes
    CHECK(find_invalid_utf8("\xED\xA0\x80") == 0u);      // UTF-16 surrogate
    CHECK(find_invalid_utf8("\xF4\x90\x80\x80") == 0u);  // past U+10FFFF
}

namespace {

std::filesystem::path write_temp(const std::string& name, const std::string& bytes) {
    const auto path = std::filesystem::temp_directory_path() / ("fantasma-source-" + name);
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

std::string error_of(const std::filesystem::path& path) {
    try {
        read_document(path);
    } catch (const std::runtime_error& error) {
        return error.what();
    }
    return "";
}

}  // namespace

TEST_CASE("read_document returns the bytes of a good file", "[source_file]") {
    const auto path = write_temp("good.md", "Hello \xE2\x80\x94 world.\n");
    CHECK(read_document(path) == "Hello \xE2\x80\x94 world.\n");
    std::filesystem::remove(path);
}

TEST_CASE("read_document explains what is wrong with a file", "[source_file]") {
    const auto binary = write_temp("binary.txt", std::string("text\0more", 9));
    CHECK(error_of(binary) == "looks binary (NUL byte at byte offset 4)");
    const auto invalid = write_temp("invalid.txt", "caf\xE9 au lait");
    CHECK(error_of(invalid) == "is not valid UTF-8 (byte offset 3)");
    const auto large = write_temp("large.txt", std::string(fantasma::kMaxDocumentBytes + 1, 'a'));
    CHECK(error_of(large) == "is larger than the 16 MiB limit");
    CHECK(error_of("/nonexistent/fantasma.md").starts_with("cannot be read"));
    CHECK(error_of(std::filesystem::temp_directory_path()) == "is a directory");
    for (const auto& path : {binary, invalid, large}) std::filesystem::remove(path);
}
