// The AVX-512 VNNI matmul for one token (decode) on Q8_0 and Q4_0 weights, and for Q4_K
// weights on 8-bit activations (any number of tokens; at the end of this file), part of the
// avx512-vnni table (kernels_avx512.cpp). With one token there is nothing to share the
// per-block work of the tile kernel with, and that work, not the memory bus, would bound the
// speed. So the token is prepared once per call and each pair of weight blocks costs little
// more than its load:
//  - the activations are made signed again and the weights unsigned: Q4_0 nibbles as they are
//    (0–15, w = n − 8), Q8_0 bytes with their top bit flipped (w + 128). Then
//      Σ w·x = Σ u·x − c·Σ x   with u the unsigned weight, c = 8 (Q4_0) or 128 (Q8_0),
//    exact, with −c·Σx of each block prepared as the starting value of its sums;
//  - for Q4_0 the activations are reordered to the nibbles' order within a pair of blocks
//    (the low halves of both blocks, then the high halves), so the weights need no shuffle;
//  - the activation scales are spread over their lanes once.
#include "engine/cpu/kernels.hpp"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && \
    defined(__AVX512VNNI__)

#include <immintrin.h>

#include <algorithm>
#include <cstring>

// As in kernels_avx512.cpp: GCC 12's "undefined" registers (GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace fantasma::engine::cpu {
namespace {

constexpr int kMaxK = 8192;  // the prepared token lives on the stack: 3 · K bytes

struct PreparedPair {      // one pair of blocks of the token, in the weights' lane order
    __m512i x;             // signed quants
    __m512i minus_c_sums;  // −c·Σx of each block, spread over its lanes
    __m512 scales;         // each block's scale on its lanes
};

// Q8_0: lanes (32-bit) 0–7 hold the pair's first block, 8–15 the second. Q4_0: lanes 0–3 and
// 8–11 the first block, 4–7 and 12–15 the second.
template <bool kQ4>
void prepare_token(const MatmulTask& m, PreparedPair* pairs) {
    const auto* x = reinterpret_cast<const std::uint8_t*>(m.x_quants);  // unsigned, offset 128
    const __m512i scale_lanes =
        kQ4 ? _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1)
            : _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    // c per byte: the c·Σx of a block is the sum of its 8 lanes of c·(4 quants).
    const __m512i c = _mm512_set1_epi8(char(kQ4 ? 8 : 128));
    for (int p = 0; p < m.K / 64; ++p, x += 64) {
        __m512i quants;
        if constexpr (kQ4) {
            const __m128i* q = reinterpret_cast<const __m128i*>(x);
            quants = _mm512_inserti64x4(
                _mm512_castsi256_si512(
                    _mm256_set_m128i(_mm_loadu_si128(q + 2), _mm_loadu_si128(q))),
                _mm256_set_m128i(_mm_loadu_si128(q + 3), _mm_loadu_si128(q + 1)), 1);
        } else {
            quants = _mm512_loadu_si512(x);
        }
        const __m512i x_signed = _mm512_xor_si512(quants, _mm512_set1_epi8(char(0x80)));
        const __m512i c_sums = _mm512_dpbusd_epi32(_mm512_setzero_si512(), c, x_signed);
        pairs[p].x = x_signed;
        pairs[p].minus_c_sums = _mm512_sub_epi32(_mm512_setzero_si512(), c_sums);
        pairs[p].scales = _mm512_permutexvar_ps(
            scale_lanes, _mm512_castps128_ps512(_mm_castsi128_ps(_mm_loadl_epi64(
                             reinterpret_cast<const __m128i*>(m.x_scales + 2 * p)))));
    }
}

// A pair of weight blocks starting at `block`: unsigned weights and the two scales, on the
// lanes prepare_token<kQ4> uses.
template <bool kQ4>
[[gnu::always_inline]] inline __m512i unsigned_weights(const std::byte* block) {
    if constexpr (kQ4) {
        const __m256i packed =
            _mm256_set_m128i(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 20)),
                             _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 2)));
        const __m256i mask = _mm256_set1_epi8(15);
        return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_and_si256(packed, mask)),
                                  _mm256_and_si256(_mm256_srli_epi16(packed, 4), mask), 1);
    } else {
        const __m512i bytes = _mm512_inserti64x4(
            _mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 2))),
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 36)), 1);
        return _mm512_xor_si512(bytes, _mm512_set1_epi8(char(0x80)));
    }
}

template <bool kQ4>
[[gnu::always_inline]] inline __m512 weight_scales(const std::byte* block) {
    constexpr int kBlockBytes = kQ4 ? 18 : 34;
    std::uint16_t first, second;
    std::memcpy(&first, block, 2);
    std::memcpy(&second, block + kBlockBytes, 2);
    if constexpr (kQ4) {  // [first ×4, second ×4] twice
        const __m128i halves =
            _mm_unpacklo_epi64(_mm_set1_epi16(short(first)), _mm_set1_epi16(short(second)));
        return _mm512_castpd_ps(_mm512_broadcast_f64x4(_mm256_castps_pd(_mm256_cvtph_ps(halves))));
    } else {  // [first ×8, second ×8]
        const __m256i halves =
            _mm256_set_m128i(_mm_set1_epi16(short(second)), _mm_set1_epi16(short(first)));
        return _mm512_cvtph_ps(halves);
    }
}

template <bool kQ4>
void matmul_one_token(const MatmulTask& m, int row_begin, int row_end) {
    constexpr int kPairBytes = kQ4 ? 36 : 68;
    alignas(64) PreparedPair pairs[kMaxK / 64];
    prepare_token<kQ4>(m, pairs);
    const int pair_count = m.K / 64;
    for (int r = row_begin; r < row_end; ++r) {
        const std::byte* block = m.weight + std::size_t(r) * m.row_bytes;
        __m512 sum = _mm512_setzero_ps();
        for (int p = 0; p < pair_count; ++p, block += kPairBytes) {
            // 4 KiB ahead, as in the other kernels: the weights stream from the mapped file.
            _mm_prefetch(reinterpret_cast<const char*>(block) + 4096, _MM_HINT_T0);
            const __m512i dot = _mm512_dpbusd_epi32(pairs[p].minus_c_sums,
                                                    unsigned_weights<kQ4>(block), pairs[p].x);
            sum = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot),
                                  _mm512_mul_ps(pairs[p].scales, weight_scales<kQ4>(block)), sum);
        }
        m.out[r] = _mm512_reduce_add_ps(sum);
    }
}

// Q4_K: super-blocks of 256 values, each with d, dmin and 6-bit scale and min per 32 values,
// value = d·scale_j·q − dmin·min_j with q unsigned 4-bit: Σ w·x = d·scale_j·Σ q·x −
// dmin·min_j·Σ x per 32 values. The 32 bytes of each 64 values hold the first 32 in their low
// nibbles and the next 32 in their high nibbles, so the activations stay in their order.
struct PreparedQ4K {
    PreparedPair* pairs;  // x signed, scales spread as for Q8_0 (minus_c_sums unused)
    float* block_sums;    // activation scale · Σ x of each 32 values
};

void prepare_token_q4_k(const MatmulTask& m, int t, const PreparedQ4K& out) {
    const auto* x = reinterpret_cast<const std::uint8_t*>(m.x_quants) + std::size_t(t) * m.K;
    const float* x_scales = m.x_scales + std::size_t(t) * (m.K / 32);
    const __m512i scale_lanes = _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    for (int p = 0; p < m.K / 64; ++p, x += 64) {
        const __m512i x_signed =
            _mm512_xor_si512(_mm512_loadu_si512(x), _mm512_set1_epi8(char(0x80)));
        const __m512i sums =
            _mm512_dpbusd_epi32(_mm512_setzero_si512(), _mm512_set1_epi8(1), x_signed);
        out.pairs[p].x = x_signed;
        out.pairs[p].scales = _mm512_permutexvar_ps(
            scale_lanes, _mm512_castps128_ps512(_mm_castsi128_ps(
                             _mm_loadl_epi64(reinterpret_cast<const __m128i*>(x_scales + 2 * p)))));
        out.block_sums[2 * p] = x_scales[2 * p] * float(_mm512_mask_reduce_add_epi32(0x00ff, sums));
        out.block_sums[2 * p + 1] =
            x_scales[2 * p + 1] * float(_mm512_mask_reduce_add_epi32(0xff00, sums));
    }
}

// The 8 scales (bytes 0–7) and 8 mins (bytes 8–15) of a Q4_K super-block from their 12 bytes:
// j < 4 keep 6 bits of bytes j and j + 4; j ≥ 4 take 4 bits from byte j + 4 and the top 2 bits
// of bytes j − 4 (scale) and j (min). Four bytes at a time.
__m128i q4_k_scales_and_mins(const std::byte* packed) {
    std::uint32_t w[3];
    std::memcpy(w, packed, 12);
    const std::uint32_t low6 = 0x3f3f3f3f, low4 = 0x0f0f0f0f, low2 = 0x03030303;
    const std::uint32_t scales_high = (w[2] & low4) | (((w[0] >> 6) & low2) << 4);
    const std::uint32_t mins_high = ((w[2] >> 4) & low4) | (((w[1] >> 6) & low2) << 4);
    return _mm_setr_epi32(int(w[0] & low6), int(scales_high), int(w[1] & low6), int(mins_high));
}

// Row r of Q4_K weights against the prepared token.
float q4_k_row(const MatmulTask& m, int r, const PreparedQ4K& token) {
    constexpr int kSuperBytes = 144;
    const std::byte* super = m.weight + std::size_t(r) * m.row_bytes;
    const __m256i mask = _mm256_set1_epi8(15);
    __m512 sum = _mm512_setzero_ps();
    __m256 min_sum = _mm256_setzero_ps();
    const PreparedPair* pair = token.pairs;
    for (int s = 0; s < m.K / 256; ++s, super += kSuperBytes, pair += 4) {
        _mm_prefetch(reinterpret_cast<const char*>(super) + 4096, _MM_HINT_T0);
        _mm_prefetch(reinterpret_cast<const char*>(super) + 4096 + 64, _MM_HINT_T0);
        const __m128i packed = q4_k_scales_and_mins(super + 4);
        std::uint16_t halves[2];
        std::memcpy(halves, super, 4);
        const __m256 d = _mm256_set1_ps(_cvtsh_ss(halves[0]));
        const __m256 dmin = _mm256_set1_ps(_cvtsh_ss(halves[1]));
        const __m512 scales = _mm512_castps256_ps512(
            _mm256_mul_ps(d, _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(packed))));
        const __m256 mins = _mm256_mul_ps(
            dmin, _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_srli_si128(packed, 8))));
        min_sum = _mm256_fmadd_ps(mins, _mm256_loadu_ps(token.block_sums + 8 * s), min_sum);
        const std::byte* q = super + 16;
        for (int g = 0; g < 4; ++g, q += 32) {
            const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
            const __m512i nibbles =
                _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_and_si256(bytes, mask)),
                                   _mm256_and_si256(_mm256_srli_epi16(bytes, 4), mask), 1);
            const __m512i dot = _mm512_dpbusd_epi32(_mm512_setzero_si512(), nibbles, pair[g].x);
            const __m512i lanes = _mm512_inserti64x4(
                _mm512_castsi256_si512(_mm256_set1_epi32(2 * g)), _mm256_set1_epi32(2 * g + 1), 1);
            const __m512 weight_scales = _mm512_permutexvar_ps(lanes, scales);
            sum = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot),
                                  _mm512_mul_ps(weight_scales, pair[g].scales), sum);
        }
    }
    const __m128 mins4 =
        _mm_add_ps(_mm256_castps256_ps128(min_sum), _mm256_extractf128_ps(min_sum, 1));
    const __m128 mins2 = _mm_add_ps(mins4, _mm_movehl_ps(mins4, mins4));
    return _mm512_reduce_add_ps(sum) - _mm_cvtss_f32(_mm_add_ss(mins2, _mm_movehdup_ps(mins2)));
}

// Any number of tokens: rows in groups that stay in L2 (here ~256 KiB) while each token,
// prepared once per group, passes over them.
void matmul_q4_k(const MatmulTask& m, int row_begin, int row_end) {
    alignas(64) PreparedPair pairs[kMaxK / 64];
    float block_sums[kMaxK / 32];
    const PreparedQ4K token{pairs, block_sums};
    const int group = std::max(1, int((256 * 1024) / m.row_bytes));
    for (int g0 = row_begin; g0 < row_end; g0 += group) {
        const int g1 = std::min(g0 + group, row_end);
        for (int t = 0; t < m.T; ++t) {
            prepare_token_q4_k(m, t, token);
            float* out = m.out + std::size_t(t) * m.out_stride;
            for (int r = g0; r < g1; ++r) out[r] = q4_k_row(m, r, token);
        }
    }
}

}  // namespace

bool matmul_q4_k_avx512(const MatmulTask& m, int row_begin, int row_end) {
    if (m.type != DType::q4_k || m.K % 256 != 0 || m.K > kMaxK) return false;
    matmul_q4_k(m, row_begin, row_end);
    return true;
}

bool matmul_one_token_avx512(const MatmulTask& m, int row_begin, int row_end) {
    if (m.T != 1 || m.K % 64 != 0 || m.K > kMaxK) return false;
    if (m.type == DType::q4_0)
        matmul_one_token<true>(m, row_begin, row_end);
    else if (m.type == DType::q8_0)
        matmul_one_token<false>(m, row_begin, row_end);
    else
        return false;
    return true;
}

}  // namespace fantasma::engine::cpu

#else

namespace fantasma::engine::cpu {

bool matmul_one_token_avx512(const MatmulTask&, int, int) {
    return false;
}

bool matmul_q4_k_avx512(const MatmulTask&, int, int) {
    return false;
}

}  // namespace fantasma::engine::cpu

#endif
