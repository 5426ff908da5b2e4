#pragma once

#include "engine/gguf/gguf_convert.hpp"

#include <filesystem>

namespace fantasma::engine {

// Rewrites a GGUF file with its float weights (F32, F16, BF16) stored as
// settings.matrix_type, by gguf_storage_type's rules; metadata is copied as it is, except
// general.file_type. A tensor already quantized to another type is refused (ModelError):
// quantizing twice loses precision twice, so start from the float file.
void requantize_gguf(const std::filesystem::path& in, const GgufWriteSettings& settings,
                     const std::filesystem::path& out);

}  // namespace fantasma::engine
