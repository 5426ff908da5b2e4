#pragma once

#include "engine/error.hpp"
#include "engine/tensor_data.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace fantasma::engine {

// A 2-D float32 array that lives where its backend put it (host memory, a device buffer):
// rows × cols, `stride` elements from one row to the next, starting `offset` elements into the
// backend's allocation `handle`. Views share the allocation; only the backend reads the data.
struct Tensor {
    void* handle = nullptr;
    std::size_t offset = 0;
    int rows = 0;
    int cols = 0;
    int stride = 0;

    bool contiguous() const { return stride == cols || rows <= 1; }
    Tensor row_range(int begin, int count) const;
    Tensor col_range(int begin, int count) const;
    Tensor reshaped(int new_rows, int new_cols) const;  // contiguous tensors only
};

// A weight prepared by a backend (converted, repacked or uploaded): a [rows, cols] matrix,
// PyTorch layout, or a vector with rows == 1.
struct Weight {
    const void* handle = nullptr;
    int rows = 0;
    int cols = 0;
};

// One product of a group that reads the same input: out = in · weightᵀ.
struct Projection {
    Tensor out;
    const Weight* weight = nullptr;
};

// Shapes of a Gated DeltaNet layer, for the delta rule.
struct DeltaShape {
    int key_heads = 0;
    int value_heads = 0;
    int key_head_dim = 0;
    int value_head_dim = 0;
    bool tiled_value_heads = false;  // value head h reads key head h % key_heads, not h / group
};

// One sequence's part of a conv or delta-rule call over several sequences (Model::decode):
// its rows of the call's tensors and its own state.
struct ConvCall {
    Tensor out, in, state;
};
struct DeltaRuleCall {
    Tensor out, state, q, k, v, g, beta;
};
struct AttentionCall {
    Tensor out, q, k_cache, v_cache;
    int position0 = 0;
};

// One entry of a logits row: its value and its column (the token id).
struct Candidate {
    float value = 0;
    int index = 0;
    bool operator==(const Candidate&) const = default;
};

// The order of Backend::top_k: the larger value first, on equal values the lower index; NaN
// after every number.
bool better_candidate(const Candidate& a, const Candidate& b);

// Thrown when a backend's device has no room for a model's weights or work memory: the caller
// may run the model on another backend instead (`--backend auto`).
class DeviceMemoryError : public ModelError {
  public:
    using ModelError::ModelError;
};

// Checks that one call's tensors fit together, the same way in every backend. Each throws
// ModelError("<backend> backend: <what>") otherwise: a bug in the graph, not in a user's file.
void check_conv_shapes(std::string_view backend, Tensor out, Tensor in, Tensor state,
                       const Weight& weight);
void check_delta_gate_shapes(std::string_view backend, Tensor g, Tensor beta, Tensor a, Tensor b,
                             const Weight& A, const Weight& dt_bias);
void check_delta_rule_shapes(std::string_view backend, Tensor out, Tensor state, Tensor q, Tensor k,
                             Tensor v, Tensor g, Tensor beta, const DeltaShape& shape);

// What the model graph needs from a place to compute. The graph (model.cpp) is written once
// against this; the CPU reference backend implements it with engine/cpu/ops.hpp, faster and
// OpenCL backends implement the same calls. Memory comes from allocate() before decoding
// starts, so a backend allocates nothing per token.
class Backend {
  public:
    virtual ~Backend() = default;
    virtual std::string name() const = 0;

    // Storage. allocate() returns zeroed memory owned by the backend until it is destroyed.
    virtual Weight prepare_weight(const TensorData& tensor, int rows, int cols) = 0;
    virtual Tensor allocate(int rows, int cols) = 0;
    virtual void write(Tensor dst, std::span<const float> values) = 0;  // row-major values
    virtual void read(std::span<float> values, Tensor src) = 0;
    virtual void copy(Tensor dst, Tensor src) = 0;
    virtual void fill_zero(Tensor dst) = 0;

    // Ops; the shapes are those of engine/cpu/ops.hpp. "Per head" ops work on each run of
    // head_dim (or weight.cols) values within a row.
    virtual void embedding(Tensor out, const Weight& table,
                           std::span<const std::int32_t> tokens) = 0;
    virtual void matmul(Tensor out, Tensor in, const Weight& weight) = 0;
    virtual void rms_norm(Tensor out, Tensor in, const Weight& weight, float eps) = 0;
    virtual void gated_rms_norm(Tensor out, Tensor in, Tensor gate, const Weight& weight,
                                float eps) = 0;
    virtual void l2_norm(Tensor x, int head_dim, float eps) = 0;
    virtual void swiglu(Tensor out, Tensor gate, Tensor up) = 0;
    virtual void sigmoid_gate(Tensor x, Tensor gate) = 0;
    virtual void add(Tensor x, Tensor y) = 0;
    // x [T·heads, head_dim]: rotate-half RoPE on the first rotary_dim dims of every row.
    virtual void rope(Tensor x, int heads, int rotary_dim, double theta, int position0) = 0;
    // out, q [T·heads, head_dim]; caches [capacity·kv_heads, head_dim] holding position0 + T
    // tokens.
    virtual void attention(Tensor out, Tensor q, Tensor k_cache, Tensor v_cache, int heads,
                           int kv_heads, int position0) = 0;
    virtual void causal_conv_silu(Tensor out, Tensor in, Tensor state, const Weight& weight) = 0;
    virtual void delta_gates(Tensor g, Tensor beta, Tensor a, Tensor b, const Weight& A,
                             const Weight& dt_bias) = 0;
    // q, k [T, Hk·Dk]; v, out [T, Hv·Dv]; g, beta [T, Hv]; state [Hv·Dk, Dv]
    virtual void delta_rule(Tensor out, Tensor state, Tensor q, Tensor k, Tensor v, Tensor g,
                            Tensor beta, const DeltaShape& shape) = 0;

    // Optional, with host defaults (engine/backend.cpp) that serve every backend:
    // The best.size() largest entries of the one-row tensor `row` (best.size() <= row.cols),
    // largest first, ties to the lower index (as the sampler breaks them): what greedy and
    // top-k sampling need. A device backend selects them where the logits are, so only these
    // cross the bus. NaNs are never selected while other entries remain.
    virtual void top_k(std::span<Candidate> best, Tensor row);
    // Several matmuls of one input, as one op: a backend can prepare the input once and spread
    // all the weights' rows over its threads in one go (the default calls matmul per entry).
    virtual void matmuls(Tensor in, std::span<const Projection> projections);
    // The conv and the delta rule of several sequences (each call as causal_conv_silu or
    // delta_rule alone): the default runs them in turn; a backend may spread all of their
    // channels or heads over its threads at once (a batch of candidates has one token each).
    virtual void causal_conv_silus(std::span<const ConvCall> calls, const Weight& weight);
    virtual void delta_rules(std::span<const DeltaRuleCall> calls, const DeltaShape& shape);
    // The attention of several sequences, each call as attention() alone with its own KV cache
    // (the default runs them in turn).
    virtual void attentions(std::span<const AttentionCall> calls, int heads, int kv_heads);
    // Before any weight is prepared: throws DeviceMemoryError when weights of `bytes` (as the
    // model's files hold them) plainly cannot fit in the backend's memory. Host memory: no
    // check.
    virtual void check_model_size(std::uint64_t bytes) const { (void)bytes; }
};

}  // namespace fantasma::engine
