#pragma once
// <immintrin.h> for the AVX-512 kernel files (kernels_avx512*.cpp) only.
#include <immintrin.h>

#include <cstdint>

// GCC 12's AVX-512 intrinsics start from a self-initialised "undefined" register, which
// -Wuninitialized reports wherever they are inlined (GCC bug 105593, fixed in GCC 13). The
// pragma holds for the rest of the including file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace fantasma::engine::cpu {

// The Q8_0/Q4_0 tile kernel (kernels_avx512.cpp) sums a row's products over stretches of this
// many pairs of blocks (2,048 values) and adds the stretches' sums in order; the one-token
// kernel (kernels_avx512_decode.cpp) sums alike, so a token's result does not depend on how
// many tokens share the call.
constexpr int kTileSegmentPairs = 32;

// The sum of a register's 16 lanes in a fixed order: lane j + lane j + 8, then j + j + 4,
// j + j + 2, j + j + 1 (what GCC's _mm512_reduce_add_ps does, written out because the order is
// part of the result: the tile kernel adds eight tokens' registers at once in these same pairs).
[[gnu::always_inline]] inline float lane_sum(__m512 v) {
    const __m256 eight =
        _mm256_add_ps(_mm512_castps512_ps256(v),
                      _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)));
    const __m128 four = _mm_add_ps(_mm256_castps256_ps128(eight), _mm256_extractf128_ps(eight, 1));
    const __m128 two = _mm_add_ps(four, _mm_movehl_ps(four, four));
    return _mm_cvtss_f32(_mm_add_ss(two, _mm_movehdup_ps(two)));
}

// Lane indices of two registers (the second's from 16) for lane_sums_of_8's steps.
alignas(64) inline constexpr std::int32_t kEvenLanes[16] = {0,  2,  4,  6,  8,  10, 12, 14,
                                                            16, 18, 20, 22, 24, 26, 28, 30};
alignas(64) inline constexpr std::int32_t kOddLanes[16] = {1,  3,  5,  7,  9,  11, 13, 15,
                                                           17, 19, 21, 23, 25, 27, 29, 31};
alignas(64) inline constexpr std::int32_t kLowQuads[16] = {0,  1,  2,  3,  8,  9,  10, 11,
                                                           16, 17, 18, 19, 24, 25, 26, 27};
alignas(64) inline constexpr std::int32_t kHighQuads[16] = {4,  5,  6,  7,  12, 13, 14, 15,
                                                            20, 21, 22, 23, 28, 29, 30, 31};
alignas(64) inline constexpr std::int32_t kLowPairs[16] = {0,  1,  4,  5,  8,  9,  12, 13,
                                                           16, 17, 20, 21, 24, 25, 28, 29};
alignas(64) inline constexpr std::int32_t kHighPairs[16] = {2,  3,  6,  7,  10, 11, 14, 15,
                                                            18, 19, 22, 23, 26, 27, 30, 31};

// Lane i: a's and b's lanes picked by first[i] plus those picked by second[i].
[[gnu::always_inline]] inline __m512 add_picked(__m512 a, __m512 b, const std::int32_t* first,
                                                const std::int32_t* second) {
    const auto index = [](const std::int32_t* lanes) {
        return _mm512_load_si512(reinterpret_cast<const __m512i*>(lanes));
    };
    return _mm512_add_ps(_mm512_permutex2var_ps(a, index(first), b),
                         _mm512_permutex2var_ps(a, index(second), b));
}

// Lane i: the sum of register i's 16 lanes, for eight registers at once (3 steps for all eight
// where lane_sum takes 4 for one), in a fixed order: lanes 2j + 2j + 1, then of those sums j +
// j + 4, j + j + 2, j + j + 1. A register whose lanes 2j and 2j + 1 are lane_sum's lanes j and
// j + 8 gets lane_sum's bits.
[[gnu::always_inline]] inline __m256 lane_sums_of_8(const __m512 (&v)[8]) {
    __m512 halves[4], quarters[2];  // of 2 and 4 registers: 8 and 4 lanes each
    for (int k = 0; k < 4; ++k)
        halves[k] = add_picked(v[2 * k], v[2 * k + 1], kEvenLanes, kOddLanes);
    for (int k = 0; k < 2; ++k)
        quarters[k] = add_picked(halves[2 * k], halves[2 * k + 1], kLowQuads, kHighQuads);
    const __m512 pairs = add_picked(quarters[0], quarters[1], kLowPairs, kHighPairs);
    return _mm512_castps512_ps256(add_picked(pairs, pairs, kEvenLanes, kOddLanes));
}

// Each register's lane sum (lane_sums_of_8, eight at a time) to at(k), the float register k's
// sum belongs in: set, or added to it when `add` (a later stretch of K).
template <int kCount, typename At>
[[gnu::always_inline]] inline void store_lane_sums(const __m512 (&sums)[kCount], bool add, At at) {
#pragma GCC unroll 2
    for (int first = 0; first < kCount; first += 8) {
        __m512 eight[8];
#pragma GCC unroll 8
        for (int k = 0; k < 8; ++k)
            eight[k] = first + k < kCount ? sums[first + k] : _mm512_setzero_ps();
        alignas(32) float totals[8];
        _mm256_store_ps(totals, lane_sums_of_8(eight));
        for (int k = first; k < kCount && k < first + 8; ++k) {
            float& out = at(k);
            out = add ? out + totals[k - first] : totals[k - first];
        }
    }
}

}  // namespace fantasma::engine::cpu
