#pragma once

#include "engine/tensor_data.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace fantasma::engine {

// One tensor of a .safetensors file to write: its stored name, F32, F16 or BF16, and its shape
// (outermost first).
struct SafetensorsEntry {
    std::string name;
    DType dtype = DType::f32;
    std::vector<std::int64_t> shape;
};

// Writes a .safetensors file as Hugging Face's `safetensors` library does: the header (JSON,
// padded with spaces to a multiple of 8 bytes), then each tensor's bytes in the order given.
// bytes_of(i) is asked for entry i's bytes only when they are written (one tensor in memory at
// a time) and must hold exactly what its dtype and shape take. For test models and benchmark
// files; throws ModelError on a bad entry or a failed write.
void write_safetensors(const std::filesystem::path& file, std::span<const SafetensorsEntry> entries,
                       const std::function<std::span<const std::byte>(std::size_t)>& bytes_of);

}  // namespace fantasma::engine
