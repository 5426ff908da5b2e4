#include "engine/weights.hpp"

#include "engine/error.hpp"

#include <cmath>
#include <string>

namespace fantasma::engine {
namespace {

std::string shape_text(const std::vector<std::int64_t>& shape) {
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + "]";
}

class Loader {
  public:
    Loader(const TensorSource& source, Backend& backend) : source_(source), backend_(backend) {}

    const TensorData& find(const std::string& name, std::vector<std::int64_t> shape) const {
        const TensorData* tensor = source_.find(name);
        if (tensor == nullptr)
            throw ModelError(source_.describe() + ": tensor '" + source_.stored_name(name) +
                             "' is missing");
        if (tensor->shape != shape)
            throw ModelError(source_.describe() + ": tensor '" + source_.stored_name(name) +
                             "' has shape " + shape_text(tensor->shape) + ", the config implies " +
                             shape_text(shape));
        return *tensor;
    }

    Weight matrix(const std::string& name, int rows, int cols) {
        return backend_.prepare_weight(find(name, {rows, cols}), rows, cols);
    }

    // A vector transformed on the way in (1 + w, −exp(A_log), or as is).
    template <typename Transform>
    Weight vector(const std::string& name, int size, Transform transform) {
        auto values = to_f32(find(name, {size}));
        for (auto& value : values) value = transform(value);
        TensorData converted{name, DType::f32, {size}, std::as_bytes(std::span(values))};
        return backend_.prepare_weight(converted, 1, size);
    }

    Weight zero_centred_norm(const std::string& name, int size) {
        const float one = source_.conventions().norms_include_one ? 0.0f : 1.0f;
        return vector(name, size, [one](float w) { return one + w; });
    }

    Weight decay(const std::string& name, int size) {
        if (source_.conventions().decay_as_A) return plain(name, size);
        return vector(name, size, [](float a_log) { return -std::exp(a_log); });
    }
    Weight plain(const std::string& name, int size) {
        return vector(name, size, [](float w) { return w; });
    }

    Weight conv(const std::string& name, int channels, int kernel) {
        const bool flat = source_.conventions().conv_2d;
        const std::vector<std::int64_t> shape =
            flat ? std::vector<std::int64_t>{channels, kernel}
                 : std::vector<std::int64_t>{channels, 1, kernel};
        return backend_.prepare_weight(find(name, shape), channels, kernel);
    }

  private:
    const TensorSource& source_;
    Backend& backend_;
};

AttentionWeights load_attention(Loader& in, const std::string& p, const ModelConfig& c) {
    const int q_width = c.num_attention_heads * c.head_dim;
    const int kv_width = c.num_key_value_heads * c.head_dim;
    return {
        .q_proj = in.matrix(p + "q_proj.weight", 2 * q_width, c.hidden_size),
        .k_proj = in.matrix(p + "k_proj.weight", kv_width, c.hidden_size),
        .v_proj = in.matrix(p + "v_proj.weight", kv_width, c.hidden_size),
        .o_proj = in.matrix(p + "o_proj.weight", c.hidden_size, q_width),
        .q_norm = in.zero_centred_norm(p + "q_norm.weight", c.head_dim),
        .k_norm = in.zero_centred_norm(p + "k_norm.weight", c.head_dim),
    };
}

DeltaNetWeights load_delta_net(Loader& in, const std::string& p, const ModelConfig& c) {
    const int heads = c.linear_num_value_heads;
    return {
        .in_proj_qkv = in.matrix(p + "in_proj_qkv.weight", c.linear_conv_dim(), c.hidden_size),
        .in_proj_z = in.matrix(p + "in_proj_z.weight", c.linear_value_dim(), c.hidden_size),
        .in_proj_a = in.matrix(p + "in_proj_a.weight", heads, c.hidden_size),
        .in_proj_b = in.matrix(p + "in_proj_b.weight", heads, c.hidden_size),
        .conv1d = in.conv(p + "conv1d.weight", c.linear_conv_dim(), c.linear_conv_kernel_dim),
        .A = in.decay(p + "A_log", heads),
        .dt_bias = in.plain(p + "dt_bias", heads),
        .norm = in.plain(p + "norm.weight", c.linear_value_head_dim),
        .out_proj = in.matrix(p + "out_proj.weight", c.hidden_size, c.linear_value_dim()),
    };
}

}  // namespace

ModelWeights load_weights(const ModelConfig& c, const TensorSource& source, Backend& backend) {
    Loader in(source, backend);
    ModelWeights weights;
    weights.tiled_value_heads = source.conventions().tiled_value_heads;
    weights.embed_tokens = in.matrix("embed_tokens.weight", c.vocab_size, c.hidden_size);
    weights.norm = in.zero_centred_norm("norm.weight", c.hidden_size);
    // Some tied checkpoints still carry lm_head.weight; the tie wins, as in transformers.
    weights.lm_head = c.tie_word_embeddings
                          ? weights.embed_tokens
                          : in.matrix("lm_head.weight", c.vocab_size, c.hidden_size);
    for (int i = 0; i < c.num_layers(); ++i) {
        const std::string p = "layers." + std::to_string(i) + ".";
        LayerWeights layer;
        layer.kind = c.layer_types[std::size_t(i)];
        layer.input_norm = in.zero_centred_norm(p + "input_layernorm.weight", c.hidden_size);
        layer.post_attention_norm =
            in.zero_centred_norm(p + "post_attention_layernorm.weight", c.hidden_size);
        if (layer.kind == LayerKind::full_attention)
            layer.attention = load_attention(in, p + "self_attn.", c);
        else
            layer.delta_net = load_delta_net(in, p + "linear_attn.", c);
        layer.gate_proj = in.matrix(p + "mlp.gate_proj.weight", c.intermediate_size, c.hidden_size);
        layer.up_proj = in.matrix(p + "mlp.up_proj.weight", c.intermediate_size, c.hidden_size);
        layer.down_proj = in.matrix(p + "mlp.down_proj.weight", c.hidden_size, c.intermediate_size);
        weights.layers.push_back(layer);
    }
    return weights;
}

}  // namespace fantasma::engine
