// The AVX2 matmuls on Q4_0, Q8_0, Q4_K, Q5_K, Q6_K and IQ4_XS weights, in groups of 8 rows:
// part of the avx2 and avx-vnni tables (kernels_avx2.cpp), compiled for each as that file is
// (the avx-vnni table's byte dots one vpdpbusd a word: avx2_row_group_blocks.hpp).
//
// Why a layout of their own: a row's 32-value blocks each have a scale, so a kernel that keeps
// one row's products on a register's 8 lanes pays a conversion, a scale product and an FMA per
// block and token, and a horizontal sum at the end: about six vector instructions per 32
// weights and token. Here a register's 8 lanes are 8 rows, 4 bytes of each, so that the float
// work of a block (one conversion, one product of the 8 rows' scales with the token's, one
// FMA) is shared by 8 rows, and every lane ends holding a finished output. The weights are put
// in that layout once, when the model loads (pack_row_groups_avx2; llama.cpp's AVX2 path
// repacks Q4_0 at load for the same reason). The K-quants and IQ4_XS take activations with one
// scale per 256 values (Kernels::activation_block), so their runs' integer sums, weighed by the
// runs' scales, need that float work once per super-block.
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

#include "engine/cpu/avx2_row_group_blocks.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

namespace fantasma::engine::cpu {
namespace {

constexpr int kRows = kRowGroup;  // 8: one register's 32-bit lanes
// Tokens a group's blocks are unpacked for: 8, a rewrite's candidates. Their sums take 8
// registers, so the unpacked weights go through L1 (loads cost less than unpacking a block
// again for a second tile: 8 candidates' Q6_K matmul 1.2x faster than with tiles of 4, one
// token alike; fantasma-bench-matmul, Xeon).
constexpr int kTileTokens = 8;

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

// The prepared sums of every token of the task, and the tokens that point at them.
template <Format kFormat>
struct PreparedTokens {
    std::vector<int> sums, half_sums, run_pair_sums;
    std::vector<Token> tokens;

    // The K-quants' activations have a scale per super-block (the tables' activation_block).
    explicit PreparedTokens(const MatmulTask& m) : tokens(std::size_t(m.T)) {
        const int blocks = m.K / kQ8Block;
        constexpr bool kMins = kFormat == Format::q4_k || kFormat == Format::q5_k;
        constexpr bool kSuperBlocks = kMins || kFormat == Format::q6_k || kFormat == Format::iq4_xs;
        const int scales_per_token = kSuperBlocks ? m.K / kQ8SuperBlock : blocks;
        const std::size_t count = std::size_t(m.T) * blocks;
        if (kFormat == Format::q4_0) sums.resize(count);
        if (kFormat == Format::q6_k) half_sums.resize(count);
        if (kMins) run_pair_sums.resize(count / 2);
        for (int t = 0; t < m.T; ++t) {
            const std::size_t first = std::size_t(t) * blocks;
            Token& token = tokens[std::size_t(t)];
            token = {m.x_quants + std::size_t(t) * m.K,
                     m.x_scales + std::size_t(t) * scales_per_token,
                     sums.empty() ? nullptr : sums.data() + first,
                     half_sums.empty() ? nullptr : half_sums.data() + first,
                     run_pair_sums.empty() ? nullptr : run_pair_sums.data() + first / 2};
            for (int b = 0; b < blocks; ++b) {
                const std::int8_t* x = token.x + kQ8Block * b;
                if (kFormat == Format::q4_0) sums[first + b] = block_quant_sum(x);
                if (kMins && b % 2 == 0)  // |Σ| ≤ 32·127: an int16 each
                    run_pair_sums[(first + b) / 2] =
                        int(std::uint32_t(std::uint16_t(block_quant_sum(x))) |
                            std::uint32_t(block_quant_sum(x + kQ8Block)) << 16);
                if (kFormat == Format::q6_k) {
                    const __m128i halves = half_quant_sums(x);
                    half_sums[first + b] =
                        int(std::uint32_t(std::uint16_t(_mm_cvtsi128_si32(halves))) |
                            std::uint32_t(_mm_extract_epi32(halves, 1)) << 16);
                }
            }
        }
    }
};

// Block b of a group (at `block`) against N tokens, added to sums[i].
template <Format kFormat, int N>
[[gnu::always_inline]] inline void add_block(const std::byte* block, int b, const Token* tokens,
                                             __m256* sums) {
    // 1 KiB ahead: the hardware prefetcher stops at page boundaries, and decode streams every
    // weight once. Measured on a Xeon (AVX-512, 0.8B decode, 2 threads, tokens/s with none /
    // 512 B / 1 KiB / 4 KiB ahead): Q4_K_M 31.5 / 33 / 31 / 27.5, Q8_0 18.2 / 19.4 / 20.7 /
    // 19.3, IQ4_XS 25.3 / 29.9 / 30.4 / 27.9, Q4_0 30.0 / 33.3 / 36.7 / 37.5 (±1.5). Likely
    // why: a K-quant block's 20-odd lines, prefetched at once 4 KiB ahead, are more misses than
    // a core keeps in flight.
    for (std::size_t line = 0; line < layout(kFormat).packed; line += 64)
        _mm_prefetch(reinterpret_cast<const char*>(block) + 1024 + line, _MM_HINT_T0);
    if constexpr (kFormat == Format::q6_k)
        add_q6_k_super_block<N>(block, b, tokens, sums);
    else if constexpr (kFormat == Format::iq4_xs)
        add_iq4_xs_super_block<N>(block, b, tokens, sums);
    else if constexpr (kFormat == Format::q4_k || kFormat == Format::q5_k)
        add_k4_super_block<kFormat == Format::q5_k, N>(block, b, tokens, sums);
    else if constexpr (kFormat == Format::q4_0)
        add_q4_0_block<N>(block, b, tokens, sums);
    else
        add_q8_0_block<N>(block, b, tokens, sums);
}

// One group of 8 rows against N tokens: sums[i] ends with token i's 8 outputs, each summed
// in block order.
template <Format kFormat, int N>
void group_tile(const MatmulTask& m, const std::byte* group, const Token* tokens, __m256* sums) {
    constexpr Layout kLayout = layout(kFormat);
    for (int i = 0; i < N; ++i) sums[i] = _mm256_setzero_ps();
    for (int b = 0; b < m.K / kLayout.values; ++b)
        add_block<kFormat, N>(group + kLayout.packed * std::size_t(b), b, tokens, sums);
}

// One token against kStreams groups at once, block by block, each group's sums in block order
// as group_tile's (the same bits): kStreams places in memory keep more reads in flight than one
// sequential stream, and one token's matmul is the bus's.
// Groups g[0 … kStreams) of m.packed, each group_bytes long.
template <Format kFormat, int kStreams>
void group_streams(const MatmulTask& m, std::size_t group_bytes, const int* g, const Token* token,
                   __m256* sums) {
    constexpr Layout kLayout = layout(kFormat);
    const std::byte* groups[kStreams];
    for (int s = 0; s < kStreams; ++s) {
        groups[s] = m.packed + group_bytes * std::size_t(g[s]);
        sums[s] = _mm256_setzero_ps();
    }
    for (int b = 0; b < m.K / kLayout.values; ++b)
#pragma GCC unroll 4
        for (int s = 0; s < kStreams; ++s)
            add_block<kFormat, 1>(groups[s] + kLayout.packed * std::size_t(b), b, token, sums + s);
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

// One token: the groups of [row_begin, row_end) in kStreams stretches, read side by side.
template <Format kFormat>
void groups_one_token(const MatmulTask& m, const Token* token, int row_begin, int row_end) {
    constexpr int kStreams = 4;
    const std::size_t group_bytes =
        layout(kFormat).packed * std::size_t(m.K / layout(kFormat).values);
    const int g_first = row_begin / kRows, g_last = (row_end + kRows - 1) / kRows;
    const int stretch = (g_last - g_first + kStreams - 1) / kStreams;
    for (int i = 0; i < stretch; ++i) {
        int g[kStreams];
        int live = 0;  // the stretches that reach this far (the last ones may end early)
        for (int s = 0; s < kStreams && g_first + s * stretch + i < g_last; ++s)
            g[live++] = g_first + s * stretch + i;
        __m256 sums[kStreams];
        if (live == kStreams)
            group_streams<kFormat, kStreams>(m, group_bytes, g, token, sums);
        else
            for (int s = 0; s < live; ++s)
                group_streams<kFormat, 1>(m, group_bytes, g + s, token, sums + s);
        for (int s = 0; s < live; ++s) store(m, 0, g[s], sums[s], row_begin, row_end);
    }
}

// groups_against_tile for every size of tile: entry n − 1 takes n tokens.
using TileKernel = void (*)(const MatmulTask&, const Token*, int, int, int, int, int);
template <Format kFormat, int... kCounts>
constexpr std::array<TileKernel, sizeof...(kCounts)> tile_kernels(
    std::integer_sequence<int, kCounts...>) {
    return {&groups_against_tile<kFormat, kCounts + 1>...};
}

// Groups in runs that stay in L2 (~128 KiB) while every tile of tokens passes over them, so
// that each weight byte comes from memory once per call.
template <Format kFormat>
void matmul_groups(const MatmulTask& m, int row_begin, int row_end) {
    static constexpr auto kTiles =
        tile_kernels<kFormat>(std::make_integer_sequence<int, kTileTokens>{});
    const PreparedTokens<kFormat> prepared(m);
    const Token* tokens = prepared.tokens.data();
    if (m.T == 1) return groups_one_token<kFormat>(m, tokens, row_begin, row_end);
    const std::size_t group_bytes =
        layout(kFormat).packed * std::size_t(m.K / layout(kFormat).values);
    const int run = std::max(1, int((128 << 10) / group_bytes));
    const int g_first = row_begin / kRows, g_last = (row_end + kRows - 1) / kRows;
    for (int g0 = g_first; g0 < g_last; g0 += run) {
        const int g1 = std::min(g0 + run, g_last);
        for (int t = 0; t < m.T; t += kTileTokens)
            kTiles[std::size_t(std::min(kTileTokens, m.T - t) - 1)](m, tokens, g0, g1, t, row_begin,
                                                                    row_end);
    }
}

}  // namespace

// Compiled once for each of the avx2 and avx-vnni tables (avx2_intrinsics.hpp): the same packed
// layout, and the same bits (the byte dots' integers are exact either way).
namespace FANTASMA_AVX2_FLAVOUR {

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

}  // namespace FANTASMA_AVX2_FLAVOUR
}  // namespace fantasma::engine::cpu

#endif
