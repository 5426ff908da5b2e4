#include "engine/quants.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace fantasma::engine {
namespace {

void store_half(std::byte* p, float value) {
    const std::uint16_t bits = f32_to_f16(value);
    std::memcpy(p, &bits, 2);
}

std::uint8_t u8(const std::byte* p, std::size_t i) {
    return std::uint8_t(p[i]);
}

void dequantize_q8_0(float* y, const std::byte* block) {
    const float d = f16_at(block);
    for (int j = 0; j < 32; ++j) y[j] = d * float(std::int8_t(block[2 + j]));
}

void dequantize_q4_0(float* y, const std::byte* block) {
    const float d = f16_at(block);
    const std::byte* q = block + 2;
    for (int j = 0; j < 16; ++j) {
        y[j] = d * float((u8(q, j) & 15) - 8);
        y[j + 16] = d * float((u8(q, j) >> 4) - 8);
    }
}

void dequantize_q4_k(float* y, const std::byte* block) {
    const float d = f16_at(block);
    const float dmin = f16_at(block + 2);
    const std::byte* scales = block + 4;
    const std::byte* q = block + 16;
    for (int chunk = 0; chunk < 4; ++chunk) {  // 64 values from 32 bytes
        int s1, m1, s2, m2;
        scale_and_min_k4(2 * chunk, scales, s1, m1);
        scale_and_min_k4(2 * chunk + 1, scales, s2, m2);
        for (int l = 0; l < 32; ++l) {
            y[l] = d * float(s1) * float(u8(q, l) & 15) - dmin * float(m1);
            y[l + 32] = d * float(s2) * float(u8(q, l) >> 4) - dmin * float(m2);
        }
        q += 32;
        y += 64;
    }
}

void dequantize_q6_k(float* y, const std::byte* block) {
    const std::byte* ql = block;
    const std::byte* qh = block + 128;
    const std::byte* scales = block + 192;
    const float d = f16_at(block + 208);
    for (int half = 0; half < 2; ++half) {  // 128 values each
        for (int l = 0; l < 32; ++l) {
            const int i = l / 16;
            const auto scale = [&](int k) { return float(std::int8_t(scales[i + k])); };
            const int h = u8(qh, l);
            y[l] = d * scale(0) * float(((u8(ql, l) & 15) | ((h & 3) << 4)) - 32);
            y[l + 32] = d * scale(2) * float(((u8(ql, l + 32) & 15) | (((h >> 2) & 3) << 4)) - 32);
            y[l + 64] = d * scale(4) * float(((u8(ql, l) >> 4) | (((h >> 4) & 3) << 4)) - 32);
            y[l + 96] = d * scale(6) * float(((u8(ql, l + 32) >> 4) | (((h >> 6) & 3) << 4)) - 32);
        }
        y += 128;
        ql += 64;
        qh += 32;
        scales += 8;
    }
}

// ggml's nearest_int: round half to even through the float adder (exact below 2^22).
int nearest_int(float value) {
    const float shifted = value + 12582912.0f;
    std::int32_t bits;
    std::memcpy(&bits, &shifted, 4);
    return (bits & 0x007fffff) - 0x00400000;
}

// How ggml's reference quantizers search a K-quant sub-block's (scale, min): levels 0..top,
// and steps + 1 trial scales from (top + first_step) / range in steps of 0.1.
struct ScaleSearch {
    int top;
    float first_step;
    int steps;
};
constexpr ScaleSearch kQ4KSearch{15, -1.0f, 20};  // quantize_row_q4_K_ref
constexpr ScaleSearch kQ5KSearch{31, -0.5f, 15};  // quantize_row_q5_K_ref

// ggml's make_qkx2_quants for 32-value sub-blocks (squared error): the best of a plain
// min/max fit and the trial scales, each refit by weighted least squares for (scale, min).
// Writes the levels to `levels`, the min (as a positive offset) to `offset`, returns the
// scale. The arithmetic follows ggml step for step so the bits agree.
float fit_scale_and_min_k(const float* x, const float* weights, std::uint8_t* levels, float& offset,
                          ScaleSearch search) {
    constexpr int n = 32;
    const int top = search.top;
    float min = x[0], max = x[0];
    float sum_w = weights[0], sum_x = sum_w * x[0];
    for (int i = 1; i < n; ++i) {
        if (x[i] < min) min = x[i];
        if (x[i] > max) max = x[i];
        sum_w += weights[i];
        sum_x += weights[i] * x[i];
    }
    if (min > 0) min = 0;
    if (max == min) {
        for (int i = 0; i < n; ++i) levels[i] = 0;
        offset = -min;
        return 0.0f;
    }
    float iscale = float(top) / (max - min);
    float scale = 1 / iscale;
    float best_error = 0;
    for (int i = 0; i < n; ++i) {
        levels[i] = std::uint8_t(std::clamp(nearest_int(iscale * (x[i] - min)), 0, top));
        const float diff = scale * float(levels[i]) + min - x[i];
        best_error += weights[i] * (diff * diff);
    }
    std::uint8_t trial[n];
    for (int step = 0; step <= search.steps; ++step) {
        iscale = (search.first_step + 0.1f * float(step) + float(top)) / (max - min);
        float sum_l = 0, sum_l2 = 0, sum_xl = 0;
        for (int i = 0; i < n; ++i) {
            const int l = std::clamp(nearest_int(iscale * (x[i] - min)), 0, top);
            trial[i] = std::uint8_t(l);
            sum_l += weights[i] * float(l);
            sum_l2 += weights[i] * float(l) * float(l);
            sum_xl += weights[i] * float(l) * x[i];
        }
        const float det = sum_w * sum_l2 - sum_l * sum_l;
        if (!(det > 0)) continue;
        float this_scale = (sum_w * sum_xl - sum_x * sum_l) / det;
        float this_min = (sum_l2 * sum_x - sum_l * sum_xl) / det;
        if (this_min > 0) {
            this_min = 0;
            this_scale = sum_xl / sum_l2;
        }
        float error = 0;
        for (int i = 0; i < n; ++i) {
            const float diff = this_scale * float(trial[i]) + this_min - x[i];
            error += weights[i] * (diff * diff);
        }
        if (error < best_error) {
            std::memcpy(levels, trial, n);
            best_error = error;
            scale = this_scale;
            min = this_min;
        }
    }
    offset = -min;
    return scale;
}

// The part Q4_K and Q5_K share (ggml's quantize_row_q{4,5}_K_ref): per 32-value sub-block a
// (scale, min) fit, both as 6-bit multiples of the block's d and dmin (written, with the
// packed scales, to the first 16 bytes of `out`), then every value's level against the
// rounded scales, as the dequantizer will see them.
void quantize_k_scales_and_levels(std::byte* out, const float* x, ScaleSearch search,
                                  std::uint8_t* levels) {
    float scales[8], mins[8], weights[32];
    float max_scale = 0, max_min = 0;
    for (int j = 0; j < 8; ++j) {
        const float* sub = x + 32 * j;
        float sum_x2 = 0;
        for (int l = 0; l < 32; ++l) sum_x2 += sub[l] * sub[l];
        const float average = std::sqrt(sum_x2 / 32);
        for (int l = 0; l < 32; ++l) weights[l] = average + std::fabs(sub[l]);
        scales[j] = fit_scale_and_min_k(sub, weights, levels + 32 * j, mins[j], search);
        if (scales[j] > max_scale) max_scale = scales[j];
        if (mins[j] > max_min) max_min = mins[j];
    }
    // Scales and mins as 6-bit multiples of d and dmin, packed as scale_and_min_k4 reads them.
    const float inv_scale = max_scale > 0 ? 63.0f / max_scale : 0.0f;
    const float inv_min = max_min > 0 ? 63.0f / max_min : 0.0f;
    std::uint8_t packed[12] = {};
    for (int j = 0; j < 8; ++j) {
        const int ls = std::min(63, int(std::uint8_t(nearest_int(inv_scale * scales[j]))));
        const int lm = std::min(63, int(std::uint8_t(nearest_int(inv_min * mins[j]))));
        if (j < 4) {
            packed[j] = std::uint8_t(ls);
            packed[j + 4] = std::uint8_t(lm);
        } else {
            packed[j + 4] = std::uint8_t((ls & 15) | ((lm & 15) << 4));
            packed[j - 4] |= std::uint8_t((ls >> 4) << 6);
            packed[j] |= std::uint8_t((lm >> 4) << 6);
        }
    }
    store_half(out, max_scale / 63.0f);
    store_half(out + 2, max_min / 63.0f);
    std::memcpy(out + 4, packed, 12);
    const float d = f16_at(out), dmin = f16_at(out + 2);
    for (int j = 0; j < 8; ++j) {
        int scale, min;
        scale_and_min_k4(j, out + 4, scale, min);
        const float step = d * float(scale);
        if (step == 0) continue;  // ggml keeps the first fit's levels here
        const float offset = dmin * float(min);
        for (int l = 0; l < 32; ++l)
            levels[32 * j + l] = std::uint8_t(
                std::clamp(nearest_int((x[32 * j + l] + offset) / step), 0, search.top));
    }
}

void quantize_q4_k_block(std::byte* out, const float* x) {
    std::uint8_t levels[256];
    quantize_k_scales_and_levels(out, x, kQ4KSearch, levels);
    std::byte* q = out + 16;
    for (int j = 0; j < 256; j += 64, q += 32)
        for (int l = 0; l < 32; ++l)
            q[l] = std::byte(std::uint8_t(levels[j + l] | (levels[j + l + 32] << 4)));
}

// Q5_K: Q4_K's nibbles, the fifth bit of sub-block s's values in bit s of qh[0..31].
void quantize_q5_k_block(std::byte* out, const float* x) {
    std::uint8_t levels[256];
    quantize_k_scales_and_levels(out, x, kQ5KSearch, levels);
    std::uint8_t qh[32] = {};
    std::byte* q = out + 48;
    for (int j = 0; j < 256; j += 64, q += 32)
        for (int l = 0; l < 32; ++l) {
            const int low = levels[j + l], high = levels[j + l + 32];
            qh[l] |= std::uint8_t(((low >> 4) << (j / 32)) | ((high >> 4) << (j / 32 + 1)));
            q[l] = std::byte(std::uint8_t((low & 15) | ((high & 15) << 4)));
        }
    std::memcpy(out + 16, qh, 32);
}

// ggml's make_qx_quants with rmse_type 1 for Q6_K's 16-value sub-blocks: signed levels
// −32..31 (stored +32), the scale fit by least squares weighted by x², then 18 nearby
// scales tried. Returns the scale; the arithmetic follows ggml step for step.
float fit_scale_q6_k(const float* x, std::int8_t* levels) {
    constexpr int n = 16, top = 32;
    float max = 0, amax = 0;
    for (int i = 0; i < n; ++i)
        if (std::fabs(x[i]) > amax) {
            amax = std::fabs(x[i]);
            max = x[i];
        }
    if (amax < 1e-15f) {  // GROUP_MAX_EPS: all zero
        std::fill_n(levels, n, std::int8_t(0));
        return 0.0f;
    }
    float iscale = float(-top) / max;
    float sum_lx = 0, sum_l2 = 0;
    for (int i = 0; i < n; ++i) {
        const int l = std::clamp(nearest_int(iscale * x[i]), -top, top - 1);
        levels[i] = std::int8_t(l + top);
        const float w = x[i] * x[i];
        sum_lx += w * x[i] * float(l);
        sum_l2 += w * float(l) * float(l);
    }
    float scale = sum_l2 != 0 ? sum_lx / sum_l2 : 0.0f;
    float best = scale * sum_lx;
    for (int step = -9; step <= 9; ++step) {
        if (step == 0) continue;
        iscale = -(float(top) + 0.1f * float(step)) / max;
        sum_lx = sum_l2 = 0;
        for (int i = 0; i < n; ++i) {
            const int l = std::clamp(nearest_int(iscale * x[i]), -top, top - 1);
            const float w = x[i] * x[i];
            sum_lx += w * x[i] * float(l);
            sum_l2 += w * float(l) * float(l);
        }
        if (sum_l2 > 0 && sum_lx * sum_lx > best * sum_l2) {
            for (int i = 0; i < n; ++i)
                levels[i] =
                    std::int8_t(top + std::clamp(nearest_int(iscale * x[i]), -top, top - 1));
            scale = sum_lx / sum_l2;
            best = scale * sum_lx;
        }
    }
    return scale;
}

// ggml's quantize_row_q6_K_ref: 16 sub-block scales as signed 8-bit multiples of d, the
// levels again against the rounded scales, packed as dequantize_q6_k reads them.
void quantize_q6_k_block(std::byte* out, const float* x) {
    std::int8_t levels[256];
    float scales[16];
    float max_scale = 0, max_abs_scale = 0;
    for (int j = 0; j < 16; ++j) {
        scales[j] = fit_scale_q6_k(x + 16 * j, levels + 16 * j);
        if (std::fabs(scales[j]) > max_abs_scale) {
            max_abs_scale = std::fabs(scales[j]);
            max_scale = scales[j];
        }
    }
    std::fill_n(out, 210, std::byte(0));
    if (max_abs_scale < 1e-15f) return;  // d = 0: every value 0
    const float iscale = -128.0f / max_scale;
    store_half(out + 208, 1 / iscale);
    auto* block_scales = reinterpret_cast<std::int8_t*>(out + 192);
    for (int j = 0; j < 16; ++j)
        block_scales[j] = std::int8_t(std::min(127, nearest_int(iscale * scales[j])));
    const float d = f16_at(out + 208);
    for (int j = 0; j < 16; ++j) {
        const float step = d * float(block_scales[j]);
        if (step == 0) continue;
        for (int i = 0; i < 16; ++i)
            levels[16 * j + i] =
                std::int8_t(std::clamp(nearest_int(x[16 * j + i] / step), -32, 31) + 32);
    }
    std::byte* ql = out;
    std::byte* qh = out + 128;
    for (int j = 0; j < 256; j += 128, ql += 64, qh += 32)
        for (int l = 0; l < 32; ++l) {
            const auto level = [&](int k) { return std::uint8_t(levels[j + l + 32 * k]); };
            ql[l] = std::byte(std::uint8_t((level(0) & 15) | ((level(2) & 15) << 4)));
            ql[l + 32] = std::byte(std::uint8_t((level(1) & 15) | ((level(3) & 15) << 4)));
            qh[l] = std::byte(std::uint8_t((level(0) >> 4) | ((level(1) >> 4) << 2) |
                                           ((level(2) >> 4) << 4) | ((level(3) >> 4) << 6)));
        }
}

}  // namespace

void scale_and_min_k4(int j, const std::byte* scales, int& scale, int& min) {
    if (j < 4) {
        scale = u8(scales, std::size_t(j)) & 63;
        min = u8(scales, std::size_t(j + 4)) & 63;
    } else {
        scale =
            (u8(scales, std::size_t(j + 4)) & 15) | ((u8(scales, std::size_t(j - 4)) >> 6) << 4);
        min = (u8(scales, std::size_t(j + 4)) >> 4) | ((u8(scales, std::size_t(j)) >> 6) << 4);
    }
}

void dequantize(DType type, float* out, const std::byte* in, std::size_t count) {
    const BlockFormat format = block_format(type);
    for (std::size_t b = 0; b < count / std::size_t(format.values); ++b) {
        float* y = out + b * std::size_t(format.values);
        const std::byte* block = in + b * std::size_t(format.bytes);
        switch (type) {
            case DType::q8_0:
                dequantize_q8_0(y, block);
                break;
            case DType::q4_0:
                dequantize_q4_0(y, block);
                break;
            case DType::q4_k:
                dequantize_q4_k(y, block);
                break;
            case DType::q6_k:
                dequantize_q6_k(y, block);
                break;
            case DType::f32:
            case DType::f16:
            case DType::bf16:
                return;  // float types are not blocks
            default:
                dequantize_published_block(type, y, block);
                break;
        }
    }
}

void quantize_q8_0(std::byte* out, const float* in, std::size_t count) {
    for (std::size_t b = 0; b < count / 32; ++b, in += 32, out += 34) {
        float amax = 0.0f;
        for (int j = 0; j < 32; ++j) amax = std::max(amax, std::fabs(in[j]));
        const float d = amax / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        store_half(out, d);
        for (int j = 0; j < 32; ++j) out[2 + j] = std::byte(std::int8_t(std::roundf(in[j] * id)));
    }
}

void quantize_q4_0(std::byte* out, const float* in, std::size_t count) {
    for (std::size_t b = 0; b < count / 32; ++b, in += 32, out += 18) {
        float amax = 0.0f, max = 0.0f;  // max: the value of largest magnitude, with its sign
        for (int j = 0; j < 32; ++j) {
            if (std::fabs(in[j]) > amax) {
                amax = std::fabs(in[j]);
                max = in[j];
            }
        }
        const float d = max / -8.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        store_half(out, d);
        for (int j = 0; j < 16; ++j) {
            const int low = std::min(15, int(std::int8_t(in[j] * id + 8.5f)));
            const int high = std::min(15, int(std::int8_t(in[j + 16] * id + 8.5f)));
            out[2 + j] = std::byte(std::uint8_t(low | (high << 4)));
        }
    }
}

void quantize_q4_k(std::byte* out, const float* in, std::size_t count) {
    for (std::size_t b = 0; b < count / 256; ++b) quantize_q4_k_block(out + 144 * b, in + 256 * b);
}

void quantize_q5_k(std::byte* out, const float* in, std::size_t count) {
    for (std::size_t b = 0; b < count / 256; ++b) quantize_q5_k_block(out + 176 * b, in + 256 * b);
}

void quantize_q6_k(std::byte* out, const float* in, std::size_t count) {
    for (std::size_t b = 0; b < count / 256; ++b) quantize_q6_k_block(out + 210 * b, in + 256 * b);
}

}  // namespace fantasma::engine
