// The AVX2 matmuls on Q4_0, Q8_0, Q4_K, Q5_K, Q6_K and IQ4_XS weights, in groups of 8 rows:
// part of the avx2 and avx-vnni tables (kernels_avx2.cpp), compiled once, with the AVX2 flags
// alone.
//
// Why a layout of their own: a row's 32-value blocks each have a scale, so a kernel that keeps
// one row's products on a register's 8 lanes pays a conversion, a scale product and an FMA per
// block and token, and a horizontal sum at the end: about six vector instructions per 32
// weights and token. Here a register's 8 lanes are 8 rows, 4 bytes of each, so that the float
// work of a block (one conversion, one product of the 8 rows' scales with the token's, one
// FMA) is shared by 8 rows, and every lane ends holding a finished output. The weights are put
// in that layout once, when the model loads (pack_row_groups_avx2; llama.cpp's AVX2 path
// repacks Q4_0 at load for the same reason).
//
// Packed layout, per group of 8 rows (the last padded with zero rows), block after block; "word
// j" is 4 bytes of a row, and the words of rows 0–7 sit side by side (word j of rows 0–7, then
// word j + 1 of rows 0–7, …), so that one load gives 8 rows' word j:
//   Q4_0 (144 bytes per 32 values): the 8 rows' scales (F16, row 0 first), then 4 words of
//   nibbles: word j holds values 4j … 4j + 3 in its low nibbles and 16 + 4j … in its high ones,
//   as the block stores them. Q8_0 (272 bytes): 8 scales, then 8 words of signed bytes.
//   Q4_K (1,184 bytes per 256 values): the 8 rows' d, then their dmin (F16), the 8 runs' 6-bit
//   scales as bytes (run 0 of rows 0–7, run 1 of rows 0–7, …), their mins likewise, then the
//   32 words of nibbles as stored: for each 64 values, words 0–7 hold run 2c (values 4j …) in
//   their low nibbles and run 2c + 1 in their high ones.
//   Q5_K (1,440 bytes): Q4_K's, then the 8 words of fifth bits as stored (qh): byte k of word j
//   holds bit 4 of value 4j + k of run r at bit r.
//   Q6_K (1,680 bytes): the 8 rows' d, then per run of 32 values its two 16-value scales (int8,
//   rows 0–7: scale 2r, scale 2r + 1), then the 32 words of low nibbles (ql) and the 16 words of
//   2-bit high fields (qh) as stored: per half of 128 values, ql words 0–7 hold run 0 (low
//   nibbles) and run 2 (high), words 8–15 runs 1 and 3; qh word j holds run k's bits at 2k.
//   IQ4_XS (1,104 bytes per 256 values, 16 more than stored): the 8 rows' d, per run of 32 values
//   its ls − 32 (int8, rows 0–7), then per run the 4 words of nibbles as stored (Q4_0's order).
//
// One kernel for any number of tokens, each token's sums its own, in block order: a token gets
// the same bits alone as in a batch.
#include "engine/cpu/kernels.hpp"
#include "engine/quants.hpp"

#if defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include "engine/cpu/avx2_intrinsics.hpp"

#include <algorithm>
#include <cstring>

namespace fantasma::engine::cpu {
namespace {

constexpr int kRows = kRowGroup;  // 8: one register's 32-bit lanes
constexpr int kTileTokens = 4;    // 8 weight registers, 4 sums and the temporaries: 16 registers

enum class Format { q4_0, q8_0, q4_k, q5_k, q6_k, iq4_xs };

// A stored block, and the packed block of a group of 8 rows: their bytes and values.
struct Layout {
    std::size_t stored, packed;
    int values;
};
constexpr Layout layout(Format f) {
    switch (f) {
        case Format::q4_0:
            return {18, 16 + 8 * 16, 32};
        case Format::q8_0:
            return {34, 16 + 8 * 32, 32};
        case Format::q4_k:
            return {144, 32 + 128 + 8 * 128, 256};
        case Format::q5_k:
            return {176, 32 + 128 + 8 * 128 + 8 * 32, 256};
        case Format::q6_k:
            return {210, 16 + 128 + 8 * 128 + 8 * 64, 256};
        case Format::iq4_xs:
            return {136, 16 + 64 + 8 * 128, 256};
    }
    return {};
}

// Words [0, count) of a row's stored bytes `from` into the packed words at `to`, as row i.
void put_words(std::byte* to, int count, int i, const std::byte* from) {
    for (int j = 0; j < count; ++j)
        std::memcpy(to + 32 * std::size_t(j) + 4 * std::size_t(i), from + 4 * j, 4);
}

// Row i's stored block into the group's packed block `out`.
template <Format kFormat>
void pack_block(const std::byte* block, int i, std::byte* out) {
    if constexpr (kFormat == Format::q4_k || kFormat == Format::q5_k) {
        std::memcpy(out + 2 * i, block, 2);           // d
        std::memcpy(out + 16 + 2 * i, block + 2, 2);  // dmin
        for (int run = 0; run < 8; ++run) {
            int scale, min;
            scale_and_min_k4(run, block + 4, scale, min);
            out[32 + 8 * run + i] = std::byte(scale);
            out[96 + 8 * run + i] = std::byte(min);
        }
        if constexpr (kFormat == Format::q4_k) {
            put_words(out + 160, 32, i, block + 16);
        } else {
            put_words(out + 160, 32, i, block + 48);  // qs
            put_words(out + 1184, 8, i, block + 16);  // qh
        }
    } else if constexpr (kFormat == Format::q6_k) {
        std::memcpy(out + 2 * i, block + 208, 2);  // d
        for (int run = 0; run < 8; ++run)
            std::memcpy(out + 16 + 16 * run + 2 * i, block + 192 + 2 * run, 2);  // scales
        put_words(out + 144, 32, i, block);                                      // ql
        put_words(out + 1168, 16, i, block + 128);                               // qh
    } else if constexpr (kFormat == Format::iq4_xs) {
        std::memcpy(out + 2 * i, block, 2);  // d
        std::uint16_t scales_high;
        std::memcpy(&scales_high, block + 2, 2);
        for (int run = 0; run < 8; ++run) {
            const int low = (std::to_integer<int>(block[4 + run / 2]) >> (4 * (run % 2))) & 15;
            const int high = (scales_high >> (2 * run)) & 3;
            out[16 + 8 * run + i] = std::byte(std::int8_t((low | high << 4) - 32));
        }
        for (int run = 0; run < 8; ++run)
            put_words(out + 80 + 128 * run, 4, i, block + 8 + 16 * run);
    } else {
        std::memcpy(out + 2 * i, block, 2);
        put_words(out + 16, kFormat == Format::q4_0 ? 4 : 8, i, block + 2);
    }
}

template <Format kFormat>
std::vector<std::byte> pack(const std::byte* weight, std::size_t row_bytes, int rows, int K) {
    constexpr Layout kLayout = layout(kFormat);
    const int blocks = K / kLayout.values, groups = (rows + kRows - 1) / kRows;
    std::vector<std::byte> packed(kLayout.packed * std::size_t(blocks) * std::size_t(groups));
    for (int r = 0; r < rows; ++r)  // the last group's missing rows stay zero
        for (int b = 0; b < blocks; ++b)
            pack_block<kFormat>(
                weight + std::size_t(r) * row_bytes + kLayout.stored * b, r % kRows,
                packed.data() + kLayout.packed * (std::size_t(r / kRows) * blocks + b));
    return packed;
}

// A token: its quants and block scales, and what the formats with an offset need of each
// 32-value block, prepared once per call: Σ quants (Q4_0's −8: Σ (n − 8)·x = Σ n·x − 8·Σ x, so
// the nibbles meet the activations as they are, 0–15, which maddubs takes unsigned), that sum
// times the block's scale (the K-quants' min terms), or the sums of its two halves of 16 as
// the int16 pair of one int32 (Q6_K's −32, whose scales are per 16 values).
struct Token {
    const std::int8_t* x;
    const float* scales;
    const int* sums;
    const float* scaled_sums;
    const int* half_sums;
};

// The prepared sums of every token of the task, and the tokens that point at them.
template <Format kFormat>
struct PreparedTokens {
    std::vector<int> sums, half_sums;
    std::vector<float> scaled_sums;
    std::vector<Token> tokens;

    explicit PreparedTokens(const MatmulTask& m) : tokens(std::size_t(m.T)) {
        const int blocks = m.K / kQ8Block;
        const std::size_t count = std::size_t(m.T) * blocks;
        constexpr bool kMins = kFormat == Format::q4_k || kFormat == Format::q5_k;
        if (kFormat == Format::q4_0) sums.resize(count);
        if (kMins) scaled_sums.resize(count);
        if (kFormat == Format::q6_k) half_sums.resize(count);
        for (int t = 0; t < m.T; ++t) {
            const std::size_t first = std::size_t(t) * blocks;
            Token& token = tokens[std::size_t(t)];
            token = {m.x_quants + std::size_t(t) * m.K, m.x_scales + first,
                     sums.empty() ? nullptr : sums.data() + first,
                     scaled_sums.empty() ? nullptr : scaled_sums.data() + first,
                     half_sums.empty() ? nullptr : half_sums.data() + first};
            for (int b = 0; b < blocks; ++b) {
                const std::int8_t* x = token.x + kQ8Block * b;
                if (kFormat == Format::q4_0) sums[first + b] = block_quant_sum(x);
                if (kMins) scaled_sums[first + b] = token.scales[b] * float(block_quant_sum(x));
                if (kFormat == Format::q6_k) {
                    int low = 0, high = 0;
                    for (int j = 0; j < 16; ++j) low += x[j], high += x[16 + j];
                    half_sums[first + b] =
                        int(std::uint32_t(std::uint16_t(low)) | std::uint32_t(high) << 16);
                }
            }
        }
    }
};

// 4 activation bytes on every lane.
[[gnu::always_inline]] inline __m256i broadcast_word(const std::int8_t* x) {
    std::int32_t word;
    std::memcpy(&word, x, 4);
    return _mm256_set1_epi32(word);
}

// Σ over 32 values of weights · x for 8 rows, w[j] holding values 4j … 4j + 3 (Q4_0's low
// nibbles of word j are values 4j …, its high nibbles 16 + 4j …: w[4 + j], so Q4_0 too).
// Unsigned weights (≤ 31) meet the activations in maddubs, and the int16 pairs of kWords words
// are added before they are widened: each pair ≤ 2·15·127 for nibbles (8 words stay within
// int16), 2·31·127 for Q5_K's 5 bits (4 words).
template <int kWords>
[[gnu::always_inline]] inline __m256i unsigned_dots(const __m256i* w, const std::int8_t* x) {
    __m256i dots = _mm256_setzero_si256();
    for (int j0 = 0; j0 < 8; j0 += kWords) {
        __m256i pairs = _mm256_setzero_si256();
        for (int j = j0; j < j0 + kWords; ++j)
            pairs = _mm256_add_epi16(pairs, _mm256_maddubs_epi16(w[j], broadcast_word(x + 4 * j)));
        dots = _mm256_add_epi32(dots, _mm256_madd_epi16(pairs, _mm256_set1_epi16(1)));
    }
    return dots;
}

// The same for signed weights (Q8_0's, IQ4_XS's levels): |w| · (x with w's sign), a pair
// ≤ 2·128·127 fills int16, so each is widened before the next is added.
[[gnu::always_inline]] inline __m256i signed_dots(const __m256i* w_abs, const __m256i* w,
                                                  const std::int8_t* x) {
    __m256i dots = _mm256_setzero_si256();
    for (int j = 0; j < 8; ++j)
        dots = _mm256_add_epi32(
            dots,
            _mm256_madd_epi16(
                _mm256_maddubs_epi16(w_abs[j], _mm256_sign_epi8(broadcast_word(x + 4 * j), w[j])),
                _mm256_set1_epi16(1)));
    return dots;
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
    for (int j = 0; j < 8; ++j) w_abs[j] = _mm256_abs_epi8(w[j]);
#pragma GCC unroll 4
    for (int i = 0; i < N; ++i) {
        const __m256i dot = signed_dots(w_abs, w, tokens[i].x + kQ8Block * b);
        const __m256 scales = _mm256_mul_ps(w_scales, _mm256_set1_ps(tokens[i].scales[b]));
        sums[i] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot), scales, sums[i]);
    }
}

// The 32-value block b of a group (Q4_0, Q8_0) against N tokens, added to sums[i].
template <Format kFormat, int N>
[[gnu::always_inline]] inline void add_block(const std::byte* block, int b, const Token* tokens,
                                             __m256* sums) {
    const __m256 w_scales =
        _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block)));
    const std::byte* words = block + 16;
    __m256i w[8];
    if constexpr (kFormat == Format::q8_0) {
        for (int j = 0; j < 8; ++j) w[j] = load_word(words, j);
        add_signed_block<N>(w, w_scales, b, tokens, sums);
        return;
    }
    const __m256i low = _mm256_set1_epi8(15);  // Q4_0: the nibbles, unsigned
    for (int j = 0; j < 4; ++j) {
        const __m256i packed = load_word(words, j);
        w[j] = _mm256_and_si256(packed, low);
        w[4 + j] = _mm256_and_si256(_mm256_srli_epi16(packed, 4), low);
    }
#pragma GCC unroll 4
    for (int i = 0; i < N; ++i) {
        const __m256i dot = _mm256_sub_epi32(unsigned_dots<8>(w, tokens[i].x + kQ8Block * b),
                                             _mm256_set1_epi32(8 * tokens[i].sums[b]));
        const __m256 scales = _mm256_mul_ps(w_scales, _mm256_set1_ps(tokens[i].scales[b]));
        sums[i] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot), scales, sums[i]);
    }
}

// IQ4_XS: value = d·(ls_run − 32)·level[n], a 6-bit ls per run of 32 values and a table of 16
// signed levels. Super-block s of a group against N tokens.
template <int N>
[[gnu::always_inline]] inline void add_iq4_xs_super_block(const std::byte* super, int s,
                                                          const Token* tokens, __m256* sums) {
    const __m256 d = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(super)));
    const __m128i levels = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kIq4Values.data()));
    const __m256i table = _mm256_set_m128i(levels, levels), low = _mm256_set1_epi8(15);
#pragma GCC unroll 1
    for (int run = 0; run < 8; ++run) {
        const __m256 w_scales = _mm256_mul_ps(
            d, _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(
                   _mm_loadl_epi64(reinterpret_cast<const __m128i*>(super + 16 + 8 * run)))));
        const std::byte* words = super + 80 + 128 * std::size_t(run);
        __m256i w[8];
        for (int j = 0; j < 4; ++j) {
            const __m256i packed = load_word(words, j);
            w[j] = _mm256_shuffle_epi8(table, _mm256_and_si256(packed, low));
            w[4 + j] =
                _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(packed, 4), low));
        }
        add_signed_block<N>(w, w_scales, 8 * s + run, tokens, sums);
    }
}

// Q4_K and Q5_K: value = d·scale_run·q − dmin·min_run; per run of 32 values and token,
// Σ w·x = d·scale·x_scale·Σ q·x − dmin·min·(x_scale·Σ x). Super-block s of a group against N
// tokens.
template <Format kFormat, int N>
[[gnu::always_inline]] inline void add_k4_super_block(const std::byte* super, int s,
                                                      const Token* tokens, __m256* sums) {
    const __m128i* halves = reinterpret_cast<const __m128i*>(super);
    const __m256 d = _mm256_cvtph_ps(_mm_loadu_si128(halves));
    const __m256 dmin = _mm256_cvtph_ps(_mm_loadu_si128(halves + 1));
    const __m256i low = _mm256_set1_epi8(15), one = _mm256_set1_epi8(1);
    constexpr int kWords = kFormat == Format::q5_k ? 4 : 8;  // added as int16 (unsigned_dots)
    const auto bytes_of_run = [&](std::size_t at) {
        return _mm256_cvtepi32_ps(
            _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(super + at))));
    };
    // Q4_K's runs unrolled (constant shifts, registers for the sums); Q5_K's, with its fifth
    // bits, in pairs (unrolled further they ran 13 % slower: measured on decode).
    constexpr int kStep = kFormat == Format::q5_k ? 2 : 8;
#pragma GCC unroll 1
    for (int first_run = 0; first_run < 8; first_run += kStep) {
#pragma GCC unroll 8
        for (int run = first_run; run < first_run + kStep; ++run) {
            const std::byte* nibbles = super + 160 + 256 * std::size_t(run / 2);
            __m256i w[8];
#pragma GCC unroll 8
            for (int j = 0; j < 8; ++j) {
                w[j] = _mm256_and_si256(shift_right(load_word(nibbles, j), 4 * (run % 2)), low);
                if constexpr (kFormat == Format::q5_k) {
                    // bit `run` of each byte to bit 4 (epi16 shifts: the mask keeps each byte's
                    // own bit)
                    const __m256i fifth =
                        _mm256_and_si256(shift_right(load_word(super + 1184, j), run), one);
                    w[j] = _mm256_or_si256(w[j], _mm256_slli_epi16(fifth, 4));
                }
            }
            const __m256 scales = _mm256_mul_ps(d, bytes_of_run(32 + 8 * std::size_t(run)));
            const __m256 mins = _mm256_mul_ps(dmin, bytes_of_run(96 + 8 * std::size_t(run)));
            const int block = 8 * s + run;
#pragma GCC unroll 4
            for (int i = 0; i < N; ++i) {
                const __m256i dot = unsigned_dots<kWords>(w, tokens[i].x + kQ8Block * block);
                sums[i] = _mm256_fmadd_ps(
                    _mm256_cvtepi32_ps(dot),
                    _mm256_mul_ps(scales, _mm256_set1_ps(tokens[i].scales[block])), sums[i]);
                sums[i] =
                    _mm256_fnmadd_ps(mins, _mm256_set1_ps(tokens[i].scaled_sums[block]), sums[i]);
            }
        }
    }
}

// Q6_K: value = d·scale_16·(q − 32), q 6 bits, a signed int8 scale per 16 values. Per run of 32
// values and token, Σ w·x = d·x_scale·(Σ_halves scale·Σ q·x − 32·Σ_halves scale·Σ x): the
// unsigned q meet the activations in maddubs (pairs ≤ 2·63·127: two words stay within int16),
// and madd with the scale both widens the pairs and weighs them. Super-block s of a group
// against N tokens.
template <int N>
[[gnu::always_inline]] inline void add_q6_k_super_block(const std::byte* super, int s,
                                                        const Token* tokens, __m256* sums) {
    const __m256 d = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(super)));
    const __m256i low = _mm256_set1_epi8(15), two_bits = _mm256_set1_epi8(3);
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
            const __m256i high =
                _mm256_and_si256(shift_right(load_word(high_fields, j), 2 * k), two_bits);
            w[j] = _mm256_or_si256(
                _mm256_and_si256(shift_right(load_word(nibbles, j), 4 * (k / 2)), low),
                _mm256_slli_epi16(high, 4));
        }
        const __m256i scale_pairs = _mm256_cvtepi8_epi16(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(super + 16 + 16 * run)));
        const __m256i first = _mm256_shuffle_epi8(scale_pairs, first_of_pair);
        const __m256i second = _mm256_shuffle_epi8(scale_pairs, second_of_pair);
        const int block = 8 * s + run;
#pragma GCC unroll 4
        for (int i = 0; i < N; ++i) {
            const std::int8_t* x = tokens[i].x + kQ8Block * block;
            const auto word_pair = [&](int j) {
                return _mm256_add_epi16(
                    _mm256_maddubs_epi16(w[j], broadcast_word(x + 4 * j)),
                    _mm256_maddubs_epi16(w[j + 1], broadcast_word(x + 4 * j + 4)));
            };
            __m256i dot = _mm256_add_epi32(_mm256_madd_epi16(word_pair(0), first),
                                           _mm256_madd_epi16(word_pair(2), first));
            dot = _mm256_add_epi32(dot, _mm256_madd_epi16(word_pair(4), second));
            dot = _mm256_add_epi32(dot, _mm256_madd_epi16(word_pair(6), second));
            const __m256i offsets =
                _mm256_madd_epi16(scale_pairs, _mm256_set1_epi32(tokens[i].half_sums[block]));
            dot = _mm256_sub_epi32(dot, _mm256_slli_epi32(offsets, 5));
            sums[i] =
                _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot),
                                _mm256_mul_ps(d, _mm256_set1_ps(tokens[i].scales[block])), sums[i]);
        }
    }
}

// One group of 8 rows against N tokens: sums[i] ends with token i's 8 outputs, each summed
// in block order.
template <Format kFormat, int N>
void group_tile(const MatmulTask& m, const std::byte* group, const Token* tokens, __m256* sums) {
    constexpr Layout kLayout = layout(kFormat);
    for (int i = 0; i < N; ++i) sums[i] = _mm256_setzero_ps();
    for (int b = 0; b < m.K / kLayout.values; ++b) {
        const std::byte* block = group + kLayout.packed * std::size_t(b);
        // 4 KiB ahead: the hardware prefetcher stops at page boundaries (as the stored layout's
        // kernels found: decode streams every weight once).
        for (std::size_t line = 0; line < kLayout.packed; line += 64)
            _mm_prefetch(reinterpret_cast<const char*>(block) + 4096 + line, _MM_HINT_T0);
        if constexpr (kFormat == Format::q6_k)
            add_q6_k_super_block<N>(block, b, tokens, sums);
        else if constexpr (kFormat == Format::iq4_xs)
            add_iq4_xs_super_block<N>(block, b, tokens, sums);
        else if constexpr (kLayout.values == 256)
            add_k4_super_block<kFormat, N>(block, b, tokens, sums);
        else
            add_block<kFormat, N>(block, b, tokens, sums);
    }
}

// Token t's 8 outputs of group g, those of rows in [row_begin, row_end).
void store(const MatmulTask& m, int t, int g, __m256 sums, int row_begin, int row_end) {
    float* out = m.out + std::size_t(t) * m.out_stride;
    const int r0 = kRows * g;
    if (r0 >= row_begin && r0 + kRows <= row_end) {
        _mm256_storeu_ps(out + r0, sums);
        return;
    }
    alignas(32) float lanes[kRows];
    _mm256_store_ps(lanes, sums);
    for (int r = std::max(r0, row_begin); r < std::min(r0 + kRows, row_end); ++r)
        out[r] = lanes[r - r0];
}

template <Format kFormat, int N>
void groups_against_tile(const MatmulTask& m, const Token* tokens, int g_begin, int g_end, int t0,
                         int row_begin, int row_end) {
    const std::size_t group_bytes =
        layout(kFormat).packed * std::size_t(m.K / layout(kFormat).values);
    for (int g = g_begin; g < g_end; ++g) {
        __m256 out[N];
        group_tile<kFormat, N>(m, m.packed + group_bytes * std::size_t(g), tokens + t0, out);
        for (int i = 0; i < N; ++i) store(m, t0 + i, g, out[i], row_begin, row_end);
    }
}

// Groups in runs that stay in L2 (~128 KiB) while every tile of tokens passes over them, so
// that each weight byte comes from memory once per call.
template <Format kFormat>
void matmul_groups(const MatmulTask& m, int row_begin, int row_end) {
    const PreparedTokens<kFormat> prepared(m);
    const Token* tokens = prepared.tokens.data();
    const std::size_t group_bytes =
        layout(kFormat).packed * std::size_t(m.K / layout(kFormat).values);
    const int run = std::max(1, int((128 << 10) / group_bytes));
    const int g_first = row_begin / kRows, g_last = (row_end + kRows - 1) / kRows;
    for (int g0 = g_first; g0 < g_last; g0 += run) {
        const int g1 = std::min(g0 + run, g_last);
        int t = 0;
        for (; t + kTileTokens <= m.T; t += kTileTokens)
            groups_against_tile<kFormat, 4>(m, tokens, g0, g1, t, row_begin, row_end);
        if (m.T - t == 3) groups_against_tile<kFormat, 3>(m, tokens, g0, g1, t, row_begin, row_end);
        if (m.T - t == 2) groups_against_tile<kFormat, 2>(m, tokens, g0, g1, t, row_begin, row_end);
        if (m.T - t == 1) groups_against_tile<kFormat, 1>(m, tokens, g0, g1, t, row_begin, row_end);
    }
}

}  // namespace

std::vector<std::byte> pack_row_groups_avx2(DType type, const std::byte* weight,
                                            std::size_t row_bytes, int rows, int K) {
    if (K % 32 != 0) return {};
    switch (type) {
        case DType::q4_0:
            return pack<Format::q4_0>(weight, row_bytes, rows, K);
        case DType::q8_0:
            return pack<Format::q8_0>(weight, row_bytes, rows, K);
        default:
            break;
    }
    if (K % 256 != 0) return {};
    switch (type) {
        case DType::q4_k:
            return pack<Format::q4_k>(weight, row_bytes, rows, K);
        case DType::q5_k:
            return pack<Format::q5_k>(weight, row_bytes, rows, K);
        case DType::q6_k:
            return pack<Format::q6_k>(weight, row_bytes, rows, K);
        case DType::iq4_xs:
            return pack<Format::iq4_xs>(weight, row_bytes, rows, K);
        default:
            return {};
    }
}

bool matmul_row_groups_avx2(const MatmulTask& m, int row_begin, int row_end) {
    if (m.packed == nullptr || m.x_quants == nullptr) return false;
    switch (m.type) {
        case DType::q4_0:
            matmul_groups<Format::q4_0>(m, row_begin, row_end);
            return true;
        case DType::q8_0:
            matmul_groups<Format::q8_0>(m, row_begin, row_end);
            return true;
        case DType::q4_k:
            matmul_groups<Format::q4_k>(m, row_begin, row_end);
            return true;
        case DType::q5_k:
            matmul_groups<Format::q5_k>(m, row_begin, row_end);
            return true;
        case DType::q6_k:
            matmul_groups<Format::q6_k>(m, row_begin, row_end);
            return true;
        case DType::iq4_xs:
            matmul_groups<Format::iq4_xs>(m, row_begin, row_end);
            return true;
        default:
            return false;
    }
}

}  // namespace fantasma::engine::cpu

#else

namespace fantasma::engine::cpu {

std::vector<std::byte> pack_row_groups_avx2(DType, const std::byte*, std::size_t, int, int) {
    return {};
}

bool matmul_row_groups_avx2(const MatmulTask&, int, int) {
    return false;
}

}  // namespace fantasma::engine::cpu

#endif
