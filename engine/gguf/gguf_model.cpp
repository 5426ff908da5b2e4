#include "engine/gguf/gguf_model.hpp"

#include "engine/error.hpp"

#include <array>
#include <utility>

namespace fantasma::engine {
namespace {

// Per-layer names: HF suffix → llama.cpp suffix (gguf-py constants.py).
constexpr std::array<std::pair<std::string_view, std::string_view>, 20> kLayerNames{{
    {"input_layernorm.weight", "attn_norm.weight"},
    {"post_attention_layernorm.weight", "post_attention_norm.weight"},
    {"mlp.gate_proj.weight", "ffn_gate.weight"},
    {"mlp.up_proj.weight", "ffn_up.weight"},
    {"mlp.down_proj.weight", "ffn_down.weight"},
    {"self_attn.q_proj.weight", "attn_q.weight"},  // query and gate fused, as in HF
    {"self_attn.k_proj.weight", "attn_k.weight"},
    {"self_attn.v_proj.weight", "attn_v.weight"},
    {"self_attn.o_proj.weight", "attn_output.weight"},
    {"self_attn.q_norm.weight", "attn_q_norm.weight"},
    {"self_attn.k_norm.weight", "attn_k_norm.weight"},
    {"linear_attn.in_proj_qkv.weight", "attn_qkv.weight"},
    {"linear_attn.in_proj_z.weight", "attn_gate.weight"},
    {"linear_attn.in_proj_a.weight", "ssm_alpha.weight"},
    {"linear_attn.in_proj_b.weight", "ssm_beta.weight"},
    {"linear_attn.conv1d.weight", "ssm_conv1d.weight"},
    {"linear_attn.A_log", "ssm_a"},
    {"linear_attn.dt_bias", "ssm_dt.bias"},
    {"linear_attn.norm.weight", "ssm_norm.weight"},
    {"linear_attn.out_proj.weight", "ssm_out.weight"},
}};

}  // namespace

std::string gguf_tensor_name(std::string_view canonical) {
    if (canonical == "embed_tokens.weight") return "token_embd.weight";
    if (canonical == "norm.weight") return "output_norm.weight";
    if (canonical == "lm_head.weight") return "output.weight";
    if (!canonical.starts_with("layers.")) return "";
    const auto dot = canonical.find('.', 7);
    if (dot == std::string_view::npos) return "";
    const auto layer = canonical.substr(7, dot - 7);
    const auto suffix = canonical.substr(dot + 1);
    for (const auto& [hf, gguf] : kLayerNames)
        if (suffix == hf) return "blk." + std::string(layer) + "." + std::string(gguf);
    return "";
}

ModelConfig config_from_gguf(const GgufContents& gguf, std::string_view source) {
    const auto fail = [&](const std::string& problem) -> ModelError {
        return ModelError(std::string(source) + ": " + problem);
    };
    if (const auto parts = gguf_int(gguf, "split.count"); parts && *parts > 1)
        throw fail("part " + std::to_string(gguf_int(gguf, "split.no").value_or(0) + 1) +
                   " of a GGUF split in " + std::to_string(*parts) +
                   " files; join them first (llama.cpp: llama-gguf-split --merge FIRST-PART "
                   "OUT.gguf)");
    const auto arch = gguf_string(gguf, "general.architecture");
    if (!arch) throw fail("metadata lacks general.architecture");
    if (*arch == "qwen35moe") throw fail("Qwen3.5 MoE models are not supported yet");
    if (*arch == "clip")
        throw fail(
            "a vision projector (mmproj) file, not a language model; give the model's "
            "own GGUF");
    if (*arch != "qwen35")
        throw fail("architecture '" + *arch +
                   "' is not supported (fantasma runs Qwen3.5 text models, 'qwen35')");
    const auto integer = [&](const std::string& key) {
        const auto value = gguf_int(gguf, "qwen35." + key);
        if (!value || *value < 0 || *value > (1 << 30))
            throw fail("metadata key qwen35." + key + " is missing or bad");
        return int(*value);
    };
    const auto real = [&](const std::string& key) {
        const auto value = gguf_float(gguf, "qwen35." + key);
        if (!value) throw fail("metadata key qwen35." + key + " is missing or bad");
        return *value;
    };

    ModelConfig c;
    c.hidden_size = integer("embedding_length");
    c.intermediate_size = integer("feed_forward_length");
    c.num_attention_heads = integer("attention.head_count");
    c.num_key_value_heads = integer("attention.head_count_kv");
    c.head_dim = integer("attention.key_length");
    c.rms_norm_eps = float(real("attention.layer_norm_rms_epsilon"));
    c.rope_theta = real("rope.freq_base");
    if (c.head_dim > 0)
        c.partial_rotary_factor = double(integer("rope.dimension_count")) / c.head_dim;
    c.linear_conv_kernel_dim = integer("ssm.conv_kernel");
    c.linear_key_head_dim = integer("ssm.state_size");
    c.linear_num_key_heads = integer("ssm.group_count");
    c.linear_num_value_heads = integer("ssm.time_step_rank");
    const int inner = integer("ssm.inner_size");
    if (c.linear_num_value_heads < 1 || inner % c.linear_num_value_heads != 0)
        throw fail("qwen35.ssm.inner_size is not a multiple of qwen35.ssm.time_step_rank");
    c.linear_value_head_dim = inner / c.linear_num_value_heads;
    // llama.cpp's converter counts the multi-token-prediction blocks in block_count and puts
    // them last (blk.N.nextn.* and one attention layer); ordinary decoding never runs them.
    const int blocks = integer("block_count");
    c.mtp_layers =
        gguf.metadata.contains("qwen35.nextn_predict_layers") ? integer("nextn_predict_layers") : 0;
    const int layers = blocks - c.mtp_layers;
    const int interval = integer("full_attention_interval");
    if (layers < 1 || layers > 1024 || interval < 1)
        throw fail("block_count, nextn_predict_layers or full_attention_interval is bad");
    for (int i = 0; i < layers; ++i)
        c.layer_types.push_back((i + 1) % interval == 0 ? LayerKind::full_attention
                                                        : LayerKind::linear_attention);

    const TensorData* embedding = nullptr;
    bool has_output = false;
    for (const auto& tensor : gguf.tensors) {
        if (tensor.name == "token_embd.weight") embedding = &tensor;
        if (tensor.name == "output.weight") has_output = true;
    }
    if (embedding == nullptr || embedding->shape.size() != 2)
        throw fail("tensor 'token_embd.weight' is missing");
    c.vocab_size = int(std::min<std::int64_t>(embedding->shape[0], std::int64_t(1) << 30));
    c.tie_word_embeddings = !has_output;
    if (const auto eos = gguf_int(gguf, "tokenizer.ggml.eos_token_id"))
        c.eos_token_ids = {int(*eos)};
    validate(c, source);
    return c;
}

GgufModel::GgufModel(const std::filesystem::path& path) : file_(path) {
    for (const auto& tensor : file_.contents().tensors) by_name_.emplace(tensor.name, &tensor);
    config_ = config_from_gguf(file_.contents(), path.string());
}

const TensorData* GgufModel::find(std::string_view name) const {
    const auto it = by_name_.find(gguf_tensor_name(name));
    return it == by_name_.end() ? nullptr : it->second;
}

}  // namespace fantasma::engine
