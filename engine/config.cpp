#include "engine/config.hpp"

#include "engine/error.hpp"

#include <nlohmann/json.hpp>

#include "support/json_read.hpp"

#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

namespace fantasma::engine {
namespace {

using nlohmann::json;

class ConfigReader {
  public:
    ConfigReader(const json& object, std::string_view source) : object_(object), source_(source) {}

    template <typename T>
    void read(const char* key, T& value) const {
        const auto it = object_.find(key);
        if (it == object_.end() || it->is_null()) return;
        const bool ok = std::is_same_v<T, bool> ? it->is_boolean() : it->is_number();
        if (!ok || (std::is_integral_v<T> && !std::is_same_v<T, bool> && !it->is_number_integer()))
            fail(key, "has the wrong type");
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
            // Checked before narrowing, so 2^32 + 1024 does not become 1024.
            const bool fits =
                it->is_number_unsigned()
                    ? it->template get<std::uint64_t>() <=
                          std::uint64_t(std::numeric_limits<T>::max())
                    : it->template get<std::int64_t>() >= std::numeric_limits<T>::min();
            if (!fits) fail(key, "is out of range");
        }
        value = it->get<T>();
    }

    [[noreturn]] void fail(std::string_view key, std::string_view problem) const {
        throw ModelError(std::string(source_) + ": '" + std::string(key) + "' " +
                         std::string(problem));
    }

    std::string_view source() const { return source_; }

  private:
    const json& object_;
    std::string_view source_;
};

std::vector<LayerKind> read_layer_types(const json& text, int num_layers, const ConfigReader& in) {
    std::vector<LayerKind> kinds;
    const auto it = text.find("layer_types");
    if (it != text.end() && !it->is_null()) {
        if (!it->is_array()) in.fail("layer_types", "is not a list");
        for (const auto& entry : *it) {
            if (entry == "linear_attention") {
                kinds.push_back(LayerKind::linear_attention);
            } else if (entry == "full_attention") {
                kinds.push_back(LayerKind::full_attention);
            } else {
                in.fail("layer_types", "has an unknown layer type " + entry.dump());
            }
        }
        if (int(kinds.size()) != num_layers)
            in.fail("layer_types", "does not list num_hidden_layers entries");
        return kinds;
    }
    // transformers: without layer_types, every full_attention_interval-th layer is attention.
    int interval = 4;
    in.read("full_attention_interval", interval);
    if (interval < 1) in.fail("full_attention_interval", "must be at least 1");
    for (int i = 0; i < num_layers; ++i)
        kinds.push_back((i + 1) % interval == 0 ? LayerKind::full_attention
                                                : LayerKind::linear_attention);
    return kinds;
}

// transformers has moved the RoPE settings over the years: top-level rope_theta and
// partial_rotary_factor, then nested in rope_scaling, now in rope_parameters.
void read_rope(const json& text, ModelConfig& config, const ConfigReader& in) {
    in.read("rope_theta", config.rope_theta);
    in.read("partial_rotary_factor", config.partial_rotary_factor);
    for (const char* key : {"rope_scaling", "rope_parameters"}) {
        const auto it = text.find(key);
        if (it == text.end() || it->is_null()) continue;
        if (!it->is_object()) in.fail(key, "is not an object");
        const ConfigReader nested(*it, in.source());
        nested.read("rope_theta", config.rope_theta);
        nested.read("partial_rotary_factor", config.partial_rotary_factor);
        const auto type = it->find("rope_type");
        if (type != it->end() && *type != "default")
            in.fail(key, "asks for rope_type " + type->dump() + "; only \"default\" is supported");
    }
}

std::vector<int> read_eos(const json& text, const json& root) {
    for (const json* object : {&text, &root}) {
        const auto it = object->find("eos_token_id");
        if (it == object->end()) continue;
        if (it->is_number_integer()) return {it->get<int>()};
        std::vector<int> ids;
        if (it->is_array())
            for (const auto& id : *it)
                if (id.is_number_integer()) ids.push_back(id.get<int>());
        return ids;
    }
    return {};
}

}  // namespace

std::uint64_t ModelConfig::recurrent_state_bytes() const {
    std::uint64_t bytes = 0;
    for (const LayerKind kind : layer_types)
        if (kind == LayerKind::linear_attention)
            bytes += 4 * (std::uint64_t(linear_num_value_heads) * linear_key_head_dim *
                              linear_value_head_dim +
                          std::uint64_t(linear_conv_kernel_dim - 1) * linear_conv_dim());
    return bytes;
}

ModelConfig parse_hf_config(std::string_view json_text, std::string_view source) {
    JsonRead read = read_json(json_text);
    if (!read.ok()) throw ModelError(std::string(source) + ": " + read.error);
    const json root = std::move(read.value);
    if (!root.is_object()) throw ModelError(std::string(source) + ": not a JSON object");
    const auto text_it = root.find("text_config");
    const bool nested = text_it != root.end() && text_it->is_object();
    const json& text = nested ? *text_it : root;
    const ConfigReader in(text, source);

    // The MoE checkpoints (Qwen3.5-35B-A3B) route each token through experts: another graph.
    int experts = 0;
    in.read("num_experts", experts);
    if (experts > 0)
        throw ModelError(std::string(source) + ": Qwen3.5 MoE models are not supported yet");

    ModelConfig config;
    // The multimodal checkpoints keep tie_word_embeddings at the top level.
    ConfigReader(root, source).read("tie_word_embeddings", config.tie_word_embeddings);
    in.read("tie_word_embeddings", config.tie_word_embeddings);
    in.read("hidden_size", config.hidden_size);
    in.read("intermediate_size", config.intermediate_size);
    in.read("vocab_size", config.vocab_size);
    in.read("rms_norm_eps", config.rms_norm_eps);
    in.read("num_attention_heads", config.num_attention_heads);
    in.read("num_key_value_heads", config.num_key_value_heads);
    in.read("head_dim", config.head_dim);
    in.read("linear_num_key_heads", config.linear_num_key_heads);
    in.read("linear_num_value_heads", config.linear_num_value_heads);
    in.read("linear_key_head_dim", config.linear_key_head_dim);
    in.read("linear_value_head_dim", config.linear_value_head_dim);
    in.read("linear_conv_kernel_dim", config.linear_conv_kernel_dim);
    int num_layers = 32;
    in.read("num_hidden_layers", num_layers);
    if (num_layers < 1 || num_layers > 1024) in.fail("num_hidden_layers", "is out of range");
    config.layer_types = read_layer_types(text, num_layers, in);
    in.read("mtp_num_hidden_layers", config.mtp_layers);
    read_rope(text, config, in);
    config.eos_token_ids = read_eos(text, root);

    for (const char* key : {"hidden_act"}) {
        const auto it = text.find(key);
        if (it != text.end() && *it != "silu") in.fail(key, "is not \"silu\"");
    }
    for (const char* key : {"attention_bias"}) {
        const auto it = text.find(key);
        if (it != text.end() && *it == true) in.fail(key, "is true; biases are not supported");
    }
    validate(config, source);
    return config;
}

ModelConfig load_hf_config(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw ModelError(path.string() + ": cannot open");
    std::ostringstream text;
    text << file.rdbuf();
    if (text.str().size() > (16u << 20))
        throw ModelError(path.string() + ": too large for a config");
    return parse_hf_config(text.str(), path.string());
}

void validate(const ModelConfig& c, std::string_view source) {
    const auto check = [&](bool ok, std::string_view problem) {
        if (!ok) throw ModelError(std::string(source) + ": " + std::string(problem));
    };
    constexpr int kMaxWidth = 1 << 20;
    const auto in_range = [&](int value, std::string_view key) {
        check(value >= 1 && value <= kMaxWidth, std::string(key) + " is out of range");
    };
    in_range(c.hidden_size, "hidden_size");
    in_range(c.intermediate_size, "intermediate_size");
    in_range(c.vocab_size, "vocab_size");
    in_range(c.num_attention_heads, "num_attention_heads");
    in_range(c.num_key_value_heads, "num_key_value_heads");
    in_range(c.head_dim, "head_dim");
    in_range(c.linear_num_key_heads, "linear_num_key_heads");
    in_range(c.linear_num_value_heads, "linear_num_value_heads");
    in_range(c.linear_key_head_dim, "linear_key_head_dim");
    in_range(c.linear_value_head_dim, "linear_value_head_dim");
    check(c.linear_conv_kernel_dim >= 1 && c.linear_conv_kernel_dim <= 64,
          "linear_conv_kernel_dim is out of range");
    check(c.num_attention_heads % c.num_key_value_heads == 0,
          "num_attention_heads is not a multiple of num_key_value_heads");
    check(c.linear_num_value_heads % c.linear_num_key_heads == 0,
          "linear_num_value_heads is not a multiple of linear_num_key_heads");
    check(std::int64_t(c.num_attention_heads) * c.head_dim <= kMaxWidth &&
              std::int64_t(c.linear_conv_dim()) <= kMaxWidth,
          "attention widths are out of range");
    check(c.rms_norm_eps > 0 && c.rms_norm_eps < 1, "rms_norm_eps is out of range");
    check(c.rope_theta > 1, "rope_theta is out of range");
    check(c.partial_rotary_factor > 0 && c.partial_rotary_factor <= 1,
          "partial_rotary_factor is out of range");
    check(c.rotary_dim() % 2 == 0 && c.rotary_dim() >= 2, "the rotary dimension is not even");
    check(!c.layer_types.empty(), "the model has no layers");
    check(c.mtp_layers >= 0 && c.mtp_layers <= 1024, "the MTP layer count is out of range");
}

}  // namespace fantasma::engine
