#pragma once
// <immintrin.h> and the small helpers of the AVX2 kernel files (kernels_avx2*.cpp) only. The
// helpers are in an anonymous namespace: each of those files gets its own copy, compiled with
// its AVX2 flags, and none can stand in for a caller elsewhere.
//
// The file of the Q5_0 and IQ4-like matmuls (kernels_avx2.cpp) is compiled twice: for the avx2
// table, and with -mavxvnni for the avx-vnni table (Alder Lake and later, Zen 5), where
// add_byte_dots is one vpdpbusd instead of maddubs and madd. Each compilation's functions are in
// the namespace FANTASMA_AVX2_FLAVOUR names, so the two cannot meet at link time.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__AVXVNNI__)
#define FANTASMA_AVX2_FLAVOUR avx_vnni
#define FANTASMA_AVX2_TABLE_NAME "avx-vnni"
#else
#define FANTASMA_AVX2_FLAVOUR avx2
#define FANTASMA_AVX2_TABLE_NAME "avx2"
#endif

namespace fantasma::engine::cpu {
namespace {

// Per 32-bit lane, `sums` plus its four products of unsigned bytes u and signed bytes s.
// Without VNNI, maddubs adds the products in pairs with int16 saturation; every caller keeps a
// pair within int16 (u ≤ 128, |s| ≤ 127), so both forms give the same integers, and both
// tables the same bits.
inline __m256i add_byte_dots(__m256i sums, __m256i u, __m256i s) {
#if defined(__AVXVNNI__)
    return _mm256_dpbusd_avx_epi32(sums, u, s);
#else
    return _mm256_add_epi32(sums,
                            _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1)));
#endif
}

// Per 32-bit lane, `sums` plus its two products of signed 16-bit a and b: madd and an add, or
// one vpdpwssd in the avx-vnni table; neither saturates, so both give the same integers.
inline __m256i add_pair_dots(__m256i sums, __m256i a, __m256i b) {
#if defined(__AVXVNNI__)
    return _mm256_dpwssd_avx_epi32(sums, a, b);
#else
    return _mm256_add_epi32(sums, _mm256_madd_epi16(a, b));
#endif
}

// The half-precision float at p (a block's scale), unaligned.
inline float half_at(const std::byte* p) {
    std::uint16_t bits;
    std::memcpy(&bits, p, 2);
    return _cvtsh_ss(bits);
}

// The sum of the 8 lanes, in one fixed order, whichever kernel ran.
inline float horizontal_sum(__m256 v) {
    __m128 sum = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    sum = _mm_add_ps(sum, _mm_movehl_ps(sum, sum));
    sum = _mm_add_ss(sum, _mm_movehdup_ps(sum));
    return _mm_cvtss_f32(sum);
}

// Σ over each half (16 bytes) of 32 signed activation bytes, on the low and high 64 bits.
inline __m128i half_quant_sums(const std::int8_t* x) {
    const __m256i quants = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x));
    const __m256i lanes =  // Σ of 4 bytes each
        _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_set1_epi8(1), quants), _mm256_set1_epi16(1));
    const __m128i low = _mm256_castsi256_si128(lanes), high = _mm256_extracti128_si256(lanes, 1);
    const __m128i pairs = _mm_hadd_epi32(low, high);  // low 0+1, 2+3, high 0+1, 2+3
    return _mm_hadd_epi32(pairs, pairs);              // Σ low, Σ high, Σ low, Σ high
}

// Σ of 32 signed activation bytes (the −8·Σx of Q4_0, the min terms of the K-quants).
inline int block_quant_sum(const std::int8_t* x) {
    const __m128i halves = half_quant_sums(x);
    return _mm_cvtsi128_si32(_mm_add_epi32(halves, _mm_shuffle_epi32(halves, 1)));
}

// 16 bytes of nibbles → 32 bytes: the low nibbles, then the high ones (Q4_0's value order).
inline __m256i nibbles(const std::byte* packed16) {
    const __m128i packed = _mm_loadu_si128(reinterpret_cast<const __m128i*>(packed16));
    return _mm256_and_si256(_mm256_set_m128i(_mm_srli_epi16(packed, 4), packed),
                            _mm256_set1_epi8(15));
}

// Q6_K: the 128 unsigned 6-bit values (0–63) of half a super-block, as four 32-value runs in
// order, from its 64 bytes of low nibbles `ql` and 32 bytes of 2-bit high fields `qh` (bits 4–5
// by epi16 shifts; the masks drop what crosses from the neighbouring byte).
inline void q6_k_half_values(const std::byte* ql, const std::byte* qh, __m256i runs[4]) {
    const __m256i low_mask = _mm256_set1_epi8(15), high_bits = _mm256_set1_epi8(0x30);
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql + 32));
    const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(qh));
    runs[0] = _mm256_or_si256(_mm256_and_si256(a, low_mask),
                              _mm256_and_si256(_mm256_slli_epi16(h, 4), high_bits));
    runs[1] = _mm256_or_si256(_mm256_and_si256(b, low_mask),
                              _mm256_and_si256(_mm256_slli_epi16(h, 2), high_bits));
    runs[2] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(a, 4), low_mask),
                              _mm256_and_si256(h, high_bits));
    runs[3] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(b, 4), low_mask),
                              _mm256_and_si256(_mm256_srli_epi16(h, 2), high_bits));
}

}  // namespace
}  // namespace fantasma::engine::cpu
