// `fantasma-random-model SHAPE TYPE OUT.gguf [TOKENIZER_FOLDER]`: a Qwen3.5-shaped GGUF with
// random weights, for benchmarks only (tools/device-check.sh, speed runs on machines that have
// no model and no Python packages). SHAPE is 0.8b (the published 0.8B text model: 24 layers, hidden
// 1024, tied embeddings) or 9b (transformers' Qwen3.5 defaults: 32 layers, hidden 4096, FFN 12,288,
// 16 key / 32 value DeltaNet heads, untied head); TYPE is q8_0, q4_0, q4_k, q5_k, q6_k, f16 or f32.
// The file is written by the engine's own GGUF writer (llama.cpp's names and conventions), and the
// engine's loader checks every shape here when it opens it (tools/device-check.sh benchmarks
// what this writes; no unit test does, the files being hundreds of MB). llama.cpp loads a file
// only with tokenizer metadata ("key not found in model: tokenizer.ggml.model" otherwise): give
// a folder holding the model's tokenizer.json to compare the two engines on it.
// `fantasma-random-model SHAPE bf16 OUT_FOLDER` writes a Hugging Face folder instead, as
// Qwen3.5 is published: config.json and one model.safetensors, every tensor BF16 under
// `model.language_model.` (vectors too, as the published checkpoints store them).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "engine/config.hpp"
#include "engine/error.hpp"
#include "engine/gguf/gguf_convert.hpp"
#include "engine/safetensors.hpp"
#include "engine/safetensors_writer.hpp"
#include "engine/tensor_data.hpp"

#include <filesystem>
#include <fstream>

namespace fe = fantasma::engine;

namespace {

// The config.json of each shape (what transformers writes; layer types from the interval). The
// two differ only in these sizes.
std::string config_json(const std::string& shape) {
    struct Sizes {
        int hidden, ffn, layers, heads, kv_heads, value_heads;
        bool tied;
    };
    Sizes sizes{};
    if (shape == "0.8b")
        sizes = {1024, 3584, 24, 8, 2, 16, true};
    else if (shape == "9b")
        sizes = {4096, 12288, 32, 16, 4, 32, false};
    else
        throw fe::ModelError("unknown shape '" + shape + "' (0.8b or 9b)");
    const auto n = [](int value) { return std::to_string(value); };
    return R"({"hidden_size": )" + n(sizes.hidden) + R"(, "intermediate_size": )" + n(sizes.ffn) +
           R"(, "num_hidden_layers": )" + n(sizes.layers) + R"(, "num_attention_heads": )" +
           n(sizes.heads) + R"(, "num_key_value_heads": )" + n(sizes.kv_heads) +
           R"(, "linear_num_value_heads": )" + n(sizes.value_heads) +
           R"(, "tie_word_embeddings": )" + (sizes.tied ? "true" : "false") +
           R"(, "head_dim": 256, "linear_num_key_heads": 16, "linear_key_head_dim": 128,
            "linear_value_head_dim": 128, "linear_conv_kernel_dim": 4, "vocab_size": 248320,
            "full_attention_interval": 4, "rms_norm_eps": 1e-6, "rope_theta": 10000000,
            "partial_rotary_factor": 0.25, "eos_token_id": 248044})";
}

// HF tensors with random values of the shapes `config` implies, made one at a time as the
// writer asks for them, in half precision (a 9B embedding: 2 GB, against 4 GB in float32). The
// writer holds every encoded tensor until it writes the file: a 9B F16 file needs more memory
// than its 18 GB (killed on a 23 GiB machine); a 9B Q4_0 one (5 GB) took 2.5 minutes of one
// core.
class RandomTensors final : public fe::TensorSource {
  public:
    explicit RandomTensors(const fe::ModelConfig& c) {
        const std::int64_t hidden = c.hidden_size, ffn = c.intermediate_size;
        const std::int64_t q = std::int64_t(c.num_attention_heads) * c.head_dim;
        const std::int64_t kv = std::int64_t(c.num_key_value_heads) * c.head_dim;
        const std::int64_t heads = c.linear_num_value_heads;
        shapes_["embed_tokens.weight"] = {c.vocab_size, hidden};
        shapes_["lm_head.weight"] = {c.vocab_size, hidden};
        shapes_["norm.weight"] = {hidden};
        for (int i = 0; i < c.num_layers(); ++i) {
            const std::string p = "layers." + std::to_string(i) + ".";
            shapes_[p + "input_layernorm.weight"] = {hidden};
            shapes_[p + "post_attention_layernorm.weight"] = {hidden};
            shapes_[p + "self_attn.q_proj.weight"] = {2 * q, hidden};
            shapes_[p + "self_attn.k_proj.weight"] = {kv, hidden};
            shapes_[p + "self_attn.v_proj.weight"] = {kv, hidden};
            shapes_[p + "self_attn.o_proj.weight"] = {hidden, q};
            shapes_[p + "self_attn.q_norm.weight"] = {c.head_dim};
            shapes_[p + "self_attn.k_norm.weight"] = {c.head_dim};
            shapes_[p + "linear_attn.in_proj_qkv.weight"] = {c.linear_conv_dim(), hidden};
            shapes_[p + "linear_attn.in_proj_z.weight"] = {c.linear_value_dim(), hidden};
            shapes_[p + "linear_attn.in_proj_a.weight"] = {heads, hidden};
            shapes_[p + "linear_attn.in_proj_b.weight"] = {heads, hidden};
            shapes_[p + "linear_attn.conv1d.weight"] = {c.linear_conv_dim(), 1,
                                                        c.linear_conv_kernel_dim};
            shapes_[p + "linear_attn.A_log"] = {heads};
            shapes_[p + "linear_attn.dt_bias"] = {heads};
            shapes_[p + "linear_attn.norm.weight"] = {c.linear_value_head_dim};
            shapes_[p + "linear_attn.out_proj.weight"] = {hidden, c.linear_value_dim()};
            shapes_[p + "mlp.gate_proj.weight"] = {ffn, hidden};
            shapes_[p + "mlp.up_proj.weight"] = {ffn, hidden};
            shapes_[p + "mlp.down_proj.weight"] = {hidden, ffn};
        }
    }

    const fe::TensorData* find(std::string_view name) const override {
        const auto shape = shapes_.find(std::string(name));
        if (shape == shapes_.end()) return nullptr;
        std::int64_t count = 1;
        for (const std::int64_t d : shape->second) count *= d;
        // Half precision: the writer converts each tensor to float32 as well.
        values_.resize(std::size_t(count));
        // Zero-centred norms 0 (stored as 1 + w), the DeltaNet output norm 1, A_log so that the
        // decay is −1 to −16, small weights elsewhere.
        const bool plain_norm = name.ends_with("linear_attn.norm.weight");
        const bool centred_norm = name.ends_with("norm.weight") && !plain_norm;
        for (std::uint16_t& value : values_) {
            const float u = uniform();
            value = fe::f32_to_f16(name.ends_with("A_log") ? std::log(1.0f + 15.0f * u)
                                   : plain_norm            ? 1.0f
                                   : centred_norm          ? 0.0f
                                                           : 0.04f * (2.0f * u - 1.0f));
        }
        current_ = {std::string(name), fe::DType::f16, shape->second,
                    std::as_bytes(std::span<const std::uint16_t>(values_))};
        return &current_;
    }
    std::string describe() const override { return "random weights"; }
    const auto& shapes() const { return shapes_; }

  private:
    float uniform() const {  // xorshift64*: fast, and the same file on every run
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return float((state_ * 2685821657736338717ull) >> 40) / float(1 << 24);
    }

    std::map<std::string, std::vector<std::int64_t>, std::less<>> shapes_;
    mutable std::vector<std::uint16_t> values_;
    mutable fe::TensorData current_;
    mutable std::uint64_t state_ = 0x9E3779B97F4A7C15ull;
};

// The Hugging Face folder: config.json and the tensors rounded to BF16, in one file.
void write_bf16_folder(const std::string& shape, const fe::ModelConfig& config,
                       const RandomTensors& tensors, const std::filesystem::path& folder) {
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "config.json") << config_json(shape) << "\n";
    std::vector<fe::SafetensorsEntry> entries;
    std::vector<std::string> names;
    for (const auto& [name, dims] : tensors.shapes()) {
        if (name == "lm_head.weight" && config.tie_word_embeddings) continue;
        entries.push_back({"model.language_model." + name, fe::DType::bf16, dims});
        names.push_back(name);
    }
    std::vector<std::uint16_t> halves;
    fe::write_safetensors(folder / "model.safetensors", entries, [&](std::size_t i) {
        const auto values = tensors.find(names[i])->bytes;
        const auto* floats = reinterpret_cast<const float*>(values.data());
        halves.resize(values.size() / sizeof(float));
        for (std::size_t j = 0; j < halves.size(); ++j) halves[j] = fe::f32_to_bf16(floats[j]);
        if (i % 50 == 0 || i + 1 == names.size())
            std::fprintf(stderr, "%zu/%zu tensors\n", i + 1, names.size());
        return std::as_bytes(std::span<const std::uint16_t>(halves));
    });
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr,
                     "usage: fantasma-random-model 0.8b|9b q8_0|q4_0|q4_k|q5_k|q6_k|f16|f32 "
                     "OUT.gguf [TOKENIZER_FOLDER]\n"
                     "       fantasma-random-model 0.8b|9b bf16 OUT_FOLDER\n");
        return 2;
    }
    try {
        if (std::string(argv[2]) == "bf16") {
            const fe::ModelConfig config = fe::parse_hf_config(config_json(argv[1]), argv[1]);
            write_bf16_folder(argv[1], config, RandomTensors(config), argv[3]);
            return 0;
        }
        const std::map<std::string, fe::DType> types = {
            {"q8_0", fe::DType::q8_0}, {"q4_0", fe::DType::q4_0}, {"q4_k", fe::DType::q4_k},
            {"q5_k", fe::DType::q5_k}, {"q6_k", fe::DType::q6_k}, {"f16", fe::DType::f16},
            {"f32", fe::DType::f32}};
        const auto type = types.find(argv[2]);
        if (type == types.end())
            throw fe::ModelError(std::string("unknown type '") + argv[2] + "'");
        const fe::ModelConfig config = fe::parse_hf_config(config_json(argv[1]), argv[1]);
        const RandomTensors tensors(config);
        fe::GgufWriteSettings settings;
        settings.matrix_type = type->second;
        if (argc == 5) settings.tokenizer_folder = argv[4];
        settings.progress = [](std::size_t done, std::size_t total) {
            if (done % 50 == 0 || done == total)
                std::fprintf(stderr, "%zu/%zu tensors\n", done, total);
        };
        fe::write_qwen35_gguf(config, tensors, settings, argv[3]);
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "fantasma-random-model: %s\n", error.what());
        return 1;
    }
}
