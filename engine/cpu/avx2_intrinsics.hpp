#pragma once
// <immintrin.h> and the small helpers of the AVX2 kernel files (kernels_avx2*.cpp) only. The
// helpers are in an anonymous namespace: each of those files gets its own copy, compiled with
// its AVX2 flags, and none can stand in for a caller elsewhere.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fantasma::engine::cpu {
namespace {

// The half-precision float at p (a block's scale), unaligned.
inline float half_at(const std::byte* p) {
    std::uint16_t bits;
    std::memcpy(&bits, p, 2);
    return _cvtsh_ss(bits);
}

// The sum of the 8 lanes, in one fixed order: the tile and one-token kernels both end with it,
// so that a token's result does not depend on which of them ran.
inline float horizontal_sum(__m256 v) {
    __m128 sum = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    sum = _mm_add_ps(sum, _mm_movehl_ps(sum, sum));
    sum = _mm_add_ss(sum, _mm_movehdup_ps(sum));
    return _mm_cvtss_f32(sum);
}

// 16 bytes of nibbles → 32 bytes: the low nibbles, then the high ones (Q4_0's value order).
inline __m256i nibbles(const std::byte* packed16) {
    const __m128i packed = _mm_loadu_si128(reinterpret_cast<const __m128i*>(packed16));
    return _mm256_and_si256(_mm256_set_m128i(_mm_srli_epi16(packed, 4), packed),
                            _mm256_set1_epi8(15));
}

}  // namespace
}  // namespace fantasma::engine::cpu
