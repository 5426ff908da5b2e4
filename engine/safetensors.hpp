#pragma once

#include "engine/mapped_file.hpp"
#include "engine/tensor_data.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fantasma::engine {

// Where a model's tensors come from, by their canonical name: the HF name without the
// `model.language_model.` or `model.` prefix ("layers.0.mlp.up_proj.weight", "norm.weight",
// "embed_tokens.weight", "lm_head.weight").
//
// Files differ in how some weights are stored; a source says which way its own are.
struct WeightConventions {
    bool norms_include_one = false;  // zero-centred norm weights stored as 1 + w (GGUF)
    bool decay_as_A = false;         // "A_log" holds A = −exp(A_log) (GGUF's ssm_a)
    bool conv_2d = false;            // conv1d stored [channels, kernel], not [channels, 1, kernel]
    bool tiled_value_heads = false;  // value head h reads key head h % Hk (llama.cpp's order),
                                     // not h / (Hv / Hk) (transformers')
};

class TensorSource {
  public:
    virtual ~TensorSource() = default;
    virtual const TensorData* find(std::string_view name) const = 0;
    virtual std::string describe() const = 0;  // for error messages
    virtual WeightConventions conventions() const { return {}; }
    // The name the file itself uses, for messages.
    virtual std::string stored_name(std::string_view name) const { return std::string(name); }
};

// The tensors of one .safetensors file, checked on open: header size and JSON, dtypes, shapes
// against byte ranges, ranges inside the file. Names are kept as stored.
std::vector<TensorData> parse_safetensors(std::span<const std::byte> file, std::string_view source);

// An HF model folder (config.json + model.safetensors, or shards listed in
// model.safetensors.index.json), or a single .safetensors file. Every file is mapped; the
// vision tower (`model.visual.*`) and multi-token-prediction head (`mtp.*`) are skipped.
class SafetensorsModel : public TensorSource {
  public:
    explicit SafetensorsModel(const std::filesystem::path& path);

    const TensorData* find(std::string_view name) const override;
    std::string describe() const override { return path_.string(); }
    std::size_t tensor_count() const { return tensors_.size(); }
    // The text model's tensors by canonical name (vision tower and MTP head left out).
    const std::map<std::string, TensorData, std::less<>>& tensors() const { return tensors_; }

  private:
    void add_file(const std::filesystem::path& file);

    std::filesystem::path path_;
    std::vector<std::unique_ptr<MappedFile>> files_;
    std::map<std::string, TensorData, std::less<>> tensors_;
};

// The canonical name of a stored tensor, or "" for tensors a text model does not use.
std::string canonical_tensor_name(std::string_view stored);

}  // namespace fantasma::engine
