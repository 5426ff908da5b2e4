#pragma once

#include <cstddef>
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

}  // namespace fantasma::engine
