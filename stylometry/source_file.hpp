#pragma once
// Reading a document from disk with the checks every front end wants: a size limit, and
// refusing binary files and invalid UTF-8 with a message that says where.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "stylometry/text_encoding.hpp"

namespace fantasma {

// Documents larger than this are refused: prose that long is almost certainly not a
// document someone is writing, and it would hold the analysis up for seconds.
inline constexpr std::size_t kMaxDocumentBytes = 16 * 1024 * 1024;

// The byte offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points past U+10FFFF count as malformed), or nullopt.
std::optional<std::size_t> find_invalid_utf8(std::string_view text);

// Throws std::runtime_error with a message naming neither the content nor the file (the
// caller adds the file name): "cannot be read", "is larger than the 16 MiB limit",
// "looks binary (NUL byte at offset N)", "is not valid UTF-8 (byte offset N)".
std::string read_document(const std::filesystem::path& path);

// A document as the analyzer reads it (UTF-8) and what its file was in.
struct DecodedDocument {
    std::string text;
    TextEncoding encoding = TextEncoding::Utf8;
    bool guessed = false;  // the encoding was guessed from the bytes, not given
};

// Like read_document, but a file in a single-byte encoding is read too: as `encoding` when
// one is given (even if the bytes are also valid UTF-8), else, when the bytes are not valid
// UTF-8, as the encoding guess_single_byte_encoding picks. `encoding` UTF-8 refuses invalid
// UTF-8 as read_document does.
DecodedDocument read_decoded_document(const std::filesystem::path& path,
                                      std::optional<TextEncoding> encoding = std::nullopt);

// "is not UTF-8: read as MacRoman (guessed from its bytes)" for a guessed decoding, else
// empty: what a user needs to know to trust the text fantasma saw.
std::string decoding_note(const DecodedDocument& document);

}  // namespace fantasma
