#pragma once
// Reading a document from disk with the checks every front end wants: a size limit, and
// refusing binary files and invalid UTF-8 with a message that says where.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

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

}  // namespace fantasma
