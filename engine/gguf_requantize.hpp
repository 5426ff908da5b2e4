#pragma once

#include "engine/gguf_convert.hpp"

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace fantasma::engine {

// One metadata entry of a GGUF image as stored: its key and the bytes of its u32 type and value.
struct RawGgufEntry {
    std::string key;
    std::span<const std::byte> typed_value;
};

// The metadata entries of a GGUF image that parse_gguf accepted, in file order.
std::vector<RawGgufEntry> raw_gguf_metadata(std::span<const std::byte> file);

// Rewrites a GGUF file with its float weights (F32, F16, BF16) stored as
// settings.matrix_type, by gguf_storage_type's rules; metadata is copied as it is, except
// general.file_type. A tensor already quantized to another type is refused (ModelError):
// quantizing twice loses precision twice, so start from the float file.
void requantize_gguf(const std::filesystem::path& in, const GgufWriteSettings& settings,
                     const std::filesystem::path& out);

}  // namespace fantasma::engine
