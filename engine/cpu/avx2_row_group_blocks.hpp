#pragma once
// The inner kernels of kernels_avx2_row_groups.cpp (and only of it: compiled with its AVX2
// flags, in an anonymous namespace, as avx2_intrinsics.hpp's helpers): each format's block of
// a group of 8 packed rows against up to 8 tokens, 8 rows' sums on a register's 8 lanes. The
// packed layouts are described where they are made, at the top of kernels_avx2_row_groups.cpp.
//
// Every loop over a block's words is unrolled by pragma: one GCC 12 left rolled kept its
// array of words on the stack, filled by 16-byte copies and read back 32 bytes at a time, loads
// that cannot be forwarded from two stores (one token's Q8_0 matmul 15 GMAC/s a core, 25
// unrolled; Q4_0 40 -> 57, IQ4_XS 20 -> 31: fantasma-bench-matmul, Xeon).
#include "engine/cpu/avx2_intrinsics.hpp"
#include "engine/cpu/kernels.hpp"
#include "engine/quants.hpp"

#include <cstdint>
#include <cstring>

namespace fantasma::engine::cpu {
namespace {

// A token: its quants and block scales (per 32 values, or per 256 for the K-quants: Kernels::
// activation_block), and what the formats with an offset need of each 32-value block, prepared
// once per call: Σ quants (Q4_0's −8: Σ (n − 8)·x = Σ n·x − 8·Σ x, so the nibbles meet the
// activations as they are, 0–15, which maddubs takes unsigned), the sums of its two halves of
// 16 as the int16 pair of one int32 (Q6_K's −32, whose scales are per 16 values), or the sums
// of two blocks side by side, as such a pair (Q4_K's and Q5_K's min terms: runs 2p and 2p + 1
// of each super-block).
struct Token {
    const std::int8_t* x;
    const float* scales;
    const int* sums;
    const int* half_sums;
    const int* run_pair_sums;
};

// 4 activation bytes on every lane.
[[gnu::always_inline]] inline __m256i broadcast_word(const std::int8_t* x) {
    std::int32_t word;
    std::memcpy(&word, x, 4);
    return _mm256_set1_epi32(word);
}

// Σ over words j in [first, end) of unsigned weights u[j] against the signed bytes word(j),
// per 32-bit lane (add_byte_dots: one vpdpbusd in the avx-vnni table), in two chains so that
// one instruction's latency does not hold up the next.
template <typename SignedWord>
[[gnu::always_inline]] inline __m256i byte_dots(const __m256i* u, SignedWord word, int first = 0,
                                                int end = 8) {
    __m256i even = _mm256_setzero_si256(), odd = _mm256_setzero_si256();
#pragma GCC unroll 8
    for (int j = first; j < end; j += 2) {
        even = add_byte_dots(even, u[j], word(j));
        odd = add_byte_dots(odd, u[j + 1], word(j + 1));
    }
    return _mm256_add_epi32(even, odd);
}

// Σ over 32 values of nibbles · x for 8 rows, w[j] holding values 4j … 4j + 3 (Q4_0's low
// nibbles of word j are values 4j …, its high nibbles 16 + 4j …: w[4 + j]). The nibbles meet
// the activations unsigned in maddubs, and the int16 pairs of all 8 words (each ≤ 2·15·127)
// are added before they are widened. Nothing saturates, so vpdpbusd (avx-vnni) gives the same
// integers in one instruction a word.
[[gnu::always_inline]] inline __m256i unsigned_dots(const __m256i* w, const std::int8_t* x) {
#if defined(__AVXVNNI__)
    return byte_dots(w, [&](int j) { return broadcast_word(x + 4 * j); });
#else
    __m256i pairs = _mm256_maddubs_epi16(w[0], broadcast_word(x));
#pragma GCC unroll 8
    for (int j = 1; j < 8; ++j)
        pairs = _mm256_add_epi16(pairs, _mm256_maddubs_epi16(w[j], broadcast_word(x + 4 * j)));
    return _mm256_madd_epi16(pairs, _mm256_set1_epi16(1));
#endif
}

// The same for signed weights (Q8_0's, IQ4_XS's levels): |w| · (x with w's sign), a pair
// ≤ 2·128·127 fills int16, so each word's products are widened before they are added.
[[gnu::always_inline]] inline __m256i signed_dots(const __m256i* w_abs, const __m256i* w,
                                                  const std::int8_t* x) {
    return byte_dots(w_abs,
                     [&](int j) { return _mm256_sign_epi8(broadcast_word(x + 4 * j), w[j]); });
}

[[gnu::always_inline]] inline __m256i load_word(const std::byte* words, int j) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words + 32 * j));
}

// Every 16-bit lane shifted right by `count`, a run-time count (one instruction either way).
[[gnu::always_inline]] inline __m256i shift_right(__m256i v, int count) {
    return _mm256_srl_epi16(v, _mm_cvtsi32_si128(count));
}

// 32 values of a group whose 8 rows' scales are `w_scales`, as signed bytes w, against N
// tokens (their block b), added to sums[i].
template <int N>
[[gnu::always_inline]] inline void add_signed_block(const __m256i* w, __m256 w_scales, int b,
                                                    const Token* tokens, __m256* sums) {
    __m256i w_abs[8];
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) w_abs[j] = _mm256_abs_epi8(w[j]);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) {
        const __m256i dot = signed_dots(w_abs, w, tokens[i].x + kQ8Block * b);
        const __m256 scales = _mm256_mul_ps(w_scales, _mm256_set1_ps(tokens[i].scales[b]));
        sums[i] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot), scales, sums[i]);
    }
}

// Q8_0: the 32-value block b of a group against N tokens, added to sums[i].
template <int N>
[[gnu::always_inline]] inline void add_q8_0_block(const std::byte* block, int b,
                                                  const Token* tokens, __m256* sums) {
    const __m256 w_scales =
        _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block)));
    __m256i w[8];
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) w[j] = load_word(block + 16, j);
    add_signed_block<N>(w, w_scales, b, tokens, sums);
}

// Q4_0: the 32-value block b of a group against N tokens, its nibbles unsigned, added to sums[i].
template <int N>
[[gnu::always_inline]] inline void add_q4_0_block(const std::byte* block, int b,
                                                  const Token* tokens, __m256* sums) {
    const __m256 w_scales =
        _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block)));
    const __m256i low = _mm256_set1_epi8(15);
    __m256i w[8];
#pragma GCC unroll 8
    for (int j = 0; j < 4; ++j) {
        const __m256i packed = load_word(block + 16, j);
        w[j] = _mm256_and_si256(packed, low);
        w[4 + j] = _mm256_and_si256(_mm256_srli_epi16(packed, 4), low);
    }
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) {
        const __m256i dot = _mm256_sub_epi32(unsigned_dots(w, tokens[i].x + kQ8Block * b),
                                             _mm256_set1_epi32(8 * tokens[i].sums[b]));
        const __m256 scales = _mm256_mul_ps(w_scales, _mm256_set1_ps(tokens[i].scales[b]));
        sums[i] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot), scales, sums[i]);
    }
}

// A run's signed scales of 8 rows (8 int8 at p) as add_scaled_signed_dots takes them: each
// row's twice, as the int16 pair of its lane (madd); in the avx-vnni table as an int32.
[[gnu::always_inline]] inline __m256i signed_run_scales(const std::byte* p) {
    const __m256i scales =
        _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
#if defined(__AVXVNNI__)
    return scales;
#else
    return _mm256_or_si256(_mm256_and_si256(scales, _mm256_set1_epi32(0xffff)),
                           _mm256_slli_epi32(scales, 16));
#endif
}

// sums + Σ over 32 values of signed weights · x for 8 rows, times each row's scale
// (signed_run_scales): AVX2 weighs each word's int16 pairs by it in the madd that widens them;
// the avx-vnni table multiplies vpdpbusd's int32 dots by it. The same integers.
[[gnu::always_inline]] inline __m256i add_scaled_signed_dots(__m256i sums, const __m256i* w_abs,
                                                             const __m256i* w, const std::int8_t* x,
                                                             __m256i scales) {
#if defined(__AVXVNNI__)
    return _mm256_add_epi32(sums, _mm256_mullo_epi32(signed_dots(w_abs, w, x), scales));
#else
    __m256i even = _mm256_setzero_si256(), odd = _mm256_setzero_si256();
    const auto word = [&](int j) {
        return _mm256_madd_epi16(
            _mm256_maddubs_epi16(w_abs[j], _mm256_sign_epi8(broadcast_word(x + 4 * j), w[j])),
            scales);
    };
#pragma GCC unroll 8
    for (int j = 0; j < 8; j += 2) {
        even = _mm256_add_epi32(even, word(j));
        odd = _mm256_add_epi32(odd, word(j + 1));
    }
    return _mm256_add_epi32(sums, _mm256_add_epi32(even, odd));
#endif
}

// IQ4_XS: value = d·(ls_run − 32)·level[n], a 6-bit ls per run of 32 values and a table of 16
// signed levels, with the activations' one scale x_scale per super-block (as llama.cpp's
// Q8_K). Per token, Σ w·x = d·x_scale·Σ_runs (ls − 32)·Σ level·x, the runs weighed and summed
// as integers (≤ 8·32·32·127·127, within int32). Super-block s of a group against N tokens.
template <int N>
[[gnu::always_inline]] inline void add_iq4_xs_super_block(const std::byte* super, int s,
                                                          const Token* tokens, __m256* sums) {
    const __m256 d = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(super)));
    const __m128i levels = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kIq4Values.data()));
    const __m256i table = _mm256_set_m128i(levels, levels), low = _mm256_set1_epi8(15);
    __m256i scaled[N];
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) scaled[i] = _mm256_setzero_si256();
#pragma GCC unroll 1
    for (int run = 0; run < 8; ++run) {
        const std::byte* words = super + 80 + 128 * std::size_t(run);
        __m256i w[8], w_abs[8];
#pragma GCC unroll 8
        for (int j = 0; j < 4; ++j) {
            const __m256i packed = load_word(words, j);
            w[j] = _mm256_shuffle_epi8(table, _mm256_and_si256(packed, low));
            w[4 + j] =
                _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(packed, 4), low));
        }
#pragma GCC unroll 8
        for (int j = 0; j < 8; ++j) w_abs[j] = _mm256_abs_epi8(w[j]);
        const __m256i scales = signed_run_scales(super + 16 + 8 * std::size_t(run));
#pragma GCC unroll 8
        for (int i = 0; i < N; ++i) {
            const std::int8_t* x = tokens[i].x + kQ8SuperBlock * s + kQ8Block * run;
            scaled[i] = add_scaled_signed_dots(scaled[i], w_abs, w, x, scales);
        }
    }
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i)
        sums[i] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(scaled[i]),
                                  _mm256_mul_ps(d, _mm256_set1_ps(tokens[i].scales[s])), sums[i]);
}

// A run's 6-bit scales of 8 rows (8 bytes at p), each row's twice, as the int16 pair of its
// lane (add_scaled_dots' madd).
[[gnu::always_inline]] inline __m256i run_scales(const std::byte* p) {
    const __m256i twice = _mm256_setr_epi8(0, -1, 0, -1, 1, -1, 1, -1, 2, -1, 2, -1, 3, -1, 3, -1,
                                           4, -1, 4, -1, 5, -1, 5, -1, 6, -1, 6, -1, 7, -1, 7, -1);
    return _mm256_shuffle_epi8(
        _mm256_broadcastq_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))), twice);
}

// sums + Σ over 32 values of unsigned weights · x for 8 rows, times each row's scale
// (run_scales): the int16 pairs of kWords words at a time (≤ 8·2·15·127 for nibbles, 4·2·31·127
// for Q5_K's 5 bits: within int16) weighed, widened and added by add_pair_dots (one vpdpwssd in
// the avx-vnni table: vpdpbusd's int32 dots times the scale by vpmulld ran no faster).
template <int kWords>
[[gnu::always_inline]] inline __m256i add_scaled_dots(__m256i sums, const __m256i* w,
                                                      const std::int8_t* x, __m256i scales) {
#pragma GCC unroll 8
    for (int j0 = 0; j0 < 8; j0 += kWords) {
        __m256i pairs = _mm256_maddubs_epi16(w[j0], broadcast_word(x + 4 * j0));
#pragma GCC unroll 8
        for (int j = j0 + 1; j < j0 + kWords; ++j)
            pairs = _mm256_add_epi16(pairs, _mm256_maddubs_epi16(w[j], broadcast_word(x + 4 * j)));
        sums = add_pair_dots(sums, pairs, scales);
    }
    return sums;
}

// Q4_K and Q5_K: value = d·scale_run·q − dmin·min_run, with the activations' one scale
// x_scale per super-block (Kernels::activation_block). Per token,
//   Σ w·x = d·x_scale·Σ_runs scale·Σ q·x − dmin·x_scale·Σ_runs min·Σ x,
// both run sums in integers (≤ 8·63·32·31·127 and 8·63·32·127, within int32), so a super-block
// costs one conversion and FMA per sum and token. Super-block s of a group against N tokens;
// Q5_K with kFifthBits.
template <bool kFifthBits, int N>
[[gnu::always_inline]] inline void add_k4_super_block(const std::byte* super, int s,
                                                      const Token* tokens, __m256* sums) {
    const __m128i* halves = reinterpret_cast<const __m128i*>(super);
    const __m256 d = _mm256_cvtph_ps(_mm_loadu_si128(halves));
    const __m256 dmin = _mm256_cvtph_ps(_mm_loadu_si128(halves + 1));
    const __m256i low = _mm256_set1_epi8(15), sixteen = _mm256_set1_epi8(16);
    __m256i scaled[N];
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) scaled[i] = _mm256_setzero_si256();
    // Q4_K's runs unrolled (constant shifts, registers for the sums); Q5_K's, with its fifth
    // bits, in pairs (unrolled further they ran 13 % slower: measured on decode).
    constexpr int kStep = kFifthBits ? 2 : 8;
#pragma GCC unroll 1
    for (int first_run = 0; first_run < 8; first_run += kStep) {
#pragma GCC unroll 8
        for (int run = first_run; run < first_run + kStep; ++run) {
            const std::byte* nibbles = super + 160 + 256 * std::size_t(run / 2);
            const __m256i run_bit = _mm256_set1_epi8(char(1 << run));
            __m256i w[8];
#pragma GCC unroll 8
            for (int j = 0; j < 8; ++j) {
                w[j] = _mm256_and_si256(shift_right(load_word(nibbles, j), 4 * (run % 2)), low);
                if constexpr (kFifthBits) {
                    // bit `run` of each byte as 16, by a compare: no shift, the instruction
                    // these kernels have most of
                    const __m256i set = _mm256_cmpeq_epi8(
                        _mm256_and_si256(load_word(super + 1184, j), run_bit), run_bit);
                    w[j] = _mm256_or_si256(w[j], _mm256_and_si256(set, sixteen));
                }
            }
            const __m256i scales = run_scales(super + 32 + 8 * std::size_t(run));
#pragma GCC unroll 8
            for (int i = 0; i < N; ++i) {
                const std::int8_t* x = tokens[i].x + kQ8SuperBlock * s + kQ8Block * run;
                scaled[i] = add_scaled_dots < kFifthBits ? 4 : 8 > (scaled[i], w, x, scales);
            }
        }
    }
    // Per lane (a row), its mins of runs 2p and 2p + 1 as an int16 pair.
    __m256i min_pairs[4];
#pragma GCC unroll 4
    for (int p = 0; p < 4; ++p) {
        const auto mins = [&](int run) {
            return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(super + 96 + 8 * run));
        };
        min_pairs[p] = _mm256_cvtepu8_epi16(_mm_unpacklo_epi8(mins(2 * p), mins(2 * p + 1)));
    }
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) {
        const int* pair_sums = tokens[i].run_pair_sums + 4 * s;
        __m256i min_terms = _mm256_madd_epi16(min_pairs[0], _mm256_set1_epi32(pair_sums[0]));
#pragma GCC unroll 4
        for (int p = 1; p < 4; ++p)
            min_terms = add_pair_dots(min_terms, min_pairs[p], _mm256_set1_epi32(pair_sums[p]));
        const __m256 x_scale = _mm256_set1_ps(tokens[i].scales[s]);
        sums[i] =
            _mm256_fmadd_ps(_mm256_cvtepi32_ps(scaled[i]), _mm256_mul_ps(d, x_scale), sums[i]);
        sums[i] =
            _mm256_fnmadd_ps(_mm256_cvtepi32_ps(min_terms), _mm256_mul_ps(dmin, x_scale), sums[i]);
    }
}

// Q6_K: value = d·scale_16·(q − 32), q 6 bits, a signed int8 scale per 16 values, with the
// activations' one scale x_scale per super-block. Per run of 32 values and token, Σ w·x =
// d·x_scale·(Σ_halves scale·Σ q·x − 32·Σ_halves scale·Σ x): the unsigned q meet the
// activations in maddubs (pairs ≤ 2·63·127: two words stay within int16), and madd with the
// scale (vpdpwssd in the avx-vnni table) both widens the pairs and weighs them. Each run is
// added in floats: summed as integers over the super-block, as Q4_K's are, 8 tokens ran 7 %
// slower (their sums need 8 more registers). Super-block s of a group against N tokens.
template <int N>
[[gnu::always_inline]] inline void add_q6_k_super_block(const std::byte* super, int s,
                                                        const Token* tokens, __m256* sums) {
    const __m256 d = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(super)));
    const __m256i low = _mm256_set1_epi8(15), high_bits = _mm256_set1_epi8(0x30);
    // Per 32-bit lane (a row), its int16 pair (scale 2r, scale 2r + 1) made (scale 2r, scale 2r)
    // or (scale 2r + 1, scale 2r + 1).
    const __m256i first_of_pair =
        _mm256_setr_epi8(0, 1, 0, 1, 4, 5, 4, 5, 8, 9, 8, 9, 12, 13, 12, 13, 0, 1, 0, 1, 4, 5, 4, 5,
                         8, 9, 8, 9, 12, 13, 12, 13);
    const __m256i second_of_pair = _mm256_add_epi8(first_of_pair, _mm256_set1_epi8(2));
#pragma GCC unroll 8
    for (int run = 0; run < 8; ++run) {
        const int half = run / 4, k = run % 4;
        const std::byte* nibbles = super + 144 + 32 * std::size_t(16 * half + 8 * (k % 2));
        const std::byte* high_fields = super + 1168 + 256 * std::size_t(half);
        __m256i w[8];
#pragma GCC unroll 8
        for (int j = 0; j < 8; ++j) {
            // the 2-bit field at bit 2k of each byte to bits 4–5 (the mask keeps each byte's
            // own bits)
            const __m256i fields = load_word(high_fields, j), nibble_word = load_word(nibbles, j);
            const __m256i high = k == 2  ? fields
                                 : k < 2 ? _mm256_slli_epi16(fields, 4 - 2 * k)
                                         : _mm256_srli_epi16(fields, 2);
            w[j] = _mm256_or_si256(
                _mm256_and_si256(k < 2 ? nibble_word : _mm256_srli_epi16(nibble_word, 4), low),
                _mm256_and_si256(high, high_bits));
        }
        const __m256i scale_pairs = _mm256_cvtepi8_epi16(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(super + 16 + 16 * run)));
        // 32 · scale (|32 · scale| ≤ 4,096 stays within int16): the −32 offsets of every token
        // in one madd each.
        const __m256i scale_pairs_32 = _mm256_slli_epi16(scale_pairs, 5);
        const int block = 8 * s + run;
        const __m256i first = _mm256_shuffle_epi8(scale_pairs, first_of_pair);
        const __m256i second = _mm256_shuffle_epi8(scale_pairs, second_of_pair);
#pragma GCC unroll 8
        for (int i = 0; i < N; ++i) {
            const std::int8_t* x = tokens[i].x + kQ8Block * block;
            const auto word_pair = [&](int j) {
                return _mm256_add_epi16(
                    _mm256_maddubs_epi16(w[j], broadcast_word(x + 4 * j)),
                    _mm256_maddubs_epi16(w[j + 1], broadcast_word(x + 4 * j + 4)));
            };
            __m256i dot = _mm256_madd_epi16(word_pair(0), first);
            dot = add_pair_dots(dot, word_pair(2), first);
            dot = add_pair_dots(dot, word_pair(4), second);
            dot = add_pair_dots(dot, word_pair(6), second);
            dot = _mm256_sub_epi32(
                dot,
                _mm256_madd_epi16(scale_pairs_32, _mm256_set1_epi32(tokens[i].half_sums[block])));
            sums[i] =
                _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot),
                                _mm256_mul_ps(d, _mm256_set1_ps(tokens[i].scales[s])), sums[i]);
        }
    }
}

}  // namespace
}  // namespace fantasma::engine::cpu
