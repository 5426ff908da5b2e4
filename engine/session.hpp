#pragma once

#include "engine/backend.hpp"
#include "engine/model.hpp"
#include "engine/safetensors.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

namespace fantasma::engine {

// A model opened from disk: the mapped files stay open as long as the model, since a backend
// may use the weights in place.
struct LoadedModel {
    std::unique_ptr<TensorSource> source;
    std::unique_ptr<Model> model;
};

// path: a GGUF file, an HF model folder, or a .safetensors file with config.json beside it.
// The backend holds the prepared weights and must outlive the model.
LoadedModel open_model(const std::filesystem::path& path, Backend& backend, int max_batch = 64);

enum class LogitsMode {
    prefill,  // all tokens in as few calls as the batch size allows
    decode,   // one token per call, as generation runs
};

// Float32 logits [tokens, vocab] for every position of a fresh sequence: what
// `fantasma logits` writes.
std::vector<float> compute_logits(Model& model, std::span<const std::int32_t> tokens,
                                  LogitsMode mode);

}  // namespace fantasma::engine
