#include "engine/cpu/ops.hpp"

#include <cmath>
#include <cstring>

namespace fantasma::engine::cpu {

void embedding_forward(float* out, const float* table, std::span<const std::int32_t> tokens,
                       int C) {
    for (std::size_t t = 0; t < tokens.size(); ++t)
        std::memcpy(out + t * std::size_t(C), table + std::size_t(tokens[t]) * C,
                    sizeof(float) * C);
}

void silu_forward(float* out, const float* x, int n) {
    for (int i = 0; i < n; ++i) out[i] = x[i] / (1.0f + std::exp(-x[i]));
}

void swiglu_forward(float* out, const float* gate, const float* up, int n) {
    for (int i = 0; i < n; ++i) out[i] = gate[i] / (1.0f + std::exp(-gate[i])) * up[i];
}

void sigmoid_gate_forward(float* x, const float* gate, int n) {
    for (int i = 0; i < n; ++i) x[i] *= 1.0f / (1.0f + std::exp(-gate[i]));
}

void add_forward(float* x, const float* y, int n) {
    for (int i = 0; i < n; ++i) x[i] += y[i];
}

}  // namespace fantasma::engine::cpu
