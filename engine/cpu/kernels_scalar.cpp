// The portable kernels: plain loops any compiler and processor run, and the reference the AVX2
// kernels are tested against alongside engine/cpu/ops.
#include "engine/cpu/kernels.hpp"

#include "engine/cpu/ops.hpp"
#include "engine/quants.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace fantasma::engine::cpu {

namespace {

float half_at(const std::byte* p) {
    std::uint16_t bits;
    std::memcpy(&bits, p, 2);
    return f16_to_f32(bits);
}

void quantize_row_q8(const float* x, int K, std::int8_t* quants, float* scales) {
    for (int b = 0; b < K / kQ8Block; ++b, x += kQ8Block, quants += kQ8Block) {
        float amax = 0.0f;
        for (int j = 0; j < kQ8Block; ++j) amax = std::max(amax, std::fabs(x[j]));
        const float scale = amax / 127.0f;
        const float inverse = scale != 0.0f ? 1.0f / scale : 0.0f;
        scales[b] = scale;
        for (int j = 0; j < kQ8Block; ++j) quants[j] = std::int8_t(std::lround(x[j] * inverse));
    }
}

// One weight row against one quantized activation row.
float dot_q8_0(const std::byte* row, const std::int8_t* quants, const float* scales, int blocks) {
    float sum = 0.0f;
    for (int b = 0; b < blocks; ++b, row += 34, quants += kQ8Block) {
        int total = 0;
        for (int j = 0; j < kQ8Block; ++j) total += int(std::int8_t(row[2 + j])) * quants[j];
        sum += half_at(row) * scales[b] * float(total);
    }
    return sum;
}

float dot_q4_0(const std::byte* row, const std::int8_t* quants, const float* scales, int blocks) {
    float sum = 0.0f;
    for (int b = 0; b < blocks; ++b, row += 18, quants += kQ8Block) {
        int total = 0;
        for (int j = 0; j < 16; ++j) {
            const int packed = int(std::uint8_t(row[2 + j]));
            total += ((packed & 15) - 8) * quants[j] + ((packed >> 4) - 8) * quants[j + 16];
        }
        sum += half_at(row) * scales[b] * float(total);
    }
    return sum;
}

float dot(const float* a, const float* b, int n) {
    float sum = 0.0f;
    for (int i = 0; i < n; ++i) sum += a[i] * b[i];
    return sum;
}

void axpy(float* y, float a, const float* x, int n) {
    for (int i = 0; i < n; ++i) y[i] += a * x[i];
}

void weighted_sum(float* out, const float* weights, const float* rows, std::size_t stride,
                  int count, int n) {
    std::fill_n(out, n, 0.0f);
    for (int p = 0; p < count; ++p) axpy(out, weights[p], rows + std::size_t(p) * stride, n);
}

// Float-type weights: each chunk of a row is converted once and used for every activation row
// of a tile, so the conversion is paid once per row and tile, not per token.
void matmul_float(const MatmulTask& m, int row_begin, int row_end) {
    constexpr int kChunk = 256, kTile = 16;
    float buffer[kChunk];
    for (int r = row_begin; r < row_end; ++r) {
        const std::byte* row = m.weight + std::size_t(r) * m.row_bytes;
        for (int t0 = 0; t0 < m.T; t0 += kTile) {
            const int tile = std::min(kTile, m.T - t0);
            float sums[kTile] = {};
            for (int k0 = 0; k0 < m.K; k0 += kChunk) {
                const int n = std::min(kChunk, m.K - k0);
                dequantize_span(m.type, row, k0, n, buffer);
                for (int t = 0; t < tile; ++t)
                    sums[t] += dot(buffer, m.x + std::size_t(t0 + t) * m.x_stride + k0, n);
            }
            for (int t = 0; t < tile; ++t) m.out[std::size_t(t0 + t) * m.out_stride + r] = sums[t];
        }
    }
}

void matmul(const MatmulTask& m, int row_begin, int row_end) {
    if (m.x_quants == nullptr) return matmul_float(m, row_begin, row_end);
    const int blocks = m.K / kQ8Block;
    const auto row_dot = m.type == DType::q8_0 ? dot_q8_0 : dot_q4_0;
    for (int r = row_begin; r < row_end; ++r)
        for (int t = 0; t < m.T; ++t)
            m.out[std::size_t(t) * m.out_stride + r] =
                row_dot(m.weight + std::size_t(r) * m.row_bytes, m.x_quants + std::size_t(t) * m.K,
                        m.x_scales + std::size_t(t) * blocks, blocks);
}

void delta_step(float* S, const float* q, const float* k, const float* v, float decay, float beta,
                float q_scale, int Dk, int Dv, float* out, float* scratch) {
    // Row by row over S (key dim i), so every inner loop runs along contiguous value dims.
    std::fill_n(scratch, Dv, 0.0f);
    for (int i = 0; i < Dk; ++i) {
        float* s = S + std::size_t(i) * Dv;
        for (int j = 0; j < Dv; ++j) s[j] *= decay;
        axpy(scratch, k[i], s, Dv);  // Sᵀk
    }
    for (int j = 0; j < Dv; ++j) scratch[j] = beta * (v[j] - scratch[j]);  // δ
    std::fill_n(out, Dv, 0.0f);
    for (int i = 0; i < Dk; ++i) {
        float* s = S + std::size_t(i) * Dv;
        axpy(s, k[i], scratch, Dv);
        axpy(out, q[i], s, Dv);
    }
    for (int j = 0; j < Dv; ++j) out[j] *= q_scale;
}

// The gates are the reference ops themselves.
void silu_times(float* out, const float* a, const float* b, int n) {
    b != nullptr ? swiglu_forward(out, a, b, n) : silu_forward(out, a, n);
}

int first_greater(const float* values, int n, float bar) {
    int i = 0;
    while (i < n && !(values[i] > bar)) ++i;
    return i;
}

constexpr Kernels kScalar{"scalar",   quantize_row_q8,      matmul,
                          dot,        weighted_sum,         delta_step,
                          silu_times, sigmoid_gate_forward, first_greater};

}  // namespace

void dequantize_span(DType type, const std::byte* row, int k0, int n, float* out) {
    const BlockFormat format = block_format(type);
    const std::byte* start = row + std::size_t(k0) / std::size_t(format.values) * format.bytes;
    switch (type) {
        case DType::f32:
            std::memcpy(out, start, sizeof(float) * std::size_t(n));
            break;
        case DType::f16:
        case DType::bf16:
            for (int i = 0; i < n; ++i) {
                std::uint16_t bits;
                std::memcpy(&bits, start + 2 * i, 2);
                out[i] = type == DType::f16 ? f16_to_f32(bits) : bf16_to_f32(bits);
            }
            break;
        default:
            dequantize(type, out, start, std::size_t(n));
            break;
    }
}

const Kernels& scalar_kernels() {
    return kScalar;
}

}  // namespace fantasma::engine::cpu
