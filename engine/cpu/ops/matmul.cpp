#include "engine/cpu/ops.hpp"

#include <cstddef>

namespace fantasma::engine::cpu {

void matmul_forward(float* out, const float* in, const float* weight, int T, int K, int N) {
    for (int t = 0; t < T; ++t) {
        const float* x = in + std::size_t(t) * K;
        for (int n = 0; n < N; ++n) {
            const float* w = weight + std::size_t(n) * K;
            float sum = 0.0f;
            for (int k = 0; k < K; ++k) sum += x[k] * w[k];
            out[std::size_t(t) * N + n] = sum;
        }
    }
}

}  // namespace fantasma::engine::cpu
