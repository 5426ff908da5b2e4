#pragma once

// The model's math as plain float32 functions: the reference every faster kernel is tested
// against. Each op is `op_forward(outputs..., inputs..., sizes)`, arrays row-major with the
// shapes given in the comments, contiguous unless a stride is passed, no allocation.

#include <cstdint>
#include <span>

namespace fantasma::engine::cpu {

// out[T, C] = table[tokens[t], C]
void embedding_forward(float* out, const float* table, std::span<const std::int32_t> tokens, int C);

// out[T, N] = in[T, K] · weightᵀ, weight [N, K] (a PyTorch Linear weight)
void matmul_forward(float* out, const float* in, const float* weight, int T, int K, int N);

// out[rows, dim] = in / sqrt(mean(in²) + eps) · weight[dim]. The zero-centred norms of the
// model use weight = 1 + w, folded in when the weights are loaded.
void rms_norm_forward(float* out, const float* in, const float* weight, int rows, int dim,
                      float eps);

// DeltaNet output norm, norm before gate: out = weight · rms_norm(in) · silu(gate); all [rows, dim]
void gated_rms_norm_forward(float* out, const float* in, const float* gate, const float* weight,
                            int rows, int dim, float eps);

// x[rows, dim] /= sqrt(Σx² + eps), row by row, in place (transformers' l2norm)
void l2_norm_forward(float* x, int rows, int dim, float eps);

// out[n] = silu(x[n]) = x[n] · sigmoid(x[n]); out may be x
void silu_forward(float* out, const float* x, int n);

// out[n] = silu(gate[n]) · up[n]
void swiglu_forward(float* out, const float* gate, const float* up, int n);

// x[n] *= sigmoid(gate[n])
void sigmoid_gate_forward(float* x, const float* gate, int n);

// x[n] += y[n]
void add_forward(float* x, const float* y, int n);

// Rotate-half (NeoX) RoPE on the first rotary_dim dims of each head, in place.
// x [T, heads, head_dim], token t at position position0 + t; row stride x_stride per head row.
void rope_forward(float* x, int x_stride, int T, int heads, int head_dim, int rotary_dim,
                  double theta, int position0);

// Causal attention of T new tokens over the cache, scale 1/sqrt(head_dim), GQA (query head h
// reads KV head h / (heads / kv_heads)).
// out [T, heads, head_dim]; q [T, heads, head_dim] with row stride q_stride per head row;
// k_cache, v_cache [position0 + T, kv_heads, head_dim] (the new tokens already stored);
// scores [position0 + T] scratch.
void attention_forward(float* out, const float* q, int q_stride, const float* k_cache,
                       const float* v_cache, float* scores, int T, int position0, int heads,
                       int kv_heads, int head_dim);

// Causal depthwise conv over time then SiLU, carrying the last K-1 inputs across calls.
// out [T, C]; in [T, C]; state [K-1, C] (oldest first, zeros at the start); weight [C, K].
void causal_conv_silu_forward(float* out, const float* in, float* state, const float* weight, int T,
                              int C, int K);

// Gated DeltaNet gates: g = A · softplus(a + dt_bias) with A = −exp(A_log), beta = sigmoid(b).
// g, beta, a, b [T, H]; A, dt_bias [H]
void delta_gates_forward(float* g, float* beta, const float* a, const float* b, const float* A,
                         const float* dt_bias, int T, int H);

// The gated delta rule, token by token, per value head h (key head h / (Hv / Hk), or h % Hk
// when tiled, llama.cpp's head order):
//   S ← exp(g)·S;  δ = β·(v − Sᵀk);  S ← S + k δᵀ;  out = Sᵀq / sqrt(Dk)
// q, k [T, Hk, Dk] (l2-normalised; token stride qk_stride); v [T, Hv, Dv] (token stride
// v_stride); g, beta [T, Hv]; state [Hv, Dk, Dv] carried across calls; out [T, Hv, Dv].
void delta_rule_forward(float* out, float* state, const float* q, const float* k, int qk_stride,
                        const float* v, int v_stride, const float* g, const float* beta, int T,
                        int Hk, int Hv, int Dk, int Dv, bool tiled = false);

}  // namespace fantasma::engine::cpu
