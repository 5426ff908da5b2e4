#pragma once

#include "engine/backend.hpp"
#include "engine/config.hpp"
#include "engine/safetensors.hpp"

#include <vector>

namespace fantasma::engine {

// Weights in the form the graph uses, whatever file they came from: PyTorch [out, in]
// matrices; zero-centred norm weights with the 1 added (1 + w), as GGUF stores them; the
// DeltaNet decay as A = −exp(A_log) (GGUF's ssm_a); conv1d as [channels, kernel].
struct AttentionWeights {
    Weight q_proj;  // [heads·2·head_dim, hidden], per head [query | gate]
    Weight k_proj;  // [kv_heads·head_dim, hidden]
    Weight v_proj;  // [kv_heads·head_dim, hidden]
    Weight o_proj;  // [hidden, heads·head_dim]
    Weight q_norm;  // [head_dim], 1 + w
    Weight k_norm;  // [head_dim], 1 + w
};

struct DeltaNetWeights {
    Weight in_proj_qkv;  // [2·key_dim + value_dim, hidden], q | k | v
    Weight in_proj_z;    // [value_dim, hidden]
    Weight in_proj_a;    // [value_heads, hidden]
    Weight in_proj_b;    // [value_heads, hidden]
    Weight conv1d;       // [conv_dim, kernel]
    Weight A;            // [value_heads], −exp(A_log)
    Weight dt_bias;      // [value_heads]
    Weight norm;         // [value_head_dim], plain weight (no 1 +)
    Weight out_proj;     // [hidden, value_dim]
};

struct LayerWeights {
    LayerKind kind = LayerKind::linear_attention;
    Weight input_norm;           // [hidden], 1 + w
    Weight post_attention_norm;  // [hidden], 1 + w
    AttentionWeights attention;  // full-attention layers only
    DeltaNetWeights delta_net;   // linear-attention layers only
    Weight gate_proj;            // [intermediate, hidden]
    Weight up_proj;              // [intermediate, hidden]
    Weight down_proj;            // [hidden, intermediate]
};

struct ModelWeights {
    Weight embed_tokens;  // [vocab, hidden]
    Weight norm;          // [hidden], 1 + w
    Weight lm_head;       // [vocab, hidden]; the same as embed_tokens when tied
    std::vector<LayerWeights> layers;
    bool tiled_value_heads = false;  // see WeightConventions
};

// Finds every tensor the config calls for by its canonical (HF) name, checks its shape, brings
// it to the conventions above from the source's own, and hands it to the backend. Throws ModelError
// naming a missing or misshapen tensor.
ModelWeights load_weights(const ModelConfig& config, const TensorSource& source, Backend& backend);

}  // namespace fantasma::engine
