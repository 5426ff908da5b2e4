// `fantasma-engine-bench MODEL [--threads N] [--backend cpu|reference] [--kernels NAME]
// [--prompt N] [--gen N] [--runs R]`: prefill and decode speed of the engine on a model file,
// median of R runs. MODEL `synthetic:q8_0` (or q4_0, f16, q5_k, iq4_xs): a Qwen3.5-0.8B-shaped
// model with random weights made in memory, for machines without the model files. --kernels pins
// the CPU backend's kernel table (scalar, avx2, avx512-vnni) to compare them on one machine.
// Prefill: N prompt tokens, logits of the last one only (what generation needs); decode: one token
// per call with its logits, as `fantasma generate` runs.
#include "engine/cpu/cpu_backend.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/session.hpp"
#include "engine/weights.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace fe = fantasma::engine;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// Qwen3.5-0.8B's text model: 24 layers, full attention every fourth.
fe::ModelConfig qwen35_08b_config() {
    fe::ModelConfig c;
    c.hidden_size = 1024;
    c.intermediate_size = 3584;
    c.vocab_size = 248320;
    for (int i = 0; i < 24; ++i)
        c.layer_types.push_back(i % 4 == 3 ? fe::LayerKind::full_attention
                                           : fe::LayerKind::linear_attention);
    c.tie_word_embeddings = true;
    c.num_attention_heads = 8;
    c.num_key_value_heads = 2;
    c.head_dim = 256;
    c.rope_theta = 1e7;
    c.linear_num_key_heads = 16;
    c.linear_num_value_heads = 16;
    return c;
}

// Random weights of that shape, matrices in one type, stored as GGUF stores them.
class SyntheticModel : public fe::TensorSource {
  public:
    SyntheticModel(const fe::ModelConfig& c, fe::DType type) : type_(type) {
        const int hidden = c.hidden_size, heads = c.linear_num_value_heads;
        matrix("embed_tokens.weight", c.vocab_size, hidden);
        vector("norm.weight", hidden, 1.0f);
        for (int i = 0; i < c.num_layers(); ++i) {
            const std::string p = "layers." + std::to_string(i) + ".";
            vector(p + "input_layernorm.weight", hidden, 1.0f);
            vector(p + "post_attention_layernorm.weight", hidden, 1.0f);
            if (c.layer_types[std::size_t(i)] == fe::LayerKind::full_attention) {
                const int q = c.num_attention_heads * c.head_dim;
                const int kv = c.num_key_value_heads * c.head_dim;
                matrix(p + "self_attn.q_proj.weight", 2 * q, hidden);
                matrix(p + "self_attn.k_proj.weight", kv, hidden);
                matrix(p + "self_attn.v_proj.weight", kv, hidden);
                matrix(p + "self_attn.o_proj.weight", hidden, q);
                vector(p + "self_attn.q_norm.weight", c.head_dim, 1.0f);
                vector(p + "self_attn.k_norm.weight", c.head_dim, 1.0f);
            } else {
                const std::string l = p + "linear_attn.";
                matrix(l + "in_proj_qkv.weight", c.linear_conv_dim(), hidden);
                matrix(l + "in_proj_z.weight", c.linear_value_dim(), hidden);
                matrix(l + "in_proj_a.weight", heads, hidden);
                matrix(l + "in_proj_b.weight", heads, hidden);
                floats(l + "conv1d.weight", {c.linear_conv_dim(), c.linear_conv_kernel_dim}, 0.2f);
                vector(l + "A_log", heads, -1.0f);  // GGUF's ssm_a: A itself
                vector(l + "dt_bias", heads, 0.0f);
                vector(l + "norm.weight", c.linear_value_head_dim, 1.0f);
                matrix(l + "out_proj.weight", hidden, c.linear_value_dim());
            }
            matrix(p + "mlp.gate_proj.weight", c.intermediate_size, hidden);
            matrix(p + "mlp.up_proj.weight", c.intermediate_size, hidden);
            matrix(p + "mlp.down_proj.weight", hidden, c.intermediate_size);
        }
    }
    const fe::TensorData* find(std::string_view name) const override {
        const auto found = tensors_.find(name);
        return found == tensors_.end() ? nullptr : &found->second;
    }
    std::string describe() const override { return "synthetic model"; }
    fe::WeightConventions conventions() const override { return {true, true, true, false}; }

  private:
    std::uint64_t next() {  // splitmix64
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    std::vector<std::byte>& add(const std::string& name, fe::DType type,
                                std::vector<std::int64_t> shape, std::size_t bytes) {
        storage_.push_back(std::make_unique<std::vector<std::byte>>(bytes));
        tensors_[name] = fe::TensorData{name, type, shape, *storage_.back()};
        return *storage_.back();
    }
    // Random bits, then each block's scale set so weights come out around ±0.02.
    void matrix(const std::string& name, int rows, int cols) {
        const std::size_t bytes = *fe::storage_bytes(type_, std::vector<std::int64_t>{rows, cols});
        auto& data = add(name, type_, {rows, cols}, bytes);
        for (std::size_t i = 0; i + 8 <= bytes; i += 8) {
            const std::uint64_t bits = next();
            std::memcpy(data.data() + i, &bits, 8);
        }
        const fe::BlockFormat format = fe::block_format(type_);
        const auto put_half = [&](std::size_t at, float value) {
            const std::uint16_t half = fe::f32_to_f16(value);
            std::memcpy(data.data() + at, &half, 2);
        };
        if (type_ == fe::DType::f16) {
            for (std::size_t i = 0; i < bytes; i += 2)
                put_half(i, float(next() % 2001) * 2e-5f - 0.02f);
        } else {
            const float scale = type_ == fe::DType::q8_0     ? 0.02f / 74
                                : type_ == fe::DType::iq4_xs ? 0.02f / 60 / 16
                                                             : 0.02f / 4.6f;
            const bool has_min = type_ == fe::DType::q5_k;  // dmin after d
            for (std::size_t at = 0; at < bytes; at += std::size_t(format.bytes)) {
                put_half(at, scale);
                if (has_min) put_half(at + 2, scale);
            }
        }
    }
    void floats(const std::string& name, std::vector<std::int64_t> shape, float spread) {
        const std::size_t count = std::size_t(shape[0]) * std::size_t(shape[1]);
        auto& data = add(name, fe::DType::f32, shape, 4 * count);
        for (std::size_t i = 0; i < count; ++i) {
            const float value = spread * (float(next() % 2001) / 1000.0f - 1.0f);
            std::memcpy(data.data() + 4 * i, &value, 4);
        }
    }
    void vector(const std::string& name, int size, float value) {
        auto& data = add(name, fe::DType::f32, {size}, 4 * std::size_t(size));
        for (int i = 0; i < size; ++i) std::memcpy(data.data() + 4 * i, &value, 4);
    }

    fe::DType type_;
    std::uint64_t state_ = 1234;
    std::vector<std::unique_ptr<std::vector<std::byte>>> storage_;
    std::map<std::string, fe::TensorData, std::less<>> tensors_;
};

fe::LoadedModel open_any(const std::string& path, fe::Backend& backend) {
    const std::string prefix = "synthetic:";
    if (path.rfind(prefix, 0) != 0) return fe::open_model(path, backend);
    const std::string kind = path.substr(prefix.size());
    const fe::DType type = kind == "q4_0"     ? fe::DType::q4_0
                           : kind == "f16"    ? fe::DType::f16
                           : kind == "q5_k"   ? fe::DType::q5_k
                           : kind == "iq4_xs" ? fe::DType::iq4_xs
                                              : fe::DType::q8_0;
    const auto config = qwen35_08b_config();
    fe::LoadedModel loaded;
    loaded.source = std::make_unique<SyntheticModel>(config, type);
    loaded.model = std::make_unique<fe::Model>(
        config, fe::load_weights(config, *loaded.source, backend), backend);
    return loaded;
}

struct Options {
    std::string model;
    std::string backend = "cpu";
    std::string kernels;
    int threads = 0;
    int prompt = 512;
    int gen = 64;
    int runs = 3;
};

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--threads")
            options.threads = std::stoi(value());
        else if (arg == "--backend")
            options.backend = value();
        else if (arg == "--kernels")
            options.kernels = value();
        else if (arg == "--prompt")
            options.prompt = std::stoi(value());
        else if (arg == "--gen")
            options.gen = std::stoi(value());
        else if (arg == "--runs")
            options.runs = std::stoi(value());
        else
            options.model = arg;
    }
    if (options.model.empty()) throw std::runtime_error("usage: fantasma-engine-bench MODEL ...");
    return options;
}

}  // namespace

int main(int argc, char** argv) try {
    const Options options = parse(argc, argv);
    std::unique_ptr<fe::Backend> backend;
    if (options.backend == "reference")
        backend = std::make_unique<fe::cpu::ReferenceBackend>();
    else
        backend = std::make_unique<fe::cpu::CpuBackend>(
            fe::cpu::CpuOptions{.threads = options.threads, .kernels = options.kernels});
    const auto load_start = std::chrono::steady_clock::now();
    auto loaded = open_any(options.model, *backend);
    fe::Model& model = *loaded.model;
    const int vocab = model.config().vocab_size;
    std::printf("%s: %s, loaded in %.2f s\n", options.model.c_str(), backend->name().c_str(),
                seconds_since(load_start));

    std::vector<std::int32_t> tokens(std::size_t(options.prompt + options.gen));
    for (std::size_t i = 0; i < tokens.size(); ++i) tokens[i] = std::int32_t((i * 7919) % 50000);
    const std::span<const std::int32_t> all(tokens);
    std::vector<float> logits(static_cast<std::size_t>(vocab));
    auto sequence = model.new_sequence(int(tokens.size()));
    std::vector<double> prefill_rates, decode_rates;
    for (int run = 0; run < options.runs; ++run) {
        model.reset(sequence);
        auto start = std::chrono::steady_clock::now();
        if (options.prompt > 1) model.forward(sequence, all.subspan(0, options.prompt - 1), {});
        model.forward(sequence, all.subspan(std::size_t(options.prompt) - 1, 1), logits);
        prefill_rates.push_back(options.prompt / seconds_since(start));
        start = std::chrono::steady_clock::now();
        for (int i = 0; i < options.gen; ++i)
            model.forward(sequence, all.subspan(std::size_t(options.prompt + i), 1), logits);
        decode_rates.push_back(options.gen / seconds_since(start));
        std::printf("run %d: prefill %d tokens %.1f tok/s, decode %d tokens %.2f tok/s\n", run + 1,
                    options.prompt, prefill_rates.back(), options.gen, decode_rates.back());
    }
    std::printf("median of %d: prefill %.1f tok/s, decode %.2f tok/s\n", options.runs,
                median(prefill_rates), median(decode_rates));
    return 0;
} catch (const std::exception& error) {
    std::fprintf(stderr, "fantasma-engine-bench: %s\n", error.what());
    return 1;
}
