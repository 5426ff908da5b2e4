#include "engine/cpu/ops.hpp"

#include <cmath>
#include <cstddef>

namespace fantasma::engine::cpu {
namespace {

float inverse_rms(const float* x, int dim, float eps) {
    float sum = 0.0f;
    for (int i = 0; i < dim; ++i) sum += x[i] * x[i];
    return 1.0f / std::sqrt(sum / float(dim) + eps);
}

}  // namespace

void rms_norm_forward(float* out, const float* in, const float* weight, int rows, int dim,
                      float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* x = in + std::size_t(r) * dim;
        float* y = out + std::size_t(r) * dim;
        const float scale = inverse_rms(x, dim, eps);
        for (int i = 0; i < dim; ++i) y[i] = x[i] * scale * weight[i];
    }
}

void gated_rms_norm_forward(float* out, const float* in, const float* gate, const float* weight,
                            int rows, int dim, float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* x = in + std::size_t(r) * dim;
        const float* z = gate + std::size_t(r) * dim;
        float* y = out + std::size_t(r) * dim;
        const float scale = inverse_rms(x, dim, eps);
        for (int i = 0; i < dim; ++i)
            y[i] = weight[i] * (x[i] * scale) * (z[i] / (1.0f + std::exp(-z[i])));
    }
}

void l2_norm_forward(float* x, int rows, int dim, float eps) {
    for (int r = 0; r < rows; ++r) {
        float* v = x + std::size_t(r) * dim;
        float sum = 0.0f;
        for (int i = 0; i < dim; ++i) sum += v[i] * v[i];
        const float scale = 1.0f / std::sqrt(sum + eps);
        for (int i = 0; i < dim; ++i) v[i] *= scale;
    }
}

}  // namespace fantasma::engine::cpu
