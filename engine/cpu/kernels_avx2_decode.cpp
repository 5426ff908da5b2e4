// The AVX2 matmul for one token (decode) on Q4_0 and Q8_0 weights, part of the avx2 and
// avx-vnni tables (kernels_avx2.cpp, compiled once for each; avx2_intrinsics.hpp). With one token
// nothing shares the per-block work of the tile kernel, and that work, not the memory bus, bounds
// the speed:
//  - Q4_0: the token is prepared once per call, −8·Σx of each 4 activations on the 32-bit lane
//    that sums their products; then the nibbles meet the activations as they are (0–15), and
//    Σ (n − 8)·x = Σ n·x − 8·Σ x, exact: no −8, |w| or sign per block;
//  - four rows from four stretches of the range are read side by side (four memory streams).
// Every lane holds the same integer as in the tile kernel, scaled and summed in the same order
// (horizontal_sum at the end), so a token gets the same bits alone as within a batch.
#include "engine/cpu/kernels.hpp"

#if defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include "engine/cpu/avx2_intrinsics.hpp"

namespace fantasma::engine::cpu::FANTASMA_AVX2_FLAVOUR {
namespace {

// The prepared token lives on the stack, K bytes: a longer K (no Qwen3.5 matrix comes near)
// takes the tile kernel, which gives the same bits.
constexpr int kMaxK = 32768;

// Block b's 32 weights against the token: 8 lanes of 4 products each, as the tile kernel's.
template <bool kQ4>
[[gnu::always_inline]] inline __m256i block_dot(const std::byte* row, int b, __m256i x,
                                                __m256i minus_eight_sums, float& scale) {
    if constexpr (kQ4) {
        const std::byte* block = row + 18 * std::size_t(b);
        scale = half_at(block);
        return add_byte_dots(minus_eight_sums, nibbles(block + 2), x);
    } else {
        const std::byte* block = row + 34 * std::size_t(b);
        scale = half_at(block);
        const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 2));
        return add_byte_dots(_mm256_setzero_si256(), _mm256_abs_epi8(w), _mm256_sign_epi8(x, w));
    }
}

// Rows r, r + stretch, …, r + (kStreams − 1)·stretch side by side.
template <bool kQ4, int kStreams>
void rows_side_by_side(const MatmulTask& m, const __m256i* minus_eight_sums, int r, int stretch) {
    constexpr std::size_t kBlockBytes = kQ4 ? 18 : 34;
    const std::byte* rows[kStreams];
    __m256 sums[kStreams];
    for (int i = 0; i < kStreams; ++i) {
        rows[i] = m.weight + std::size_t(r + i * stretch) * m.row_bytes;
        sums[i] = _mm256_setzero_ps();
    }
    for (int b = 0; b < m.K / kQ8Block; ++b) {
        const __m256i x =
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(m.x_quants + kQ8Block * b));
        const __m256i minus = kQ4 ? minus_eight_sums[b] : _mm256_setzero_si256();
        const float x_scale = m.x_scales[b];
        // Unrolled, so the sums and row pointers stay in registers.
#pragma GCC unroll 4
        for (int i = 0; i < kStreams; ++i) {
            // 4 KiB ahead: the hardware prefetcher stops at the mapped file's page boundaries.
            _mm_prefetch(reinterpret_cast<const char*>(rows[i]) + kBlockBytes * b + 4096,
                         _MM_HINT_T0);
            float w_scale;
            const __m256i dot = block_dot<kQ4>(rows[i], b, x, minus, w_scale);
            sums[i] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot), _mm256_set1_ps(w_scale * x_scale),
                                      sums[i]);
        }
    }
    for (int i = 0; i < kStreams; ++i) m.out[r + i * stretch] = horizontal_sum(sums[i]);
}

template <bool kQ4>
void matmul_one_token(const MatmulTask& m, int row_begin, int row_end) {
    constexpr int kStreams = 4;
    __m256i minus_eight_sums[kQ4 ? kMaxK / kQ8Block : 1];
    if constexpr (kQ4) {
        const __m256i eight = _mm256_set1_epi8(8);
        for (int b = 0; b < m.K / kQ8Block; ++b) {
            const __m256i x =
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(m.x_quants + kQ8Block * b));
            minus_eight_sums[b] = _mm256_sub_epi32(_mm256_setzero_si256(),
                                                   add_byte_dots(_mm256_setzero_si256(), eight, x));
        }
    }
    const int stretch = (row_end - row_begin) / kStreams;
    for (int r = row_begin; r < row_begin + stretch; ++r)
        rows_side_by_side<kQ4, kStreams>(m, minus_eight_sums, r, stretch);
    for (int r = row_begin + kStreams * stretch; r < row_end; ++r)
        rows_side_by_side<kQ4, 1>(m, minus_eight_sums, r, 0);
}

}  // namespace

bool matmul_one_token_avx2(const MatmulTask& m, int row_begin, int row_end) {
    if (m.T != 1 || m.K > kMaxK) return false;
    if (m.type == DType::q4_0)
        matmul_one_token<true>(m, row_begin, row_end);
    else if (m.type == DType::q8_0)
        matmul_one_token<false>(m, row_begin, row_end);
    else
        return false;
    return true;
}

}  // namespace fantasma::engine::cpu::FANTASMA_AVX2_FLAVOUR

#else

namespace fantasma::engine::cpu::avx2 {

bool matmul_one_token_avx2(const MatmulTask&, int, int) {
    return false;
}

}  // namespace fantasma::engine::cpu::avx2

#endif
