// The AVX2 matmul for float-type weights (F32, F16, BF16) on float activations, part of the
// avx2 table (kernels_avx2.cpp); the AVX-512 one (kernels_avx512_float_weights.cpp) is the same
// design at twice the width. Each 8 weights are widened to float32 in registers as they are
// loaded (BF16: zero-extension and a shift; F16: vcvtph2ps) and meet the activations in FMAs, so
// the products are the float32 reference's and nothing goes through memory in between. Tiles of
// up to 4 rows × 2 tokens (8 sums, 4 weights and an activation in the 16 registers); every
// (row, token) sum runs over K in the same order whatever the tile, so a token's result does not
// depend on the other tokens of the call.
#include "engine/cpu/kernels.hpp"

#if defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include <immintrin.h>

#include <algorithm>
#include <cstring>

namespace fantasma::engine::cpu {
namespace {

constexpr int kLanes = 8;
constexpr int kMaxRows = 4, kMaxTokens = 2;

template <DType kType>
constexpr int kBytes = kType == DType::f32 ? 4 : 2;

// 8 weights from `at` as float32.
template <DType kType>
[[gnu::always_inline]] inline __m256 widened(const std::byte* at) {
    if constexpr (kType == DType::f32) {
        return _mm256_loadu_ps(reinterpret_cast<const float*>(at));
    } else {
        const __m128i halves = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
        if constexpr (kType == DType::f16) return _mm256_cvtph_ps(halves);
        return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(halves), 16));
    }
}

float horizontal_sum(__m256 v) {
    __m128 sum = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    sum = _mm_add_ps(sum, _mm_movehl_ps(sum, sum));
    sum = _mm_add_ss(sum, _mm_movehdup_ps(sum));
    return _mm_cvtss_f32(sum);
}

// 8 values of each row and token from k: w[r] and x[t] point at k.
template <DType kType, int R, int N>
[[gnu::always_inline]] inline void tile_step(const std::byte* const (&w)[R],
                                             const float* const (&x)[N], __m256 (&sums)[R][N]) {
    __m256 weights[R];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) weights[r] = widened<kType>(w[r]);
#pragma GCC unroll 4
    for (int t = 0; t < N; ++t) {
        const __m256 xt = _mm256_loadu_ps(x[t]);
#pragma GCC unroll 4
        for (int r = 0; r < R; ++r) sums[r][t] = _mm256_fmadd_ps(weights[r], xt, sums[r][t]);
    }
}

// Rows [r0, r0 + R) against tokens [t0, t0 + N).
template <DType kType, int R, int N>
void tile(const MatmulTask& m, int r0, int t0) {
    constexpr int kStep = 64 / kBytes<kType>;  // one cache line of each row per iteration
    const std::byte* rows[R];
    const std::byte* w[R];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) rows[r] = m.weight + std::size_t(r0 + r) * m.row_bytes;
    const float* tokens[N];
    const float* x[N];
#pragma GCC unroll 4
    for (int t = 0; t < N; ++t) tokens[t] = m.x + std::size_t(t0 + t) * m.x_stride;
    __m256 sums[R][N];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
        for (int t = 0; t < N; ++t) sums[r][t] = _mm256_setzero_ps();
    }
    const auto point_at = [&](int k) {
#pragma GCC unroll 4
        for (int r = 0; r < R; ++r) w[r] = rows[r] + std::size_t(k) * kBytes<kType>;
#pragma GCC unroll 4
        for (int t = 0; t < N; ++t) x[t] = tokens[t] + k;
    };
    int k = 0;
    for (; k + kStep <= m.K; k += kStep) {
        // The same line of the next tile's rows, as in the AVX-512 kernel: the mapped file's
        // pages stop the hardware prefetcher.
#pragma GCC unroll 4
        for (int r = 0; r < R; ++r)
            _mm_prefetch(reinterpret_cast<const char*>(rows[r]) + std::size_t(k) * kBytes<kType> +
                             R * m.row_bytes,
                         _MM_HINT_T0);
#pragma GCC unroll 4
        for (int s = 0; s < kStep; s += kLanes) {
            point_at(k + s);
            tile_step<kType, R, N>(w, x, sums);
        }
    }
    for (; k + kLanes <= m.K; k += kLanes) {
        point_at(k);
        tile_step<kType, R, N>(w, x, sums);
    }
    if (k < m.K) {  // the last values, from zero-padded copies
        const int left = m.K - k;
        alignas(32) std::byte weight_tail[R][kLanes * 4] = {};
        alignas(32) float token_tail[N][kLanes] = {};
        point_at(k);
        for (int r = 0; r < R; ++r) {
            std::memcpy(weight_tail[r], w[r], std::size_t(left) * kBytes<kType>);
            w[r] = weight_tail[r];
        }
        for (int t = 0; t < N; ++t) {
            std::memcpy(token_tail[t], x[t], sizeof(float) * std::size_t(left));
            x[t] = token_tail[t];
        }
        tile_step<kType, R, N>(w, x, sums);
    }
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
        for (int t = 0; t < N; ++t)
            m.out[std::size_t(t0 + t) * m.out_stride + r0 + r] = horizontal_sum(sums[r][t]);
    }
}

template <DType kType, int N>
void tile_of_rows(const MatmulTask& m, int r0, int rows, int t0) {
    switch (rows) {
        case 4:
            return tile<kType, 4, N>(m, r0, t0);
        case 3:
            return tile<kType, 3, N>(m, r0, t0);
        case 2:
            return tile<kType, 2, N>(m, r0, t0);
        default:
            return tile<kType, 1, N>(m, r0, t0);
    }
}

// Rows in groups of ~256 KiB that stay in L2 while every tile of tokens passes over them, so
// each weight byte comes from memory once per call.
template <DType kType>
void matmul_rows(const MatmulTask& m, int row_begin, int row_end) {
    const int group = std::max<int>(kMaxRows, int((256u << 10) / m.row_bytes));
    for (int g0 = row_begin; g0 < row_end; g0 += group) {
        const int g1 = std::min(g0 + group, row_end);
        for (int t0 = 0; t0 < m.T; t0 += kMaxTokens)
            for (int r0 = g0; r0 < g1; r0 += kMaxRows) {
                const int rows = std::min(kMaxRows, g1 - r0);
                if (m.T - t0 >= 2)
                    tile_of_rows<kType, 2>(m, r0, rows, t0);
                else
                    tile_of_rows<kType, 1>(m, r0, rows, t0);
            }
    }
}

}  // namespace

bool matmul_float_weights_avx2(const MatmulTask& m, int row_begin, int row_end) {
    switch (m.type) {
        case DType::bf16:
            return matmul_rows<DType::bf16>(m, row_begin, row_end), true;
        case DType::f16:
            return matmul_rows<DType::f16>(m, row_begin, row_end), true;
        case DType::f32:
            return matmul_rows<DType::f32>(m, row_begin, row_end), true;
        default:
            return false;
    }
}

}  // namespace fantasma::engine::cpu

#endif
