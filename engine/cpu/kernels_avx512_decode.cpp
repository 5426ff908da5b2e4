// The AVX-512 VNNI matmul for one token (decode) on Q4_0 weights, part of the avx512-vnni table
// (kernels_avx512.cpp; Q8_0 has one kernel for any number of tokens,
// kernels_avx512_block_lanes.cpp). With one token there is nothing to share the per-block work of
// the tile kernel with, and that work, not the memory bus, would bound the speed. So the token is
// prepared once per call and each pair of weight blocks costs little more than its load:
//  - the activations are made signed again and the weights unsigned, nibbles as they are
//    (0–15, w = n − 8). Then Σ w·x = Σ n·x − 8·Σ x, exact, with −8·Σx of each block prepared
//    as the starting value of its sums;
//  - the activations are reordered to the nibbles' order within a pair of blocks (the low
//    halves of both blocks, then the high halves), so the weights need no shuffle;
//  - the activation scales are spread over their lanes once.
#include "engine/cpu/kernels.hpp"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && \
    defined(__AVX512VNNI__)

#include "engine/cpu/avx512_intrinsics.hpp"

namespace fantasma::engine::cpu {
namespace {

// The prepared token lives on the stack, 3 · K bytes: a longer K goes in stretches of this many
// values (a whole number of the tile kernel's stretches, so the sums stay the same).
constexpr int kMaxK = 8192;
static_assert(kMaxK % (64 * kTileSegmentPairs) == 0);

struct PreparedPair {      // one pair of blocks of the token, in the weights' lane order
    __m512i x;             // signed quants
    __m512i minus_c_sums;  // −8·Σx of each block, spread over its lanes
    __m512 scales;         // each block's scale on its lanes
};

// Lanes (32-bit) 0–3 and 8–11 hold the pair's first block, 4–7 and 12–15 the second.
// Pairs [pair0, pair0 + count) of the token.
void prepare_token(const MatmulTask& m, int pair0, int count, PreparedPair* pairs) {
    // unsigned, offset 128
    const auto* x = reinterpret_cast<const std::uint8_t*>(m.x_quants) + std::size_t(pair0) * 64;
    const __m512i scale_lanes = _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1);
    // 8 per byte: the 8·Σx of a block is the sum of its 8 lanes of 8·(4 quants).
    const __m512i c = _mm512_set1_epi8(8);
    for (int p = 0; p < count; ++p, x += 64) {
        const __m128i* q = reinterpret_cast<const __m128i*>(x);
        const __m512i quants = _mm512_inserti64x4(
            _mm512_castsi256_si512(_mm256_set_m128i(_mm_loadu_si128(q + 2), _mm_loadu_si128(q))),
            _mm256_set_m128i(_mm_loadu_si128(q + 3), _mm_loadu_si128(q + 1)), 1);
        const __m512i x_signed = _mm512_xor_si512(quants, _mm512_set1_epi8(char(0x80)));
        const __m512i c_sums = _mm512_dpbusd_epi32(_mm512_setzero_si512(), c, x_signed);
        pairs[p].x = x_signed;
        pairs[p].minus_c_sums = _mm512_sub_epi32(_mm512_setzero_si512(), c_sums);
        pairs[p].scales = _mm512_permutexvar_ps(
            scale_lanes, _mm512_castps128_ps512(_mm_castsi128_ps(_mm_loadl_epi64(
                             reinterpret_cast<const __m128i*>(m.x_scales + 2 * (pair0 + p))))));
    }
}

// A pair of weight blocks starting at `block`: unsigned weights and the blocks' scales, on the
// lanes prepare_token uses.
struct WeightPair {
    __m512i weights;
    __m512 scales;
};

// Q4_0's 16-bit words within a pair (36 bytes): 0 and 9 are the scales, 1–8 and 10–17 the
// nibbles. The nibbles' words twice (low nibbles, then high), and each scale on its lanes.
alignas(64) constexpr std::uint16_t kQ4NibbleWords[32] = {
    1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17,
    1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17};
alignas(32) constexpr std::uint16_t kQ4ScaleWords[16] = {0, 0, 0, 0, 9, 9, 9, 9,
                                                         0, 0, 0, 0, 9, 9, 9, 9};

[[gnu::always_inline]] inline WeightPair weight_pair(const std::byte* block) {
    // One load of the pair, masked to its 36 bytes (a row's last pair may end the file), and
    // word permutes: 4 instructions fewer per pair than two loads, inserts and broadcasts of
    // the scales, which bounded this kernel from cache.
    const __m512i raw = _mm512_maskz_loadu_epi8(__mmask64((1ull << 36) - 1), block);
    const __m512i bytes = _mm512_permutexvar_epi16(
        _mm512_load_si512(reinterpret_cast<const __m512i*>(kQ4NibbleWords)), raw);
    const __m512i high_shifted = _mm512_mask_srli_epi16(bytes, __mmask32(0xffff0000u), bytes, 4);
    const __m256i scales =
        _mm256_permutexvar_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(kQ4ScaleWords)),
                                 _mm512_castsi512_si256(raw));
    return {_mm512_and_si512(high_shifted, _mm512_set1_epi8(15)), _mm512_cvtph_ps(scales)};
}

// The sum of a row's lanes as the tile kernel of kernels_avx512.cpp adds them, so that a token
// gets the same bits alone as within a batch (a rewrite's candidates decode together and must
// sample what each would alone). That kernel adds, per pair, the first block's lanes then the
// second's, low nibbles before high ones: here both blocks' low nibbles come first, so the
// middle two 128-bit quarters swap before the sum.
[[gnu::always_inline]] inline float tile_ordered_sum(__m512 sums) {
    return lane_sum(_mm512_shuffle_f32x4(sums, sums, _MM_SHUFFLE(3, 1, 2, 0)));
}

// Rows r, r + stretch, …, r + (kStreams − 1)·stretch side by side: that many sequential
// streams from memory in flight instead of one (measured: +9 % decode with 4).
// Sums as the tile kernel makes them: per stretch of kTileSegmentPairs pairs, added in order.
// `pairs` holds the token's pairs [pair0, pair_end); after the first pairs of the row, the
// sums add to what out holds.
template <int kStreams>
void rows_side_by_side(const MatmulTask& m, const PreparedPair* pairs, int pair0, int pair_end,
                       int r, int stretch) {
    constexpr int kPairBytes = 36;
    const std::byte* rows[kStreams];
    float totals[kStreams];
    for (int i = 0; i < kStreams; ++i) {
        rows[i] = m.weight + std::size_t(r + i * stretch) * m.row_bytes;
        totals[i] = pair0 == 0 ? 0.0f : m.out[r + i * stretch];
    }
    for (int p0 = pair0; p0 < pair_end; p0 += kTileSegmentPairs) {
        const int p1 = p0 + kTileSegmentPairs < pair_end ? p0 + kTileSegmentPairs : pair_end;
        __m512 sums[kStreams];
        for (int i = 0; i < kStreams; ++i) sums[i] = _mm512_setzero_ps();
        for (int p = p0; p < p1; ++p) {
            // Unrolled, so the sums and row pointers stay in registers (GCC 12 at -O2 kept them
            // in memory: a store and reload per pair of blocks, 1.6× slower from cache).
#pragma GCC unroll 8
            for (int i = 0; i < kStreams; ++i) {
                const std::byte* block = rows[i] + std::size_t(p) * kPairBytes;
                // 4 KiB ahead, as in the other kernels: the weights stream from the mapped file.
                _mm_prefetch(reinterpret_cast<const char*>(block) + 4096, _MM_HINT_T0);
                const WeightPair w = weight_pair(block);
                const __m512i dot = _mm512_dpbusd_epi32(pairs[p - pair0].minus_c_sums, w.weights,
                                                        pairs[p - pair0].x);
                sums[i] =
                    _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot),
                                    _mm512_mul_ps(pairs[p - pair0].scales, w.scales), sums[i]);
            }
        }
        for (int i = 0; i < kStreams; ++i) {
            const float sum = tile_ordered_sum(sums[i]);
            totals[i] = p0 == 0 ? sum : totals[i] + sum;
        }
    }
    for (int i = 0; i < kStreams; ++i) m.out[r + i * stretch] = totals[i];
}

void matmul_one_token(const MatmulTask& m, int row_begin, int row_end) {
    constexpr int kStreams = 4;
    alignas(64) PreparedPair pairs[kMaxK / 64];
    const int stretch = (row_end - row_begin) / kStreams, all_pairs = m.K / 64;
    for (int pair0 = 0; pair0 < all_pairs; pair0 += kMaxK / 64) {
        const int pair_end = pair0 + kMaxK / 64 < all_pairs ? pair0 + kMaxK / 64 : all_pairs;
        prepare_token(m, pair0, pair_end - pair0, pairs);
        for (int r = row_begin; r < row_begin + stretch; ++r)
            rows_side_by_side<kStreams>(m, pairs, pair0, pair_end, r, stretch);
        for (int r = row_begin + kStreams * stretch; r < row_end; ++r)
            rows_side_by_side<1>(m, pairs, pair0, pair_end, r, 0);
    }
}

}  // namespace

bool matmul_one_token_avx512(const MatmulTask& m, int row_begin, int row_end) {
    if (m.T != 1 || m.K % 64 != 0 || m.type != DType::q4_0) return false;
    matmul_one_token(m, row_begin, row_end);
    return true;
}

}  // namespace fantasma::engine::cpu

#else

namespace fantasma::engine::cpu {

bool matmul_one_token_avx512(const MatmulTask&, int, int) {
    return false;
}

}  // namespace fantasma::engine::cpu

#endif
