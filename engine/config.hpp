#pragma once

#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

namespace fantasma::engine {

enum class LayerKind { linear_attention, full_attention };

// The shape of a Qwen3.5 hybrid text model: Gated DeltaNet ("linear attention") layers with
// gated full attention in between. Field names follow the HF config.json keys.
struct ModelConfig {
    int hidden_size = 4096;
    int intermediate_size = 12288;
    int vocab_size = 248320;
    std::vector<LayerKind> layer_types;  // one per layer
    float rms_norm_eps = 1e-6f;
    bool tie_word_embeddings = false;

    // Gated full attention.
    int num_attention_heads = 16;
    int num_key_value_heads = 4;
    int head_dim = 256;
    double rope_theta = 10000.0;
    double partial_rotary_factor = 0.25;

    // Gated DeltaNet.
    int linear_num_key_heads = 16;
    int linear_num_value_heads = 32;
    int linear_key_head_dim = 128;
    int linear_value_head_dim = 128;
    int linear_conv_kernel_dim = 4;

    std::vector<int> eos_token_ids;
    // Multi-token-prediction layers the weights carry after the ordinary ones (HF
    // mtp_num_hidden_layers, GGUF nextn_predict_layers): kept for speculative decoding, never
    // run by ordinary decoding and not counted in layer_types.
    int mtp_layers = 0;

    int num_layers() const { return int(layer_types.size()); }
    int rotary_dim() const { return int(head_dim * partial_rotary_factor); }
    // Gated DeltaNet widths: q and k each key_dim, v value_dim; the conv runs over q | k | v.
    int linear_key_dim() const { return linear_num_key_heads * linear_key_head_dim; }
    int linear_value_dim() const { return linear_num_value_heads * linear_value_head_dim; }
    int linear_conv_dim() const { return 2 * linear_key_dim() + linear_value_dim(); }
    // One sequence's recurrent state in bytes: each DeltaNet layer's float32 state matrices and
    // conv history. A decode step reads and writes all of it.
    std::uint64_t recurrent_state_bytes() const;
};

// Parses an HF config.json text: a text-only model (`Qwen3_5ForCausalLM`, settings at the top)
// or a multimodal one (`Qwen3_5ForConditionalGeneration`, settings under `text_config`).
// Absent keys take transformers' defaults; `source` names the file in error messages.
ModelConfig parse_hf_config(std::string_view json_text, std::string_view source);
ModelConfig load_hf_config(const std::filesystem::path& path);

// Checks the sizes are sane and consistent; throws ModelError naming the setting.
void validate(const ModelConfig& config, std::string_view source);

}  // namespace fantasma::engine
