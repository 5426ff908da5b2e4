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

TEST_CASE("single-byte encodings decode to UTF-8", "[source_file]") {
    using fantasma::decode_single_byte;
    using fantasma::TextEncoding;
    // é, a right single quotation mark, the euro sign, a C1 control left undefined
    CHECK(decode_single_byte("caf\xE9 \x92 \x80 \x81", TextEncoding::Windows1252) ==
          "caf\xC3\xA9 \xE2\x80\x99 \xE2\x82\xAC \xC2\x81");
    CHECK(decode_single_byte("caf\xE9 \x92", TextEncoding::Latin1) == "caf\xC3\xA9 \xC2\x92");
    // é, a right single quotation mark and the apple of MacRoman
    CHECK(decode_single_byte("caf\x8E \xD5 \xF0", TextEncoding::MacRoman) ==
          "caf\xC3\xA9 \xE2\x80\x99 \xEF\xA3\xBF");
    CHECK(fantasma::parse_encoding("CP1252") == TextEncoding::Windows1252);
    CHECK(fantasma::parse_encoding("iso-8859-1") == TextEncoding::Latin1);
    CHECK(fantasma::parse_encoding("Macintosh") == TextEncoding::MacRoman);
    CHECK_FALSE(fantasma::parse_encoding("utf-16"));
}

TEST_CASE("the guessed encoding is the one that reads as prose", "[source_file]") {
    using fantasma::guess_single_byte_encoding;
    using fantasma::TextEncoding;
    // "I said “don’t” – it’s fine… the café’s menu." in each encoding
    CHECK(guess_single_byte_encoding("I said \x93"
                                     "don\x92t\x94 \x96 it\x92s fine\x85 the "
                                     "caf\xE9\x92s menu.") == TextEncoding::Windows1252);
    CHECK(guess_single_byte_encoding("I said \xD2"
                                     "don\xD5t\xD3 \xD0 it\xD5s fine\xC9 the "
                                     "caf\x8E\xD5s menu.") == TextEncoding::MacRoman);
    // Latin-1 French reads the same in Windows-1252
    CHECK(guess_single_byte_encoding("Le gar\xE7on \xE9tait tr\xE8s content.") ==
          TextEncoding::Windows1252);
}

TEST_CASE("read_decoded_document reads UTF-8 as is and guesses otherwise", "[source_file]") {
    using fantasma::TextEncoding;
    const auto utf8 = write_temp("utf8.txt", "caf\xC3\xA9");
    const auto old = write_temp("old.txt", "caf\xE9 au lait");
    const auto plain = fantasma::read_decoded_document(utf8);
    CHECK(plain.text == "caf\xC3\xA9");
    CHECK(plain.encoding == TextEncoding::Utf8);
    CHECK(fantasma::decoding_note(plain).empty());
    const auto guessed = fantasma::read_decoded_document(old);
    CHECK(guessed.text == "caf\xC3\xA9 au lait");
    CHECK(guessed.guessed);
    CHECK(fantasma::decoding_note(guessed) ==
          "is not UTF-8: read as Windows-1252 (guessed from its bytes)");
    // Told the encoding: used as told, even on bytes that are valid UTF-8.
    const auto told = fantasma::read_decoded_document(utf8, TextEncoding::Latin1);
    CHECK(told.text == "caf\xC3\x83\xC2\xA9");
    CHECK_FALSE(told.guessed);
    CHECK_THROWS_WITH(fantasma::read_decoded_document(old, TextEncoding::Utf8),
                      "is not valid UTF-8 (byte offset 3)");
    for (const auto& path : {utf8, old}) std::filesystem::remove(path);
}

TEST_CASE("offsets in the decoded text map back to the file's bytes", "[source_file]") {
    // "a é b ’ c": é takes 2 bytes in UTF-8, ’ takes 3; one byte each in the file.
    const std::string decoded =
        fantasma::decode_single_byte("a \xE9 b \x92 c", fantasma::TextEncoding::Windows1252);
    const fantasma::SingleByteOffsets offsets(decoded);
    CHECK(offsets.source_offset(0) == 0);
    CHECK(offsets.source_offset(2) == 2);   // é starts
    CHECK(offsets.source_offset(4) == 3);   // just past é
    CHECK(offsets.source_offset(7) == 6);   // ’ starts
    CHECK(offsets.source_offset(10) == 7);  // just past ’
    CHECK(offsets.source_offset(decoded.size()) == 9);
}
