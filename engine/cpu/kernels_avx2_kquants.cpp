// AVX2 dequantization of the 256-value super-blocks (Q4_K, Q6_K, Q5_K, IQ4_XS) for the float
// matmul path of the AVX2 and AVX-512 tables. Files from llama.cpp's usual recipes (Q4_K_M)
// hold most weights and the tied output head in these types; the portable dequantizer costs
// several operations per value, these a few per 8 values. Compiled with the AVX2 flags alone,
// called only from kernels_avx2.cpp.
#include "engine/cpu/kernels.hpp"
#include "engine/quants.hpp"

#if defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "engine/cpu/avx2_intrinsics.hpp"

namespace fantasma::engine::cpu {
namespace {

int u8(const std::byte* p, int i) {
    return int(std::to_integer<std::uint8_t>(p[i]));
}

// 8 bytes (unsigned, already small) → 8 floats: value · scale + offset.
void store_scaled(float* y, __m128i bytes8, __m256 scale, __m256 offset) {
    const __m256 values = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes8));
    _mm256_storeu_ps(y, _mm256_fmadd_ps(values, scale, offset));
}

// 32 bytes → 32 floats, the first 16 with (scale0, offset0), the last 16 with (scale1, offset1).
void store_32(float* y, __m256i bytes, float scale0, float offset0, float scale1, float offset1) {
    const __m128i low = _mm256_castsi256_si128(bytes), high = _mm256_extracti128_si256(bytes, 1);
    const __m256 s0 = _mm256_set1_ps(scale0), o0 = _mm256_set1_ps(offset0);
    const __m256 s1 = _mm256_set1_ps(scale1), o1 = _mm256_set1_ps(offset1);
    store_scaled(y, low, s0, o0);
    store_scaled(y + 8, _mm_unpackhi_epi64(low, low), s0, o0);
    store_scaled(y + 16, high, s1, o1);
    store_scaled(y + 24, _mm_unpackhi_epi64(high, high), s1, o1);
}

}  // namespace

// As engine/quants.cpp's dequantize_q4_k: value = d·scale_j·q − dmin·min_j, 32 values per j.
void dequantize_q4_k_avx2(const std::byte* block, float* y) {
    const float d = half_at(block), dmin = half_at(block + 2);
    const std::byte* s = block + 4;
    const std::byte* q = block + 16;
    float scales[8], mins[8];
    for (int j = 0; j < 8; ++j) {  // 6-bit scales and mins, packed as ggml packs them
        const int scale = j < 4 ? u8(s, j) & 63 : (u8(s, j + 4) & 15) | ((u8(s, j - 4) >> 6) << 4);
        const int min = j < 4 ? u8(s, j + 4) & 63 : (u8(s, j + 4) >> 4) | ((u8(s, j) >> 6) << 4);
        scales[j] = d * float(scale);
        mins[j] = -dmin * float(min);
    }
    const __m256i mask = _mm256_set1_epi8(15);
    for (int chunk = 0; chunk < 4; ++chunk, q += 32, y += 64) {  // 64 values from 32 bytes
        const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
        const __m256i low = _mm256_and_si256(bytes, mask);
        const __m256i high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), mask);
        const int j = 2 * chunk;
        store_32(y, low, scales[j], mins[j], scales[j], mins[j]);
        store_32(y + 32, high, scales[j + 1], mins[j + 1], scales[j + 1], mins[j + 1]);
    }
}

// As engine/quants.cpp's dequantize_q6_k: 6-bit values (4 low bits in ql, 2 high in qh) − 32,
// times d and a signed 8-bit scale per 16 values.
void dequantize_q6_k_avx2(const std::byte* block, float* y) {
    const std::byte* ql = block;
    const std::byte* qh = block + 128;
    const auto* scales = reinterpret_cast<const std::int8_t*>(block + 192);
    const float d = half_at(block + 208);
    for (int half = 0; half < 2; ++half, ql += 64, qh += 32, scales += 8, y += 128) {
        __m256i values[4];
        q6_k_half_values(ql, qh, values);
        for (int k = 0; k < 4; ++k) {  // values − 32, scales[2k] for the first 16
            const float s0 = d * float(scales[2 * k]), s1 = d * float(scales[2 * k + 1]);
            store_32(y + 32 * k, values[k], s0, -32.0f * s0, s1, -32.0f * s1);
        }
    }
}

// As engine/quants_published.cpp's dequantize_q5_k: Q4_K's nibbles and scales, with the fifth
// bit of sub-block j's values in bit j of qh[0..31].
void dequantize_q5_k_avx2(const std::byte* block, float* y) {
    const float d = half_at(block), dmin = half_at(block + 2);
    const std::byte* s = block + 4;
    const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 16));
    const std::byte* q = block + 48;
    float scales[8], mins[8];
    for (int j = 0; j < 8; ++j) {
        int scale, min;
        scale_and_min_k4(j, s, scale, min);
        scales[j] = d * float(scale);
        mins[j] = -dmin * float(min);
    }
    const __m256i mask = _mm256_set1_epi8(15), sixteen = _mm256_set1_epi8(16);
    const auto fifth_bit = [&](int j) {  // 16 where bit j of qh is set
        const __m256i bit = _mm256_set1_epi8(char(1 << j));
        return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(qh, bit), bit), sixteen);
    };
    for (int chunk = 0; chunk < 4; ++chunk, q += 32, y += 64) {
        const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
        const int j = 2 * chunk;
        const __m256i low = _mm256_or_si256(_mm256_and_si256(bytes, mask), fifth_bit(j));
        const __m256i high =
            _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(bytes, 4), mask), fifth_bit(j + 1));
        store_32(y, low, scales[j], mins[j], scales[j], mins[j]);
        store_32(y + 32, high, scales[j + 1], mins[j + 1], scales[j + 1], mins[j + 1]);
    }
}

// As engine/quants_published.cpp's dequantize_iq4_xs: each nibble picks one of the 16
// non-linear levels (a byte shuffle does the look-up), times d·(6-bit scale − 32).
void dequantize_iq4_xs_avx2(const std::byte* block, float* y) {
    const float d = half_at(block);
    const int scales_h = u8(block, 2) | u8(block, 3) << 8;
    const __m128i levels = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kIq4Values.data()));
    const __m128i mask = _mm_set1_epi8(15);
    for (int j = 0; j < 8; ++j, y += 32) {
        const int scale =
            ((u8(block + 4, j / 2) >> (4 * (j % 2))) & 15) | (((scales_h >> (2 * j)) & 3) << 4);
        const __m256 dl = _mm256_set1_ps(d * float(scale - 32));
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 8 + 16 * j));
        const __m128i halves[2] = {
            _mm_shuffle_epi8(levels, _mm_and_si128(bytes, mask)),
            _mm_shuffle_epi8(levels, _mm_and_si128(_mm_srli_epi16(bytes, 4), mask))};
        for (int h = 0; h < 2; ++h)
            for (int k = 0; k < 2; ++k) {
                const __m128i eight = k == 0 ? halves[h] : _mm_unpackhi_epi64(halves[h], halves[h]);
                const __m256 values = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(eight));
                _mm256_storeu_ps(y + 16 * h + 8 * k, _mm256_mul_ps(values, dl));
            }
    }
}

}  // namespace fantasma::engine::cpu

#endif
