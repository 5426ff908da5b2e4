// The AVX2 matmuls on Q4_0, Q8_0 and Q4_K weights, in groups of 8 rows: part of the avx2 and
// avx-vnni tables (kernels_avx2.cpp), compiled once, with the AVX2 flags alone.
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
// Packed layout, per group of 8 rows (the last padded with zero rows), block after block:
//   8 scales (F16, row 0 first), then the block's bytes as 32-bit words, word j of rows 0–7,
//   then word j + 1 of rows 0–7, … (Q4_0: 4 words of nibbles, 144 bytes per block and group;
//   Q8_0: 8 words of signed bytes, 272 bytes). A Q4_0 word j holds values 4j … 4j + 3 in its low
//   nibbles and 16 + 4j … 16 + 4j + 3 in its high ones, as the block stores them.
//   Q4_K, per 256-value super-block (1,184 bytes): the 8 rows' d, then their dmin (F16), the 8
//   runs' 6-bit scales as bytes (run 0 of rows 0–7, run 1 of rows 0–7, …), their mins likewise,
//   then the nibbles: for each 64 values, word j of rows 0–7, j = 0 … 7 (low nibbles: run 2c,
//   values 4j …; high nibbles: run 2c + 1).
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
// The per-block activation sums of a tile live on the stack: a longer K (no Qwen3.5 matrix
// comes near) keeps the stored layout (pack_row_groups_avx2 packs nothing).
constexpr int kMaxK = 65536;
constexpr int kTileTokens = 4;  // 8 weight registers, 4 sums and the temporaries: 16 registers

enum class Format { q4_0, q8_0, q4_k };

// A stored block, and the packed block of a group of 8 rows: their bytes and values.
struct Layout {
    std::size_t stored, packed;
    int values;
};
constexpr Layout layout(Format f) {
    return f == Format::q4_0   ? Layout{18, 16 + 8 * 16, 32}
           : f == Format::q8_0 ? Layout{34, 16 + 8 * 32, 32}
                               : Layout{144, 32 + 128 + 8 * 128, 256};
}

// Word j (4 bytes from `from`) of row i into the packed words at `to`.
void put_word(std::byte* to, int j, int i, const std::byte* from) {
    std::memcpy(to + 32 * std::size_t(j) + 4 * std::size_t(i), from, 4);
}

// Row i's stored block into the group's packed block `out`.
template <Format kFormat>
void pack_block(const std::byte* block, int i, std::byte* out) {
    if constexpr (kFormat == Format::q4_k) {
        std::memcpy(out + 2 * i, block, 2);           // d
        std::memcpy(out + 16 + 2 * i, block + 2, 2);  // dmin
        for (int run = 0; run < 8; ++run) {
            int scale, min;
            scale_and_min_k4(run, block + 4, scale, min);
            out[32 + 8 * run + i] = std::byte(scale);
            out[96 + 8 * run + i] = std::byte(min);
        }
        for (int j = 0; j < 32; ++j) put_word(out + 160, j, i, block + 16 + 4 * j);
    } else {
        std::memcpy(out + 2 * i, block, 2);
        for (int j = 0; j < (kFormat == Format::q4_0 ? 4 : 8); ++j)
            put_word(out + 16, j, i, block + 2 + 4 * j);
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

// A token of the tile: its quants, its block scales, and each 32-value block's Σ quants (Q4_0's
// −8: Σ (n − 8)·x = Σ n·x − 8·Σ x, so the nibbles meet the activations as they are, 0–15,
// which maddubs takes unsigned) or that sum times the block's scale (Q4_K's min term).
struct Token {
    const std::int8_t* x;
    const float* scales;
    int* sums;
    float* scaled_sums;
};

void prepare_sums(Token& token, int K) {
    for (int b = 0; b < K / kQ8Block; ++b) {
        token.sums[b] = block_quant_sum(token.x + kQ8Block * b);
        token.scaled_sums[b] = token.scales[b] * float(token.sums[b]);
    }
}

// 4 activation bytes on every lane.
[[gnu::always_inline]] inline __m256i broadcast_word(const std::int8_t* x) {
    std::int32_t word;
    std::memcpy(&word, x, 4);
    return _mm256_set1_epi32(word);
}

// Σ over 32 values of unsigned weights (≤ 15) · x for 8 rows: w[j] holds values 4j … 4j + 3
// (j < 4) and 16 + 4(j − 4) … (j ≥ 4) for Q4_0 (`high_half`), 4j … for Q4_K. Each int16 pair
// ≤ 2·15·127, eight of them stay within int16.
[[gnu::always_inline]] inline __m256i nibble_dots(const __m256i* w, const std::int8_t* x,
                                                  bool high_half) {
    __m256i pairs = _mm256_maddubs_epi16(w[0], broadcast_word(x));
    for (int j = 1; j < 8; ++j) {
        const int at = high_half && j >= 4 ? 16 + 4 * (j - 4) : 4 * j;
        pairs = _mm256_add_epi16(pairs, _mm256_maddubs_epi16(w[j], broadcast_word(x + at)));
    }
    return _mm256_madd_epi16(pairs, _mm256_set1_epi16(1));
}

// The 32-value block b of a group (Q4_0, Q8_0) against N tokens, added to sums[i].
template <Format kFormat, int N>
[[gnu::always_inline]] inline void add_block(const std::byte* block, int b, const Token* tokens,
                                             __m256* sums) {
    const __m256 w_scales =
        _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block)));
    const auto word = [&](int j) {
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 16 + 32 * j));
    };
    // The weights as unsigned bytes: Q4_0's nibbles, Q8_0's |w| (its signs go onto the
    // activations).
    __m256i w[8];
    if constexpr (kFormat == Format::q4_0) {
        const __m256i low = _mm256_set1_epi8(15);
        for (int j = 0; j < 4; ++j) {
            const __m256i packed = word(j);
            w[j] = _mm256_and_si256(packed, low);
            w[4 + j] = _mm256_and_si256(_mm256_srli_epi16(packed, 4), low);
        }
    } else {
        for (int j = 0; j < 8; ++j) w[j] = _mm256_abs_epi8(word(j));
    }
#pragma GCC unroll 4
    for (int i = 0; i < N; ++i) {
        const std::int8_t* x = tokens[i].x + kQ8Block * b;
        __m256i dot;
        if constexpr (kFormat == Format::q4_0) {
            dot =
                _mm256_sub_epi32(nibble_dots(w, x, true), _mm256_set1_epi32(8 * tokens[i].sums[b]));
        } else {
            // A pair ≤ 2·128·127 fills int16: each is widened before the next is added.
            dot = _mm256_setzero_si256();
            for (int j = 0; j < 8; ++j)
                dot = _mm256_add_epi32(
                    dot, _mm256_madd_epi16(
                             _mm256_maddubs_epi16(
                                 w[j], _mm256_sign_epi8(broadcast_word(x + 4 * j), word(j))),
                             _mm256_set1_epi16(1)));
        }
        const __m256 scales = _mm256_mul_ps(w_scales, _mm256_set1_ps(tokens[i].scales[b]));
        sums[i] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot), scales, sums[i]);
    }
}

// Q4_K: value = d·scale_run·q − dmin·min_run; per run of 32 values and token, Σ w·x =
// d·scale·x_scale·Σ q·x − dmin·min·(x_scale·Σ x). Super-block s of a group against N tokens.
template <int N>
[[gnu::always_inline]] inline void add_super_block(const std::byte* super, int s,
                                                   const Token* tokens, __m256* sums) {
    const __m128i* halves = reinterpret_cast<const __m128i*>(super);
    const __m256 d = _mm256_cvtph_ps(_mm_loadu_si128(halves));
    const __m256 dmin = _mm256_cvtph_ps(_mm_loadu_si128(halves + 1));
    const __m256i low = _mm256_set1_epi8(15);
    const auto bytes_of_run = [&](std::size_t at) {
        return _mm256_cvtepi32_ps(
            _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(super + at))));
    };
#pragma GCC unroll 1
    for (int run = 0; run < 8; ++run) {
        const std::byte* words = super + 160 + 256 * std::size_t(run / 2);
        __m256i w[8];
        for (int j = 0; j < 8; ++j) {
            __m256i packed = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words + 32 * j));
            if (run % 2) packed = _mm256_srli_epi16(packed, 4);
            w[j] = _mm256_and_si256(packed, low);
        }
        const __m256 scales = _mm256_mul_ps(d, bytes_of_run(32 + 8 * std::size_t(run)));
        const __m256 mins = _mm256_mul_ps(dmin, bytes_of_run(96 + 8 * std::size_t(run)));
        const int block = 8 * s + run;
#pragma GCC unroll 4
        for (int i = 0; i < N; ++i) {
            const __m256i dot = nibble_dots(w, tokens[i].x + kQ8Block * block, false);
            sums[i] = _mm256_fmadd_ps(
                _mm256_cvtepi32_ps(dot),
                _mm256_mul_ps(scales, _mm256_set1_ps(tokens[i].scales[block])), sums[i]);
            sums[i] = _mm256_fnmadd_ps(mins, _mm256_set1_ps(tokens[i].scaled_sums[block]), sums[i]);
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
        if constexpr (kFormat == Format::q4_k)
            add_super_block<N>(block, b, tokens, sums);
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
void groups_against_tile(const MatmulTask& m, int g_begin, int g_end, int t0, int row_begin,
                         int row_end) {
    const int blocks = m.K / kQ8Block;
    int sums[kTileTokens][kMaxK / kQ8Block];
    float scaled_sums[kTileTokens][kMaxK / kQ8Block];
    Token tokens[N];
    for (int i = 0; i < N; ++i) {
        tokens[i] = {m.x_quants + std::size_t(t0 + i) * m.K,
                     m.x_scales + std::size_t(t0 + i) * blocks, sums[i], scaled_sums[i]};
        if constexpr (kFormat != Format::q8_0) prepare_sums(tokens[i], m.K);
    }
    const std::size_t group_bytes =
        layout(kFormat).packed * std::size_t(m.K / layout(kFormat).values);
    for (int g = g_begin; g < g_end; ++g) {
        __m256 out[N];
        group_tile<kFormat, N>(m, m.packed + group_bytes * std::size_t(g), tokens, out);
        for (int i = 0; i < N; ++i) store(m, t0 + i, g, out[i], row_begin, row_end);
    }
}

// Groups in runs that stay in L2 (~128 KiB) while every tile of tokens passes over them, so
// that each weight byte comes from memory once per call.
template <Format kFormat>
void matmul_groups(const MatmulTask& m, int row_begin, int row_end) {
    const std::size_t group_bytes =
        layout(kFormat).packed * std::size_t(m.K / layout(kFormat).values);
    const int run = std::max(1, int((128 << 10) / group_bytes));
    const int g_first = row_begin / kRows, g_last = (row_end + kRows - 1) / kRows;
    for (int g0 = g_first; g0 < g_last; g0 += run) {
        const int g1 = std::min(g0 + run, g_last);
        int t = 0;
        for (; t + 4 <= m.T; t += 4)
            groups_against_tile<kFormat, 4>(m, g0, g1, t, row_begin, row_end);
        if (m.T - t == 3) groups_against_tile<kFormat, 3>(m, g0, g1, t, row_begin, row_end);
        if (m.T - t == 2) groups_against_tile<kFormat, 2>(m, g0, g1, t, row_begin, row_end);
        if (m.T - t == 1) groups_against_tile<kFormat, 1>(m, g0, g1, t, row_begin, row_end);
    }
}

}  // namespace

std::vector<std::byte> pack_row_groups_avx2(DType type, const std::byte* weight,
                                            std::size_t row_bytes, int rows, int K) {
    if (K > kMaxK) return {};
    if (type == DType::q4_0 && K % 32 == 0) return pack<Format::q4_0>(weight, row_bytes, rows, K);
    if (type == DType::q8_0 && K % 32 == 0) return pack<Format::q8_0>(weight, row_bytes, rows, K);
    if (type == DType::q4_k && K % 256 == 0) return pack<Format::q4_k>(weight, row_bytes, rows, K);
    return {};
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
