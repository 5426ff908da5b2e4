#pragma once

#include "engine/config.hpp"
#include "engine/safetensors.hpp"
#include "engine/tensor_data.hpp"

#include <filesystem>

namespace fantasma::engine {

// Writes a model as a Qwen3.5 GGUF in llama.cpp's converter conventions (names and `qwen35.*`
// keys; norms stored as 1 + w except the DeltaNet output norm; ssm_a = −exp(A_log); conv1d
// [channels, kernel]; value heads reordered to tiled order when there are more value than key
// heads). Weight matrices whose rows are whole blocks are stored as `matrix_type` (F32, F16,
// Q8_0 or Q4_0); everything else as F32. The source must be in HF conventions.
// No tokenizer metadata yet. Throws ModelError for a layer pattern GGUF cannot express.
void write_qwen35_gguf(const ModelConfig& config, const TensorSource& hf, DType matrix_type,
                       const std::filesystem::path& out);

}  // namespace fantasma::engine
