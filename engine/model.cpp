#include "engine/model.hpp"

#include "engine/error.hpp"

#include <string>

namespace fantasma::engine {
namespace {

constexpr float kL2NormEps = 1e-6f;  // transformers' l2norm on DeltaNet q and k

}  // namespace

Model::Model(ModelConfig config, ModelWeights weights, Backend& backend, int max_batch)
    : config_(std::move(config)),
      weights_(std::move(weights)),
      backend_(backend),
      max_batch_(max_batch) {
    if (max_batch_ < 1) throw ModelError("max_batch must be at least 1");
    const auto& c = config_;
    const auto work = [&](int width) { return backend_.allocate(max_batch_, width); };
    const int q_width = c.num_attention_heads * c.head_dim;
    const int kv_width = c.num_key_value_heads * c.head_dim;
    const int heads = c.linear_num_value_heads;
    scratch_ = Scratch{
        .hidden = work(c.hidden_size),
        .normed = work(c.hidden_size),
        .mixed = work(c.hidden_size),
        .query_gate = work(2 * q_width),
        .key = work(kv_width),
        .value = work(kv_width),
        .attended = work(q_width),
        .qkv = work(c.linear_conv_dim()),
        .conv = work(c.linear_conv_dim()),
        .z = work(c.linear_value_dim()),
        .a = work(heads),
        .b = work(heads),
        .g = work(heads),
        .beta = work(heads),
        .core = work(c.linear_value_dim()),
        .gated = work(c.linear_value_dim()),
        .mlp_gate = work(c.intermediate_size),
        .mlp_up = work(c.intermediate_size),
        .logits = work(c.vocab_size),
    };
}

SequenceState Model::new_sequence(int capacity) {
    const auto& c = config_;
    if (capacity < 1) throw ModelError("the context must hold at least one token");
    SequenceState sequence;
    sequence.capacity = capacity;
    for (const auto& layer : weights_.layers) {
        LayerState state;
        if (layer.kind == LayerKind::full_attention) {
            state.k_cache = backend_.allocate(capacity * c.num_key_value_heads, c.head_dim);
            state.v_cache = backend_.allocate(capacity * c.num_key_value_heads, c.head_dim);
        } else {
            state.conv_state = backend_.allocate(c.linear_conv_kernel_dim - 1, c.linear_conv_dim());
            state.delta_state = backend_.allocate(c.linear_num_value_heads * c.linear_key_head_dim,
                                                  c.linear_value_head_dim);
        }
        sequence.layers.push_back(state);
    }
    return sequence;
}

void Model::reset(SequenceState& sequence) {
    for (auto& state : sequence.layers)
        for (Tensor t : {state.k_cache, state.v_cache, state.conv_state, state.delta_state})
            if (t.handle != nullptr) backend_.fill_zero(t);
    sequence.position = 0;
}

void Model::copy_state(const SequenceState& from, SequenceState& to) {
    if (from.capacity != to.capacity || from.layers.size() != to.layers.size())
        throw ModelError("a sequence's state can only be copied to one of the same capacity");
    for (std::size_t layer = 0; layer < to.layers.size(); ++layer) {
        const LayerState& source = from.layers[layer];
        LayerState& target = to.layers[layer];
        for (auto [in, out] :
             {std::pair{source.k_cache, target.k_cache}, std::pair{source.v_cache, target.v_cache},
              std::pair{source.conv_state, target.conv_state},
              std::pair{source.delta_state, target.delta_state}})
            if (in.handle != nullptr) backend_.copy(out, in);
    }
    to.position = from.position;
}

void Model::forward(SequenceState& sequence, std::span<const std::int32_t> tokens,
                    std::span<float> logits) {
    const std::size_t vocab = std::size_t(config_.vocab_size);
    if (!logits.empty() && logits.size() != tokens.size() * vocab)
        throw ModelError("the logits buffer does not hold tokens × vocab floats");
    if (std::size_t(sequence.position) + tokens.size() > std::size_t(sequence.capacity))
        throw ModelError("the context is full: " + std::to_string(sequence.capacity) + " tokens");
    for (std::size_t begin = 0; begin < tokens.size(); begin += std::size_t(max_batch_)) {
        const std::size_t count = std::min(tokens.size() - begin, std::size_t(max_batch_));
        forward_batch(sequence, tokens.subspan(begin, count),
                      logits.empty() ? logits : logits.subspan(begin * vocab, count * vocab));
    }
}

void Model::forward_best(SequenceState& sequence, std::span<const std::int32_t> tokens,
                         std::span<Candidate> best) {
    if (tokens.empty()) throw ModelError("forward_best needs a token");
    if (best.size() > std::size_t(config_.vocab_size))
        throw ModelError("more best logits asked for than the vocabulary has");
    forward(sequence, tokens.first(tokens.size() - 1), {});
    if (sequence.position >= sequence.capacity)
        throw ModelError("the context is full: " + std::to_string(sequence.capacity) + " tokens");
    SequenceState* const alone[] = {&sequence};
    run_layers(alone, tokens.last(1));
    backend_.top_k(best, logits_on_backend(1));
}

void Model::forward_batch(SequenceState& sequence, std::span<const std::int32_t> tokens,
                          std::span<float> logits) {
    SequenceState* const alone[] = {&sequence};
    run_layers(alone, tokens);
    if (!logits.empty()) backend_.read(logits, logits_on_backend(int(tokens.size())));
}

template <typename Take>
void Model::decode_batches(std::span<SequenceState* const> sequences,
                           std::span<const std::int32_t> tokens, const Take& take) {
    if (tokens.size() != sequences.size()) throw ModelError("decode takes one token per sequence");
    for (std::size_t i = 0; i < sequences.size(); ++i) {
        if (sequences[i]->position >= sequences[i]->capacity)
            throw ModelError("the context is full: " + std::to_string(sequences[i]->capacity) +
                             " tokens");
        for (std::size_t j = 0; j < i; ++j)
            if (sequences[j] == sequences[i])
                throw ModelError("decode was given the same sequence twice");
    }
    for (std::size_t begin = 0; begin < tokens.size(); begin += std::size_t(max_batch_)) {
        const std::size_t count = std::min(tokens.size() - begin, std::size_t(max_batch_));
        run_layers(sequences.subspan(begin, count), tokens.subspan(begin, count));
        take(begin, logits_on_backend(int(count)));
    }
}

void Model::decode(std::span<SequenceState* const> sequences, std::span<const std::int32_t> tokens,
                   std::span<float> logits) {
    const std::size_t vocab = std::size_t(config_.vocab_size);
    if (logits.size() != sequences.size() * vocab)
        throw ModelError("the logits buffer does not hold sequences × vocab floats");
    decode_batches(sequences, tokens, [&](std::size_t first, Tensor rows) {
        backend_.read(logits.subspan(first * vocab, std::size_t(rows.rows) * vocab), rows);
    });
}

void Model::decode_best(std::span<SequenceState* const> sequences,
                        std::span<const std::int32_t> tokens, std::span<Candidate> best) {
    if (sequences.empty()) return;
    const std::size_t k = best.size() / sequences.size();
    if (k * sequences.size() != best.size() || k == 0)
        throw ModelError("decode_best wants the same number of best logits for each sequence");
    if (k > std::size_t(config_.vocab_size))
        throw ModelError("more best logits asked for than the vocabulary has");
    decode_batches(sequences, tokens, [&](std::size_t first, Tensor rows) {
        for (int row = 0; row < rows.rows; ++row)
            backend_.top_k(best.subspan((first + std::size_t(row)) * k, k), rows.row_range(row, 1));
    });
}

void Model::run_layers(std::span<SequenceState* const> sequences,
                       std::span<const std::int32_t> tokens) {
    const auto& c = config_;
    const int T = int(tokens.size());
    Tensor hidden = scratch_.hidden.row_range(0, T);  // [T, hidden], the residual stream
    Tensor normed = scratch_.normed.row_range(0, T);
    Tensor mixed = scratch_.mixed.row_range(0, T);

    backend_.embedding(hidden, weights_.embed_tokens, tokens);
    for (std::size_t i = 0; i < weights_.layers.size(); ++i) {
        const LayerWeights& layer = weights_.layers[i];
        backend_.rms_norm(normed, hidden, layer.input_norm, c.rms_norm_eps);
        if (layer.kind == LayerKind::full_attention)
            attention(layer.attention, i, sequences, normed, mixed);
        else
            delta_net(layer.delta_net, i, sequences, normed, mixed);
        backend_.add(hidden, mixed);
        backend_.rms_norm(normed, hidden, layer.post_attention_norm, c.rms_norm_eps);
        mlp(layer, normed, mixed);
        backend_.add(hidden, mixed);
    }
    for (SequenceState* sequence : sequences) sequence->position += T / int(sequences.size());
}

Tensor Model::logits_on_backend(int T) {
    Tensor hidden = scratch_.hidden.row_range(0, T);
    Tensor normed = scratch_.normed.row_range(0, T);
    backend_.rms_norm(normed, hidden, weights_.norm, config_.rms_norm_eps);
    Tensor out = scratch_.logits.row_range(0, T);  // [T, vocab]
    backend_.matmul(out, normed, weights_.lm_head);
    return out;
}

// Gated attention: q_proj yields, per head, a query and an output gate. The projections and
// norms take every row at once; RoPE and the KV cache go sequence by sequence, then one call
// attends for all of them, each over its own cache.
void Model::attention(const AttentionWeights& w, std::size_t layer,
                      std::span<SequenceState* const> sequences, Tensor in, Tensor out) {
    const auto& c = config_;
    const int T = in.rows, per_sequence = T / int(sequences.size());
    const int heads = c.num_attention_heads, kv_heads = c.num_key_value_heads, d = c.head_dim;

    Tensor query_gate = scratch_.query_gate.row_range(0, T);              // [T, heads·2d]
    Tensor key = scratch_.key.row_range(0, T).reshaped(T * kv_heads, d);  // [T·kv_heads, d]
    Tensor value = scratch_.value.row_range(0, T).reshaped(T * kv_heads, d);
    const Projection projections[] = {{query_gate, &w.q_proj},
                                      {key.reshaped(T, kv_heads * d), &w.k_proj},
                                      {value.reshaped(T, kv_heads * d), &w.v_proj}};
    backend_.matmuls(in, projections);
    Tensor per_head = query_gate.reshaped(T * heads, 2 * d);  // [T·heads, query | gate]
    Tensor query = per_head.col_range(0, d);
    Tensor gate = per_head.col_range(d, d);
    backend_.rms_norm(query, query, w.q_norm, c.rms_norm_eps);
    backend_.rms_norm(key, key, w.k_norm, c.rms_norm_eps);

    Tensor attended = scratch_.attended.row_range(0, T);  // [T, heads·d]
    Tensor attended_heads = attended.reshaped(T * heads, d);
    attention_calls_.clear();
    for (std::size_t s = 0; s < sequences.size(); ++s) {
        LayerState& state = sequences[s]->layers[layer];
        const int position0 = sequences[s]->position, first = int(s) * per_sequence;
        Tensor own_query = query.row_range(first * heads, per_sequence * heads);
        Tensor own_key = key.row_range(first * kv_heads, per_sequence * kv_heads);
        backend_.rope(own_query, heads, c.rotary_dim(), c.rope_theta, position0);
        backend_.rope(own_key, kv_heads, c.rotary_dim(), c.rope_theta, position0);
        const int cached = per_sequence * kv_heads;
        backend_.copy(state.k_cache.row_range(position0 * kv_heads, cached), own_key);
        backend_.copy(state.v_cache.row_range(position0 * kv_heads, cached),
                      value.row_range(first * kv_heads, cached));
        attention_calls_.push_back({attended_heads.row_range(first * heads, per_sequence * heads),
                                    own_query, state.k_cache, state.v_cache, position0});
    }
    backend_.attentions(attention_calls_, heads, kv_heads);
    backend_.sigmoid_gate(attended_heads, gate);
    backend_.matmul(out, attended, w.o_proj);
}

// Gated DeltaNet: a causal conv over q | k | v, then the gated delta rule per value head. The
// conv and the delta rule carry state, so they go sequence by sequence.
void Model::delta_net(const DeltaNetWeights& w, std::size_t layer,
                      std::span<SequenceState* const> sequences, Tensor in, Tensor out) {
    const auto& c = config_;
    const int T = in.rows, per_sequence = T / int(sequences.size());
    const int key_dim = c.linear_key_dim(), value_dim = c.linear_value_dim();

    Tensor qkv = scratch_.qkv.row_range(0, T);  // [T, conv_dim]
    Tensor z = scratch_.z.row_range(0, T), a = scratch_.a.row_range(0, T),
           b = scratch_.b.row_range(0, T);
    const Projection projections[] = {
        {qkv, &w.in_proj_qkv}, {z, &w.in_proj_z}, {a, &w.in_proj_a}, {b, &w.in_proj_b}};
    backend_.matmuls(in, projections);
    Tensor conv = scratch_.conv.row_range(0, T);
    const auto rows = [&](Tensor t, std::size_t s) {
        return t.row_range(int(s) * per_sequence, per_sequence);
    };
    conv_calls_.clear();
    for (std::size_t s = 0; s < sequences.size(); ++s)
        conv_calls_.push_back(
            {rows(conv, s), rows(qkv, s), sequences[s]->layers[layer].conv_state});
    backend_.causal_conv_silus(conv_calls_, w.conv1d);
    Tensor q = conv.col_range(0, key_dim);  // [T, Hk·Dk]
    Tensor k = conv.col_range(key_dim, key_dim);
    Tensor v = conv.col_range(2 * key_dim, value_dim);  // [T, Hv·Dv]
    backend_.l2_norm(q, c.linear_key_head_dim, kL2NormEps);
    backend_.l2_norm(k, c.linear_key_head_dim, kL2NormEps);

    Tensor g = scratch_.g.row_range(0, T), beta = scratch_.beta.row_range(0, T);  // [T, Hv]
    backend_.delta_gates(g, beta, a, b, w.A, w.dt_bias);

    Tensor core = scratch_.core.row_range(0, T);  // [T, Hv·Dv]
    const DeltaShape shape{c.linear_num_key_heads, c.linear_num_value_heads, c.linear_key_head_dim,
                           c.linear_value_head_dim, weights_.tiled_value_heads};
    delta_calls_.clear();
    for (std::size_t s = 0; s < sequences.size(); ++s)
        delta_calls_.push_back({rows(core, s), sequences[s]->layers[layer].delta_state, rows(q, s),
                                rows(k, s), rows(v, s), rows(g, s), rows(beta, s)});
    backend_.delta_rules(delta_calls_, shape);
    Tensor gated = scratch_.gated.row_range(0, T);
    backend_.gated_rms_norm(gated, core, z, w.norm, c.rms_norm_eps);
    backend_.matmul(out, gated, w.out_proj);
}

void Model::mlp(const LayerWeights& w, Tensor in, Tensor out) {
    Tensor gate = scratch_.mlp_gate.row_range(0, in.rows);  // [T, intermediate]
    Tensor up = scratch_.mlp_up.row_range(0, in.rows);
    const Projection projections[] = {{gate, &w.gate_proj}, {up, &w.up_proj}};
    backend_.matmuls(in, projections);
    backend_.swiglu(gate, gate, up);
    backend_.matmul(out, gate, w.down_proj);
}

}  // namespace fantasma::engine
