#pragma once

#include "engine/config.hpp"
#include "engine/safetensors.hpp"
#include "engine/tensor_data.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

namespace fantasma::engine {

struct GgufWriteSettings {
    DType matrix_type = DType::q8_0;  // F32, F16, Q8_0, Q4_0, Q4_K, Q5_K or Q6_K
    // Where tokenizer.json (and tokenizer_config.json) are; empty: no tokenizer metadata.
    std::filesystem::path tokenizer_folder;
    std::uint32_t context_length = 262144;  // Qwen3.5's; llama.cpp requires the key
    // Called after each tensor is converted: tensors done, tensors in all.
    std::function<void(std::size_t, std::size_t)> progress;
};

// The type a weight is stored as when `requested` is asked for, by llama.cpp's rules: only
// 2-D weights named "*weight" other than norms and the DeltaNet conv are quantized; a row
// length that is not a whole number of blocks falls back to Q8_0 (for Q4_K, where llama.cpp
// would take Q5_0) or, failing that, to F32 — for Q4_K, Q5_K and Q6_K alike.
DType gguf_storage_type(std::string_view gguf_name, std::span<const std::int64_t> shape,
                        DType requested);

// Values in `type`'s storage layout (F32, F16, Q8_0, Q4_0, Q4_K, Q5_K or Q6_K); whole blocks
// only.
std::vector<std::byte> encode_tensor(const std::vector<float>& values, DType type);

// llama.cpp's general.file_type for a file whose matrices are `matrix_type`.
std::uint32_t gguf_file_type(DType matrix_type);

// Writes a model as a Qwen3.5 GGUF in llama.cpp's converter conventions (names and `qwen35.*`
// keys; norms stored as 1 + w except the DeltaNet output norm; ssm_a = −exp(A_log); conv1d
// [channels, kernel]; value heads reordered to tiled order when there are more value than key
// heads). Weight matrices are stored as `settings.matrix_type` (gguf_storage_type); everything
// else as F32. The source must be in HF conventions. Tokenizer metadata from
// settings.tokenizer_folder (engine/gguf/gguf_tokenizer.hpp). The file is written atomically.
// Throws ModelError for a layer pattern GGUF cannot express.
void write_qwen35_gguf(const ModelConfig& config, const TensorSource& hf,
                       const GgufWriteSettings& settings, const std::filesystem::path& out);

// The same without tokenizer metadata.
void write_qwen35_gguf(const ModelConfig& config, const TensorSource& hf, DType matrix_type,
                       const std::filesystem::path& out);

}  // namespace fantasma::engine
