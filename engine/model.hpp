#pragma once

#include "engine/backend.hpp"
#include "engine/config.hpp"
#include "engine/weights.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace fantasma::engine {

// What one sequence carries from call to call: the KV cache of each full-attention layer, the
// conv history and delta-rule state of each DeltaNet layer, and how many tokens it has seen.
struct LayerState {
    Tensor k_cache;      // [capacity·kv_heads, head_dim]
    Tensor v_cache;      // [capacity·kv_heads, head_dim]
    Tensor conv_state;   // [kernel − 1, conv_dim], last pre-conv inputs, oldest first
    Tensor delta_state;  // [value_heads·key_head_dim, value_head_dim], S per value head
};

struct SequenceState {
    std::vector<LayerState> layers;
    int position = 0;  // tokens seen so far
    int capacity = 0;  // the most tokens the KV cache holds
};

// A Qwen3.5 hybrid model on a backend. The forward pass is written here once for every backend:
//   h = E[tokens]
//   per layer: h += Mixer(Norm1(h))        Mixer: Gated DeltaNet or gated attention
//              h += W_down(silu(W_gate n) ⊙ W_up n), n = Norm2(h)
//   logits = NormF(h) · lm_headᵀ
class Model {
  public:
    // max_batch: the most tokens one backend call processes; longer inputs go in batches.
    Model(ModelConfig config, ModelWeights weights, Backend& backend, int max_batch = 64);

    const ModelConfig& config() const { return config_; }

    SequenceState new_sequence(int capacity);
    void reset(SequenceState& sequence);
    // Makes `to` continue from where `from` is (its caches and recurrent state, its position):
    // one prompt's prefill shared by several candidates. Both from new_sequence with the same
    // capacity.
    void copy_state(const SequenceState& from, SequenceState& to);

    // Runs the tokens after those the sequence has seen. logits: [tokens, vocab], row t the
    // next-token logits after tokens[t]; empty to skip them (prefill without output).
    void forward(SequenceState& sequence, std::span<const std::int32_t> tokens,
                 std::span<float> logits);

    // Like forward, but gives only the best.size() largest logits of the last token, largest
    // first, ties to the lower id: Backend::top_k selects them where the logits are, so a
    // device backend does not read the whole vocabulary back (greedy and top-k sampling).
    void forward_best(SequenceState& sequence, std::span<const std::int32_t> tokens,
                      std::span<Candidate> best);

    // One token for each of several distinct sequences (tokens[i] follows what sequences[i]
    // has seen), as one batch: each matrix product reads its weights once for all of them,
    // while each sequence keeps its own KV cache, conv history and delta-rule state. logits:
    // [sequences, vocab], row i the next-token logits of sequence i: the very values forward()
    // gives it alone on a backend whose products do not depend on the other rows of a call
    // (the CPU backends; tests/engine holds them to it).
    void decode(std::span<SequenceState* const> sequences, std::span<const std::int32_t> tokens,
                std::span<float> logits);
    // Like decode, but gives each sequence only its k largest logits (best: [sequences, k],
    // k = best.size() / sequences), as forward_best does for one: top-k sampling needs no more.
    void decode_best(std::span<SequenceState* const> sequences,
                     std::span<const std::int32_t> tokens, std::span<Candidate> best);

  private:
    void forward_batch(SequenceState& sequence, std::span<const std::int32_t> tokens,
                       std::span<float> logits);
    // decode and decode_best: the checks, then batches of up to max_batch sequences, each
    // batch's logits [count, vocab] handed to `take` with the index of its first sequence.
    template <typename Take>
    void decode_batches(std::span<SequenceState* const> sequences,
                        std::span<const std::int32_t> tokens, const Take& take);
    // The tokens split evenly over the sequences, in order: sequence s reads tokens
    // [s·T/S, (s + 1)·T/S), which are rows of the same call.
    void run_layers(std::span<SequenceState* const> sequences,
                    std::span<const std::int32_t> tokens);
    Tensor logits_on_backend(int tokens);  // of the last run_layers, [tokens, vocab]
    void attention(const AttentionWeights& w, std::size_t layer,
                   std::span<SequenceState* const> sequences, Tensor in, Tensor out);
    void delta_net(const DeltaNetWeights& w, std::size_t layer,
                   std::span<SequenceState* const> sequences, Tensor in, Tensor out);
    void mlp(const LayerWeights& w, Tensor in, Tensor out);

    // Work tensors, [max_batch, width] each; a batch of T tokens uses the first T rows.
    struct Scratch {
        Tensor hidden, normed, mixed;
        Tensor query_gate, key, value, attended;          // gated attention
        Tensor qkv, conv, z, a, b, g, beta, core, gated;  // Gated DeltaNet
        Tensor mlp_gate, mlp_up;                          // MLP
        Tensor logits;
    };

    ModelConfig config_;
    ModelWeights weights_;
    Backend& backend_;
    int max_batch_;
    Scratch scratch_;
    // The per-sequence parts of a DeltaNet layer's conv and delta rule and of an attention
    // layer's attention, reused call to call.
    std::vector<ConvCall> conv_calls_;
    std::vector<DeltaRuleCall> delta_calls_;
    std::vector<AttentionCall> attention_calls_;
};

}  // namespace fantasma::engine
