#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/config.hpp"

namespace fantasma::engine {

// What a model file or folder holds and whether fantasma can run it, read without loading the
// weights (`fantasma model info`).
struct ModelInfo {
    struct TensorType {
        std::string name;  // "Q4_K", "IQ2_XXS"
        std::size_t tensors = 0;
        std::uint64_t bytes = 0;  // 0 for a type the engine does not read (size unknown)
        bool supported = true;
    };
    std::filesystem::path file;  // the GGUF or config.json read
    std::string format;          // "GGUF v3", "Hugging Face safetensors"
    std::string architecture;    // general.architecture, or config.json's architectures
    std::optional<ModelConfig> config;
    std::vector<TensorType> types;
    std::uint64_t weight_bytes = 0;
    std::optional<std::size_t> tokenizer_vocabulary;  // when the tokenizer loads
    // Why it would not run (unsupported architecture, tensor types, tokenizer); empty when
    // everything is supported.
    std::vector<std::string> problems;

    // Memory beyond the weights: one sequence's recurrent state (DeltaNet matrices and conv
    // history), and the float32 KV cache per token of context.
    std::uint64_t state_bytes() const;
    std::uint64_t kv_bytes_per_token() const;
};

// Reads a GGUF file, an HF folder or .safetensors file, or a folder holding one GGUF. Throws
// ModelError only for a path that is none of these; what the engine cannot run is listed in
// `problems`.
ModelInfo inspect_model(const std::filesystem::path& path);

}  // namespace fantasma::engine
