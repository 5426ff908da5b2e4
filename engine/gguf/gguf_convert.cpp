#include "engine/gguf/gguf_convert.hpp"

#include "engine/error.hpp"
#include "engine/gguf/gguf_model.hpp"
#include "engine/gguf/gguf_tokenizer.hpp"
#include "engine/gguf/gguf_writer.hpp"
#include "engine/quants.hpp"

#include <cmath>
#include <cstring>
#include <string>

namespace fantasma::engine {
namespace {

// llama.cpp knows only "every n-th layer is full attention".
std::uint32_t attention_interval(const ModelConfig& c) {
    int interval = 0;
    while (interval < c.num_layers() &&
           c.layer_types[std::size_t(interval)] != LayerKind::full_attention)
        ++interval;
    ++interval;
    for (int i = 0; i < c.num_layers(); ++i)
        if ((c.layer_types[std::size_t(i)] == LayerKind::full_attention) !=
            ((i + 1) % interval == 0))
            throw ModelError(
                "GGUF can only express full attention on every n-th layer; this model's layer "
                "pattern differs");
    return std::uint32_t(interval);
}

void write_metadata(GgufWriter& out, const ModelConfig& c, const GgufWriteSettings& settings) {
    out.add_string("general.architecture", "qwen35");
    out.add_u32("general.file_type", gguf_file_type(settings.matrix_type));
    out.add_u32("qwen35.context_length", settings.context_length);
    out.add_u32("qwen35.block_count", std::uint32_t(c.num_layers()));
    out.add_u32("qwen35.embedding_length", std::uint32_t(c.hidden_size));
    out.add_u32("qwen35.feed_forward_length", std::uint32_t(c.intermediate_size));
    out.add_u32("qwen35.attention.head_count", std::uint32_t(c.num_attention_heads));
    out.add_u32("qwen35.attention.head_count_kv", std::uint32_t(c.num_key_value_heads));
    out.add_u32("qwen35.attention.key_length", std::uint32_t(c.head_dim));
    out.add_u32("qwen35.attention.value_length", std::uint32_t(c.head_dim));
    out.add_f32("qwen35.attention.layer_norm_rms_epsilon", c.rms_norm_eps);
    out.add_f32("qwen35.rope.freq_base", float(c.rope_theta));
    out.add_u32("qwen35.rope.dimension_count", std::uint32_t(c.rotary_dim()));
    out.add_i32_array("qwen35.rope.dimension_sections", {11, 11, 10, 0});
    out.add_u32("qwen35.ssm.conv_kernel", std::uint32_t(c.linear_conv_kernel_dim));
    out.add_u32("qwen35.ssm.state_size", std::uint32_t(c.linear_key_head_dim));
    out.add_u32("qwen35.ssm.group_count", std::uint32_t(c.linear_num_key_heads));
    out.add_u32("qwen35.ssm.time_step_rank", std::uint32_t(c.linear_num_value_heads));
    out.add_u32("qwen35.ssm.inner_size", std::uint32_t(c.linear_value_dim()));
    out.add_u32("qwen35.full_attention_interval", attention_interval(c));
}

// Moves value heads from transformers' grouped order (head h reads key head h / group) to
// llama.cpp's tiled order (head j reads key head j % Hk): j takes old head (j % Hk)·group + j / Hk.
// values: [rows, cols]; the heads are `span` consecutive rows (or columns) from `first`.
void reorder_heads(std::vector<float>& values, int cols, const ModelConfig& c, int first, int span,
                   bool columns) {
    const int key_heads = c.linear_num_key_heads, heads = c.linear_num_value_heads;
    const int group = heads / key_heads;
    if (group == 1) return;
    const std::vector<float> old = values;
    const int rows = int(values.size()) / cols;
    for (int j = 0; j < heads; ++j) {
        const int h = (j % key_heads) * group + j / key_heads;
        for (int i = 0; i < span; ++i) {
            if (columns) {
                for (int r = 0; r < rows; ++r)
                    values[std::size_t(r) * cols + std::size_t(first + j * span + i)] =
                        old[std::size_t(r) * cols + std::size_t(first + h * span + i)];
            } else {
                std::memcpy(&values[std::size_t(first + j * span + i) * cols],
                            &old[std::size_t(first + h * span + i) * cols],
                            sizeof(float) * std::size_t(cols));
            }
        }
    }
}

}  // namespace

std::vector<std::byte> encode_tensor(const std::vector<float>& values, DType type) {
    std::vector<std::byte> out(values.size() / std::size_t(block_format(type).values) *
                               std::size_t(block_format(type).bytes));
    switch (type) {
        case DType::q8_0:
            quantize_q8_0(out.data(), values.data(), values.size());
            break;
        case DType::q4_0:
            quantize_q4_0(out.data(), values.data(), values.size());
            break;
        case DType::q4_k:
            quantize_q4_k(out.data(), values.data(), values.size());
            break;
        case DType::q5_k:
            quantize_q5_k(out.data(), values.data(), values.size());
            break;
        case DType::q6_k:
            quantize_q6_k(out.data(), values.data(), values.size());
            break;
        case DType::f16:
            for (std::size_t i = 0; i < values.size(); ++i) {
                const std::uint16_t bits = f32_to_f16(values[i]);
                std::memcpy(&out[2 * i], &bits, 2);
            }
            break;
        default:
            std::memcpy(out.data(), values.data(), out.size());
            break;
    }
    return out;
}

namespace {

enum class Kind { matrix, zero_centred_norm, plain_vector, decay, conv };

}  // namespace

DType gguf_storage_type(std::string_view name, std::span<const std::int64_t> shape,
                        DType requested) {
    const bool matrix = shape.size() == 2 && name.ends_with("weight") &&
                        name.find("_norm.weight") == std::string_view::npos &&
                        name.find("ssm_conv1d") == std::string_view::npos;
    if (!matrix) return DType::f32;
    const auto fits = [&](DType type) { return shape[1] % block_format(type).values == 0; };
    if (fits(requested)) return requested;
    const bool k_quant = block_format(requested).values == 256;
    if (k_quant && fits(DType::q8_0)) return DType::q8_0;
    return DType::f32;
}

std::uint32_t gguf_file_type(DType matrix_type) {
    switch (matrix_type) {  // llama_ftype
        case DType::f16:
            return 1;
        case DType::q4_0:
            return 2;
        case DType::q8_0:
            return 7;
        case DType::q4_k:
            return 14;  // MOSTLY_Q4_K_S: every matrix Q4_K
        case DType::q5_k:
            return 16;  // MOSTLY_Q5_K_S
        case DType::q6_k:
            return 18;  // MOSTLY_Q6_K
        default:
            return 0;
    }
}

void write_qwen35_gguf(const ModelConfig& c, const TensorSource& hf, DType matrix_type,
                       const std::filesystem::path& path) {
    GgufWriteSettings settings;
    settings.matrix_type = matrix_type;
    write_qwen35_gguf(c, hf, settings, path);
}

void write_qwen35_gguf(const ModelConfig& c, const TensorSource& hf,
                       const GgufWriteSettings& settings, const std::filesystem::path& path) {
    const DType matrix_type = settings.matrix_type;
    if (matrix_type != DType::f32 && matrix_type != DType::f16 && matrix_type != DType::q8_0 &&
        matrix_type != DType::q4_0 && matrix_type != DType::q4_k && matrix_type != DType::q5_k &&
        matrix_type != DType::q6_k)
        throw ModelError("GGUF writer: cannot quantize to " + std::string(dtype_name(matrix_type)));
    GgufWriter out;
    write_metadata(out, c, settings);
    if (settings.tokenizer_folder.empty()) {
        if (!c.eos_token_ids.empty())
            out.add_u32("tokenizer.ggml.eos_token_id", std::uint32_t(c.eos_token_ids.front()));
    } else {
        add_tokenizer_metadata(out, settings.tokenizer_folder, c.vocab_size, c.eos_token_ids);
    }
    // Tensors in all: embedding, final norm, optional head, then per layer.
    std::size_t total = c.tie_word_embeddings ? 2 : 3, done = 0;
    for (const LayerKind kind : c.layer_types) total += kind == LayerKind::full_attention ? 11 : 14;
    const int key_dim = c.linear_key_dim(), dv = c.linear_value_head_dim;

    const auto add = [&](const std::string& name, Kind kind) {
        const TensorData* tensor = hf.find(name);
        if (tensor == nullptr)
            throw ModelError(hf.describe() + ": tensor '" + name + "' is missing");
        auto values = to_f32(*tensor);
        auto shape = tensor->shape;
        if (kind == Kind::zero_centred_norm)
            for (auto& v : values) v += 1.0f;
        if (kind == Kind::decay)
            for (auto& v : values) v = -std::exp(v);
        if (kind == Kind::conv) shape = {shape.front(), shape.back()};
        const int cols = shape.size() == 2 ? int(shape[1]) : 1;
        const auto ends = [&](std::string_view suffix) { return name.ends_with(suffix); };
        if (ends("in_proj_qkv.weight") || ends("conv1d.weight"))
            reorder_heads(values, cols, c, 2 * key_dim, dv, false);
        if (ends("in_proj_z.weight")) reorder_heads(values, cols, c, 0, dv, false);
        if (ends("in_proj_a.weight") || ends("in_proj_b.weight") || ends("A_log") ||
            ends("dt_bias"))
            reorder_heads(values, cols, c, 0, 1, false);
        if (ends("out_proj.weight")) reorder_heads(values, cols, c, 0, dv, true);
        const std::string gguf_name = gguf_tensor_name(name);
        const DType type =
            kind == Kind::matrix ? gguf_storage_type(gguf_name, shape, matrix_type) : DType::f32;
        out.add_tensor(gguf_name, type, shape, encode_tensor(values, type));
        if (settings.progress) settings.progress(++done, total);
    };

    add("embed_tokens.weight", Kind::matrix);
    for (int i = 0; i < c.num_layers(); ++i) {
        const std::string p = "layers." + std::to_string(i) + ".";
        add(p + "input_layernorm.weight", Kind::zero_centred_norm);
        add(p + "post_attention_layernorm.weight", Kind::zero_centred_norm);
        if (c.layer_types[std::size_t(i)] == LayerKind::full_attention) {
            for (const char* m : {"q_proj", "k_proj", "v_proj", "o_proj"})
                add(p + "self_attn." + m + ".weight", Kind::matrix);
            add(p + "self_attn.q_norm.weight", Kind::zero_centred_norm);
            add(p + "self_attn.k_norm.weight", Kind::zero_centred_norm);
        } else {
            for (const char* m : {"in_proj_qkv", "in_proj_z", "in_proj_a", "in_proj_b", "out_proj"})
                add(p + "linear_attn." + m + ".weight", Kind::matrix);
            add(p + "linear_attn.conv1d.weight", Kind::conv);
            add(p + "linear_attn.A_log", Kind::decay);
            add(p + "linear_attn.dt_bias", Kind::plain_vector);
            add(p + "linear_attn.norm.weight", Kind::plain_vector);
        }
        for (const char* m : {"gate_proj", "up_proj", "down_proj"})
            add(p + "mlp." + m + ".weight", Kind::matrix);
    }
    add("norm.weight", Kind::zero_centred_norm);
    if (!c.tie_word_embeddings) add("lm_head.weight", Kind::matrix);
    out.write(path);
}

}  // namespace fantasma::engine
