#include "engine/cpu/ops.hpp"

#include <cmath>
#include <cstddef>

namespace fantasma::engine::cpu {

void causal_conv_silu_forward(float* out, const float* in, float* state, const float* weight, int T,
                              int C, int K) {
    const int history = K - 1;
    // Input row r of the extended sequence [state; in] (r < history: from the state).
    const auto input = [&](int r, int c) {
        return r < history ? state[std::size_t(r) * C + c] : in[std::size_t(r - history) * C + c];
    };
    for (int t = 0; t < T; ++t) {
        for (int c = 0; c < C; ++c) {
            float sum = 0.0f;
            for (int j = 0; j < K; ++j) sum += weight[std::size_t(c) * K + j] * input(t + j, c);
            out[std::size_t(t) * C + c] = sum / (1.0f + std::exp(-sum));
        }
    }
    // Keep the last K-1 inputs. Rows are moved oldest first, so a row is read before the
    // loop overwrites it.
    for (int r = 0; r < history; ++r)
        for (int c = 0; c < C; ++c) state[std::size_t(r) * C + c] = input(T + r, c);
}

void delta_gates_forward(float* g, float* beta, const float* a, const float* b, const float* A,
                         const float* dt_bias, int T, int H) {
    for (int t = 0; t < T; ++t) {
        for (int h = 0; h < H; ++h) {
            const std::size_t i = std::size_t(t) * H + h;
            const float x = a[i] + dt_bias[h];
            const float softplus = x > 20.0f ? x : std::log1p(std::exp(x));  // torch's threshold
            g[i] = A[h] * softplus;
            beta[i] = 1.0f / (1.0f + std::exp(-b[i]));
        }
    }
}

void delta_rule_forward(float* out, float* state, const float* q, const float* k, int qk_stride,
                        const float* v, int v_stride, const float* g, const float* beta, int T,
                        int Hk, int Hv, int Dk, int Dv, bool tiled) {
    const int group = Hv / Hk;
    const float q_scale = 1.0f / std::sqrt(float(Dk));
    for (int t = 0; t < T; ++t) {
        for (int h = 0; h < Hv; ++h) {
            const std::size_t key_head = std::size_t(tiled ? h % Hk : h / group);
            const float* q_t = q + std::size_t(t) * qk_stride + key_head * Dk;
            const float* k_t = k + std::size_t(t) * qk_stride + key_head * Dk;
            const float* v_t = v + std::size_t(t) * v_stride + std::size_t(h) * Dv;
            float* S = state + std::size_t(h) * Dk * Dv;  // S[i][j]: key dim i, value dim j
            float* o = out + (std::size_t(t) * Hv + h) * Dv;
            const float decay = std::exp(g[std::size_t(t) * Hv + h]);
            const float b = beta[std::size_t(t) * Hv + h];
            for (int i = 0; i < Dk * Dv; ++i) S[i] *= decay;
            for (int j = 0; j < Dv; ++j) {
                float remembered = 0.0f;  // (Sᵀk)[j]
                for (int i = 0; i < Dk; ++i) remembered += S[std::size_t(i) * Dv + j] * k_t[i];
                const float delta = b * (v_t[j] - remembered);
                float read = 0.0f;
                for (int i = 0; i < Dk; ++i) {
                    S[std::size_t(i) * Dv + j] += k_t[i] * delta;
                    read += S[std::size_t(i) * Dv + j] * q_t[i];
                }
                o[j] = read * q_scale;
            }
        }
    }
}

}  // namespace fantasma::engine::cpu
