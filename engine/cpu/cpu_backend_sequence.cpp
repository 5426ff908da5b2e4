// The CpuBackend ops that run along the sequence: RoPE, attention over the KV cache, the causal
// conv and the gated delta rule. Threads split heads or channels, which are independent; each
// keeps the token order of the reference.
#include "engine/cpu/cpu_backend.hpp"

#include "engine/cpu/ops.hpp"
#include "engine/error.hpp"

#include <algorithm>
#include <cmath>

namespace fantasma::engine::cpu {
namespace {

float* row(Tensor t, int r) {
    return static_cast<float*>(t.handle) + t.offset + std::size_t(r) * std::size_t(t.stride);
}

void require(bool ok, const char* what) {
    if (!ok) throw ModelError(std::string("cpu backend: ") + what);
}

void require_same_shape(Tensor a, Tensor b) {
    require(a.rows == b.rows && a.cols == b.cols, "tensor shapes disagree");
}

// Keys are asked for this many positions before they are read (the kernels' weighted_sum does
// the same for the values): one KV head's positions lie kv_heads · d floats apart (2 KiB on the
// 0.8B shape), so the hardware prefetcher restarts every other position, and a batch of
// candidates, each with its own cache, waited on memory.
constexpr std::size_t kKeysAhead = 4;

}  // namespace

void CpuBackend::rope(Tensor x, int heads, int rotary_dim, double theta, int position0) {
    require(heads > 0 && x.rows % heads == 0 && rotary_dim <= x.cols, "rope shapes disagree");
    rope_forward(row(x, 0), x.stride, x.rows / heads, heads, x.cols, rotary_dim, theta, position0);
}

void CpuBackend::attention(Tensor out, Tensor q, Tensor k_cache, Tensor v_cache, int heads,
                           int kv_heads, int position0) {
    const AttentionCall call{out, q, k_cache, v_cache, position0};
    attentions(std::span(&call, 1), heads, kv_heads);
}

// One item per (call, token, KV head): softmax(q·Kᵀ·scale)·V over the visible positions for the
// query heads that share the KV head, which go through its keys and values together (one read
// of them, not one per head), each head's sums in the order of a head alone.
void CpuBackend::attentions(std::span<const AttentionCall> calls, int heads, int kv_heads) {
    require(heads > 0 && kv_heads > 0 && heads % kv_heads == 0, "attention shapes disagree");
    const int group = heads / kv_heads;
    int capacity = 0, items = 0;
    attention_items_.clear();  // the first item of each call
    for (const AttentionCall& c : calls) {
        require_same_shape(c.out, c.q);
        require(c.k_cache.contiguous() && c.v_cache.contiguous(),
                "attention needs contiguous caches");
        require(c.q.rows % heads == 0 && c.k_cache.cols == c.q.cols && c.v_cache.cols == c.q.cols &&
                    c.k_cache.rows % kv_heads == 0,
                "attention shapes disagree");
        const int T = c.q.rows / heads;
        require(c.position0 + T <= c.k_cache.rows / kv_heads, "the KV cache is full");
        capacity = std::max(capacity, c.k_cache.rows / kv_heads);
        attention_items_.push_back(items);
        items += T * kv_heads;
    }
    if (items == 0) return;
    // Per thread: each head's scores (then its probabilities), then the heads' largest scores.
    const std::size_t per_head = std::size_t(capacity), group_size = std::size_t(group);
    float* scratch = thread_scratch((per_head + 1) * group_size);
    pool_.parallel_for(items, 1, [&](int begin, int end, int thread) {
        float* scores = scratch + std::size_t(thread) * (per_head + 1) * group_size;
        float* max_scores = scores + per_head * group_size;
        for (int item = begin; item < end; ++item) {
            const std::size_t which = std::size_t(
                std::upper_bound(attention_items_.begin(), attention_items_.end(), item) -
                attention_items_.begin() - 1);
            const AttentionCall& c = calls[which];
            const int local = item - attention_items_[which];
            const int t = local / kv_heads, kv = local % kv_heads, d = c.q.cols;
            const int visible = c.position0 + t + 1, first_head = t * heads + kv * group;
            const float scale = 1.0f / std::sqrt(float(d));
            const float* keys = row(c.k_cache, 0);
            const float* values = row(c.v_cache, 0);
            std::fill_n(max_scores, group, -INFINITY);
            for (int p = 0; p < visible; ++p) {
                const float* key = keys + (std::size_t(p) * kv_heads + kv) * d;
                prefetch_floats(key, kKeysAhead * std::size_t(kv_heads * d), std::size_t(d));
                for (int h = 0; h < group; ++h) {
                    float& score = scores[std::size_t(h) * per_head + std::size_t(p)];
                    score = kernels_.dot(row(c.q, first_head + h), key, d) * scale;
                    max_scores[h] = std::max(max_scores[h], score);
                }
            }
            for (int h = 0; h < group; ++h) {
                float* own = scores + std::size_t(h) * per_head;
                float total = 0.0f;
                for (int p = 0; p < visible; ++p) {
                    own[p] = std::exp(own[p] - max_scores[h]);
                    total += own[p];
                }
                for (int p = 0; p < visible; ++p) own[p] /= total;
                kernels_.weighted_sum(row(c.out, first_head + h), own, values + std::size_t(kv) * d,
                                      std::size_t(kv_heads) * std::size_t(d), visible, d);
            }
        }
    });
}

namespace {

constexpr int kMaxConvTaps = 64;  // the most a config may ask for (config.cpp)

// The conv's sums for one token over channels [begin, end): sources[j] is the row of inputs
// that tap j reads (a row of the carried state or of this call's input). Qwen3.5's four taps
// are written out: no inner loop, no pointer reload per tap.
void conv_sums(float* y, const float* const* sources, const float* w, int K, int begin, int end) {
    if (K == 4) {
        const float *s0 = sources[0], *s1 = sources[1], *s2 = sources[2], *s3 = sources[3];
        for (int c = begin; c < end; ++c) {
            const float* wc = w + std::size_t(c) * 4;
            y[c] = wc[0] * s0[c] + wc[1] * s1[c] + wc[2] * s2[c] + wc[3] * s3[c];
        }
        return;
    }
    for (int c = begin; c < end; ++c) {
        float sum = 0.0f;
        for (int j = 0; j < K; ++j) sum += w[std::size_t(c) * K + j] * sources[j][c];
        y[c] = sum;
    }
}

}  // namespace

void CpuBackend::causal_conv_silu(Tensor out, Tensor in, Tensor state, const Weight& weight) {
    const ConvCall call{out, in, state};
    causal_conv_silus(std::span(&call, 1), weight);
}

// Each call (a sequence) in runs of channels, all runs of all calls as one parallel loop.
void CpuBackend::causal_conv_silus(std::span<const ConvCall> calls, const Weight& weight) {
    const int K = weight.cols, history = K - 1;
    require(K <= kMaxConvTaps, "the conv kernel is longer than this backend takes");
    for (const ConvCall& c : calls) check_conv_shapes("cpu", c.out, c.in, c.state, weight);
    if (calls.empty()) return;
    const int C = calls.front().in.cols;
    constexpr int kRun = 1024;  // channels per item: a few µs each
    const int runs = (C + kRun - 1) / kRun;
    const float* w = floats(weight);
    pool_.parallel_for(int(calls.size()) * runs, 1, [&](int first, int last, int) {
        const float* sources[kMaxConvTaps];
        for (int item = first; item < last; ++item) {
            const ConvCall& c = calls[std::size_t(item / runs)];
            const int begin = (item % runs) * kRun, end = std::min(C, begin + kRun);
            const int T = c.in.rows;
            // Row r of the conv's input: the K − 1 carried rows (oldest first), then the call's.
            const auto input_row = [&](int r) -> float* {
                return r < history ? row(c.state, r) : row(c.in, r - history);
            };
            // Channels are independent: each run goes through all tokens, then keeps its last
            // K − 1 inputs (oldest first) as the reference does.
            for (int t = 0; t < T; ++t) {
                for (int j = 0; j < K; ++j) sources[j] = input_row(t + j);
                conv_sums(row(c.out, t), sources, w, K, begin, end);
                kernels_.silu_times(row(c.out, t) + begin, row(c.out, t) + begin, nullptr,
                                    end - begin);
            }
            // State row r becomes input row T + r, a later state row or one of the call's rows:
            // going forward, each is read before it is overwritten.
            for (int r = 0; r < history; ++r)
                std::copy(input_row(T + r) + begin, input_row(T + r) + end,
                          row(c.state, r) + begin);
        }
    });
}

void CpuBackend::delta_gates(Tensor g, Tensor beta, Tensor a, Tensor b, const Weight& A,
                             const Weight& dt_bias) {
    check_delta_gate_shapes("cpu", g, beta, a, b, A, dt_bias);
    delta_gates_forward(row(g, 0), row(beta, 0), row(a, 0), row(b, 0), floats(A), floats(dt_bias),
                        g.rows, g.cols);
}

void CpuBackend::delta_rule(Tensor out, Tensor state, Tensor q, Tensor k, Tensor v, Tensor g,
                            Tensor beta, const DeltaShape& s) {
    const DeltaRuleCall call{out, state, q, k, v, g, beta};
    delta_rules(std::span(&call, 1), s);
}

void CpuBackend::delta_rules(std::span<const DeltaRuleCall> calls, const DeltaShape& s) {
    for (const DeltaRuleCall& c : calls)
        check_delta_rule_shapes("cpu", c.out, c.state, c.q, c.k, c.v, c.g, c.beta, s);
    const int Hk = s.key_heads, Hv = s.value_heads;
    const int Dk = s.key_head_dim, Dv = s.value_head_dim, group = Hv / Hk;
    const float q_scale = 1.0f / std::sqrt(float(Dk));
    float* scratch = thread_scratch(std::size_t(Dv));
    // Value heads carry independent states, in every call (sequence): one head of one call per
    // item, its tokens in order.
    pool_.parallel_for(int(calls.size()) * Hv, 1, [&](int begin, int end, int thread) {
        float* delta = scratch + std::size_t(thread) * std::size_t(Dv);
        for (int item = begin; item < end; ++item) {
            const DeltaRuleCall& c = calls[std::size_t(item / Hv)];
            const int h = item % Hv;
            const int key_head = s.tiled_value_heads ? h % Hk : h / group;
            float* S = row(c.state, h * Dk);
            for (int t = 0; t < c.q.rows; ++t) {
                const std::size_t gate = std::size_t(t) * Hv + h;
                kernels_.delta_step(S, row(c.q, t) + key_head * Dk, row(c.k, t) + key_head * Dk,
                                    row(c.v, t) + h * Dv, std::exp(row(c.g, 0)[gate]),
                                    row(c.beta, 0)[gate], q_scale, Dk, Dv, row(c.out, t) + h * Dv,
                                    delta);
            }
        }
    });
}

}  // namespace fantasma::engine::cpu
