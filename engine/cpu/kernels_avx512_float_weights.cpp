// The AVX-512 matmul for float-type weights (F32, F16, BF16) on float activations, part of the
// avx512-vnni table (kernels_avx512.cpp). BF16 is how Hugging Face publishes Qwen3.5; F16 and
// F32 are what GGUF converters write before quantizing.
//
// Each 16 weights are widened to float32 in registers as they are loaded (BF16: the 16 bits are
// a float32's upper half, so a zero-extension and a shift; F16: vcvtph2ps) and meet the
// activations in FMAs: the products are exactly the float32 reference's, half the bytes of F32
// are read, and nothing goes through memory in between. Tiles of up to 4 rows × 4 tokens: 16
// sums in registers, each widened weight used by 4 tokens and each activation load by 4 rows;
// for one token (decode) the 4 rows are 4 independent chains of FMAs. Every (row, token) sum
// runs over K in the same order whatever the tile, so a token's result does not depend on the
// other tokens of the call (a rewrite's candidates decode as one batch).
#include "engine/cpu/kernels.hpp"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && \
    defined(__AVX512VNNI__)

#include "engine/cpu/avx512_intrinsics.hpp"

#include <algorithm>

namespace fantasma::engine::cpu {
namespace {

constexpr int kLanes = 16;
constexpr int kMaxRows = 4, kMaxTokens = 4;

// 16 weights from `at` (fewer under `mask`, the rest zero) as float32.
template <DType kType>
[[gnu::always_inline]] inline __m512 widened(const std::byte* at, __mmask16 mask) {
    if constexpr (kType == DType::f32) {
        return _mm512_maskz_loadu_ps(mask, at);
    } else {
        const __m256i halves = _mm256_maskz_loadu_epi16(mask, at);
        if constexpr (kType == DType::f16) return _mm512_cvtph_ps(halves);
        return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(halves), 16));
    }
}

template <DType kType, int R, int N>
[[gnu::always_inline]] inline void tile_step(const std::byte* const (&w)[R],
                                             const float* const (&x)[N], int k, __mmask16 mask,
                                             __m512 (&sums)[R][N]) {
    constexpr int kBytes = kType == DType::f32 ? 4 : 2;
    __m512 weights[R];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) weights[r] = widened<kType>(w[r] + std::size_t(k) * kBytes, mask);
#pragma GCC unroll 4
    for (int t = 0; t < N; ++t) {
        const __m512 xt = _mm512_maskz_loadu_ps(mask, x[t] + k);
#pragma GCC unroll 4
        for (int r = 0; r < R; ++r) sums[r][t] = _mm512_fmadd_ps(weights[r], xt, sums[r][t]);
    }
}

// Rows [r0, r0 + R) against tokens [t0, t0 + N).
template <DType kType, int R, int N>
void tile(const MatmulTask& m, int r0, int t0) {
    constexpr int kBytes = kType == DType::f32 ? 4 : 2;
    const std::byte* w[R];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) w[r] = m.weight + std::size_t(r0 + r) * m.row_bytes;
    const float* x[N];
#pragma GCC unroll 4
    for (int t = 0; t < N; ++t) x[t] = m.x + std::size_t(t0 + t) * m.x_stride;
    __m512 sums[R][N];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
        for (int t = 0; t < N; ++t) sums[r][t] = _mm512_setzero_ps();
    }
    // One cache line of each row per iteration, and a prefetch of the same line of the next
    // tile's rows (R rows further on): the mapped file's 4 KiB pages stop the hardware
    // prefetcher, and a fixed 4 KiB ahead would land in this tile's own rows when they are
    // short (decode, 24 tokens × 6 alternating runs, loaded machine: −13 % CPU time, +19 %
    // tokens/s, against 4 KiB ahead).
    constexpr int kStep = 64 / kBytes;
    int k = 0;
    for (; k + kStep <= m.K; k += kStep) {
#pragma GCC unroll 4
        for (int r = 0; r < R; ++r)
            _mm_prefetch(
                reinterpret_cast<const char*>(w[r]) + std::size_t(k) * kBytes + R * m.row_bytes,
                _MM_HINT_T0);
#pragma GCC unroll 4
        for (int s = 0; s < kStep; s += kLanes)
            tile_step<kType, R, N>(w, x, k + s, __mmask16(0xffff), sums);
    }
    for (; k < m.K; k += kLanes) {
        const int left = m.K - k;
        const auto mask = __mmask16(left >= kLanes ? 0xffff : (1u << left) - 1);
        tile_step<kType, R, N>(w, x, k, mask, sums);
    }
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
        for (int t = 0; t < N; ++t)
            m.out[std::size_t(t0 + t) * m.out_stride + r0 + r] = _mm512_reduce_add_ps(sums[r][t]);
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

template <DType kType>
void any_tile(const MatmulTask& m, int r0, int rows, int t0, int tokens) {
    switch (tokens) {
        case 4:
            return tile_of_rows<kType, 4>(m, r0, rows, t0);
        case 3:
            return tile_of_rows<kType, 3>(m, r0, rows, t0);
        case 2:
            return tile_of_rows<kType, 2>(m, r0, rows, t0);
        default:
            return tile_of_rows<kType, 1>(m, r0, rows, t0);
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
            for (int r0 = g0; r0 < g1; r0 += kMaxRows)
                any_tile<kType>(m, r0, std::min(kMaxRows, g1 - r0), t0,
                                std::min(kMaxTokens, m.T - t0));
    }
}

}  // namespace

bool matmul_float_weights_avx512(const MatmulTask& m, int row_begin, int row_end) {
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
