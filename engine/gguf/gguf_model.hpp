#pragma once

#include "engine/config.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/safetensors.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace fantasma::engine {

// llama.cpp's name for a canonical (HF) tensor name, e.g. "layers.3.linear_attn.A_log" →
// "blk.3.ssm_a"; "" when llama.cpp has none.
std::string gguf_tensor_name(std::string_view canonical);

// The model shape from `qwen35.*` metadata (llama.cpp's converter); vocab from token_embd,
// tie from the absence of `output.weight`. Throws ModelError naming a missing or bad key.
ModelConfig config_from_gguf(const GgufContents& gguf, std::string_view source);

// A Qwen3.5 GGUF file as a tensor source, in llama.cpp's conventions: norms stored as 1 + w,
// ssm_a = −exp(A_log), conv1d [channels, kernel], value heads in tiled order.
class GgufModel : public TensorSource {
  public:
    explicit GgufModel(const std::filesystem::path& path);

    const ModelConfig& config() const { return config_; }
    const GgufContents& contents() const { return file_.contents(); }

    const TensorData* find(std::string_view name) const override;
    std::string describe() const override { return file_.path().string(); }
    WeightConventions conventions() const override { return {true, true, true, true}; }
    std::string stored_name(std::string_view name) const override { return gguf_tensor_name(name); }

  private:
    GgufFile file_;
    std::map<std::string, const TensorData*, std::less<>> by_name_;
    ModelConfig config_;
};

}  // namespace fantasma::engine
