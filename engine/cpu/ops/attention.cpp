#include "engine/cpu/ops.hpp"

#include <cmath>
#include <cstddef>

namespace fantasma::engine::cpu {

void rope_forward(float* x, int x_stride, int T, int heads, int head_dim, int rotary_dim,
                  double theta, int position0) {
    (void)head_dim;  // dims past rotary_dim pass through
    const int half = rotary_dim / 2;
    for (int t = 0; t < T; ++t) {
        const double position = position0 + t;
        for (int i = 0; i < half; ++i) {
            const double inverse_frequency = std::pow(theta, -2.0 * i / rotary_dim);
            const float cos = float(std::cos(position * inverse_frequency));
            const float sin = float(std::sin(position * inverse_frequency));
            for (int h = 0; h < heads; ++h) {
                float* v = x + (std::size_t(t) * heads + h) * x_stride;
                const float first = v[i];
                const float second = v[i + half];
                v[i] = first * cos - second * sin;
                v[i + half] = second * cos + first * sin;
            }
        }
    }
}

void attention_forward(float* out, const float* q, int q_stride, const float* k_cache,
                       const float* v_cache, float* scores, int T, int position0, int heads,
                       int kv_heads, int head_dim) {
    const int group = heads / kv_heads;
    const float scale = 1.0f / std::sqrt(float(head_dim));
    for (int t = 0; t < T; ++t) {
        const int visible = position0 + t + 1;  // causal: itself and everything before
        for (int h = 0; h < heads; ++h) {
            const float* query = q + (std::size_t(t) * heads + h) * q_stride;
            const int kv = h / group;
            float max_score = -INFINITY;
            for (int p = 0; p < visible; ++p) {
                const float* key = k_cache + (std::size_t(p) * kv_heads + kv) * head_dim;
                float dot = 0.0f;
                for (int i = 0; i < head_dim; ++i) dot += query[i] * key[i];
                scores[p] = dot * scale;
                max_score = std::fmax(max_score, scores[p]);
            }
            float total = 0.0f;
            for (int p = 0; p < visible; ++p) {
                scores[p] = std::exp(scores[p] - max_score);
                total += scores[p];
            }
            float* o = out + (std::size_t(t) * heads + h) * head_dim;
            for (int i = 0; i < head_dim; ++i) o[i] = 0.0f;
            for (int p = 0; p < visible; ++p) {
                const float* value = v_cache + (std::size_t(p) * kv_heads + kv) * head_dim;
                const float weight = scores[p] / total;
                for (int i = 0; i < head_dim; ++i) o[i] += weight * value[i];
            }
        }
    }
}

}  // namespace fantasma::engine::cpu
