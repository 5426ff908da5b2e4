// The AVX-512 VNNI matmul on Q8_0, Q4_K, Q5_K, Q6_K and IQ4_XS weights for any number of
// tokens: a decode step's one, a rewrite's candidates, prefill's tiles of 16. Part of the
// avx512-vnni table (kernels_avx512.cpp, which also holds Q4_0's kernels).
//
// Each block of 32 weights has its own scale (Q8_0's block; a Q4_K or Q5_K sub-block, with a
// min; Q6_K has two, one per 16 values; IQ4_XS's nibbles pick one of 16 levels).
// With a block's 32 bytes along a register's lanes, each token pays a conversion and a
// multiply-add for every 64 weights, and those bound a batch of candidates. Here a register's
// 16 lanes hold 16 different blocks, 4 bytes of each: eight vpdpbusd add up the 16 blocks'
// whole integer dot products, and one conversion and one multiply-add per token scale all 16
// (one more removes the K-quants' mins). The weights are put in that layout once per 16 blocks
// and row (loads and 24 two-register permutes), shared by all the tile's tokens; the activations
// once per tile. One token goes through the same kernel, so a token's logits are the same bits
// alone and within a batch (a rewrite samples each candidate as it would alone).
//
// avx512_block_formats.hpp puts each format's blocks in that layout; this file holds the tile
// and its driver.
#include "engine/cpu/kernels.hpp"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && \
    defined(__AVX512VNNI__)

#include "engine/cpu/avx512_block_formats.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace fantasma::engine::cpu {
namespace {

constexpr int kTile = 16;  // tokens
// Sums are added up per stretch of 2,048 values (K's first stretch, then the next, …), for one
// token as for many.
constexpr int kSegmentGroups = 2 * kTileSegmentPairs / kGroup;

// The activations of up to 16 tokens over a stretch of K, transposed as the weights are, their
// block scales on the same lanes (0 past K) and scale·Σ x of each block (for the mins): group g
// of token i in slot g·n + i, for n tokens. 64 slots (40 KiB, in L1 beside the weights): 4
// groups (2,048 values) of 16 tokens, 8 of 8, a whole 0.8B row of 3,584 values for up to 9
// tokens, 32,768 values of one.
constexpr int kSlots = 64;
struct PackedTile {
    alignas(64) std::uint8_t x[kSlots][8][64];
    alignas(64) float scales[kSlots][16];
    alignas(64) float block_sums[kSlots][16];
};

// Groups [group0, group0 + groups) of tokens [t0, t0 + n).
void pack_tile(const MatmulTask& m, int t0, int n, int group0, int groups, PackedTile& tile) {
    const int blocks = m.K / kQ8Block;
    const auto* quants = reinterpret_cast<const std::byte*>(m.x_quants);
    for (int g = 0; g < groups; ++g) {
        const int b0 = (group0 + g) * kGroup, count = std::min(kGroup, blocks - b0);
        for (int i = 0; i < n; ++i) {
            const std::size_t t = std::size_t(t0 + i), slot = std::size_t(g * n + i);
            __m256i x[kGroup];
            load_blocks(quants + t * std::size_t(m.K) + std::size_t(b0) * kQ8Block, kQ8Block, count,
                        x);
            __m512i lanes[8];
            transpose(x, lanes);
            __m512i sums = _mm512_setzero_si512();  // Σ (q + 128) of each block
            for (int d = 0; d < 8; ++d) {
                _mm512_store_si512(reinterpret_cast<__m512i*>(tile.x[slot][d]), lanes[d]);
                sums = _mm512_dpbusd_epi32(sums, lanes[d], _mm512_set1_epi8(1));
            }
            const float* scales = m.x_scales + t * std::size_t(blocks) + b0;
            for (std::size_t lane = 0; lane < 16; ++lane)
                tile.scales[slot][lane] =
                    kLaneBlock[lane] < count ? scales[kLaneBlock[lane]] : 0.0f;
            const __m512i quant_sums = _mm512_sub_epi32(sums, _mm512_set1_epi32(128 * kQ8Block));
            _mm512_store_ps(tile.block_sums[slot], _mm512_mul_ps(_mm512_load_ps(tile.scales[slot]),
                                                                 _mm512_cvtepi32_ps(quant_sums)));
        }
    }
}

// kStreams rows (r, r + stretch, …) against the tile's N tokens over groups [group0, group0 +
// groups). Rows from kStreams places in memory keep that many sequential reads in flight (as
// the one-token kernels of the other types do).
template <typename Format, int N, int kStreams>
void rows_together(const MatmulTask& m, const PackedTile& tile, int t0, int r, int stretch,
                   int group0, int groups) {
    // 2 KiB ahead into L1: measured with the weights in memory, 1 to 3 KiB alike, 32 KiB ahead
    // into L2 (or none) made 8 tokens 15 % slower.
    constexpr std::size_t kAhead = 2048;
    const int blocks = m.K / kQ8Block;
    int rows[kStreams];
    const std::byte* starts[kStreams];
    for (int s = 0; s < kStreams; ++s) {
        rows[s] = r + s * stretch;
        starts[s] = m.weight + std::size_t(rows[s]) * m.row_bytes;
    }
    __m512 sums[kStreams * N];
#pragma GCC unroll 16
    for (int k = 0; k < kStreams * N; ++k) sums[k] = _mm512_setzero_ps();
    for (int g = 0; g < groups; ++g) {
        const int b0 = (group0 + g) * kGroup;
        const std::size_t slot0 = std::size_t(g * N);
        WeightGroup w[kStreams];
#pragma GCC unroll 4
        for (int s = 0; s < kStreams; ++s) {
            const std::byte* first = starts[s] + std::size_t(group0 + g) * Format::kGroupBytes;
            for (int line = 0; line < Format::kGroupBytes; line += 64)
                _mm_prefetch(reinterpret_cast<const char*>(first) + kAhead + line, _MM_HINT_T0);
            w[s] = Format::load(first, std::min(kGroup, blocks - b0));
        }
        // Token by token, each of its activation registers loaded once for every row: with the
        // rows outside, the compiler kept all the tile's activations for the next row and
        // spilled them (a 64-byte store per load: 8 tokens 17 % slower on Q4_K).
#pragma GCC unroll 16
        for (int i = 0; i < N; ++i) {
            // Two chains of vpdpbusd per row, a block's first 16 values and its last 16.
            __m512i dots[kStreams][2];
#pragma GCC unroll 4
            for (int s = 0; s < kStreams; ++s) {
                dots[s][0] = w[s].minus_offsets[0];
                dots[s][1] = w[s].minus_offsets[1];
            }
#pragma GCC unroll 8
            for (int d = 0; d < 8; ++d) {
                const __m512i x =
                    _mm512_load_si512(reinterpret_cast<const __m512i*>(tile.x[slot0 + i][d]));
#pragma GCC unroll 4
                for (int s = 0; s < kStreams; ++s)
                    dots[s][d / 4] = _mm512_dpbusd_epi32(dots[s][d / 4], x, w[s].weights[d]);
            }
            const __m512 x_scales = _mm512_load_ps(tile.scales[slot0 + i]);
#pragma GCC unroll 4
            for (int s = 0; s < kStreams; ++s) {
                __m512& sum = sums[s * N + i];
                if constexpr (Format::kTwoScales) {
                    sum = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dots[s][0]),
                                          _mm512_mul_ps(x_scales, w[s].scales), sum);
                    sum = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dots[s][1]),
                                          _mm512_mul_ps(x_scales, w[s].second_scales), sum);
                } else {
                    // Integers add up alike in any order: the same bits as one chain.
                    const __m512i dot = _mm512_add_epi32(dots[s][0], dots[s][1]);
                    sum = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot),
                                          _mm512_mul_ps(x_scales, w[s].scales), sum);
                }
                if constexpr (Format::kMins)
                    sum = _mm512_fnmadd_ps(w[s].mins, _mm512_load_ps(tile.block_sums[slot0 + i]),
                                           sum);
            }
        }
        const int done = group0 + g + 1;  // groups of the row summed so far
        if (done % kSegmentGroups == 0 || g + 1 == groups) {
            // Register s·N + i: row rows[s], token t0 + i. The first stretch of K sets the
            // row's sum, each later one adds to it, for one token as for many.
            store_lane_sums(sums, done > kSegmentGroups, [&](int k) -> float& {
                return m.out[std::size_t(t0 + k % N) * m.out_stride + std::size_t(rows[k / N])];
            });
#pragma GCC unroll 16
            for (int k = 0; k < kStreams * N; ++k) sums[k] = _mm512_setzero_ps();
        }
    }
}

// Rows [r0, r1) against the tile's N tokens (token t0 onwards) over groups [group0, group0 +
// groups): as many rows side by side as 16 registers of sums allow, up to 4 (measured from
// memory: 3 tokens 40 % faster with 4 rows than with 1, 8 tokens 10 % with 2).
template <typename Format, int N>
void rows_against_tile(const MatmulTask& m, int r0, int r1, const PackedTile& tile, int t0,
                       int group0, int groups) {
    constexpr int kStreams = std::max(1, std::min(N >= 4 ? 2 : 4, 16 / N));
    const int stretch = (r1 - r0) / kStreams;
    for (int r = r0; r < r0 + stretch; ++r)
        rows_together<Format, N, kStreams>(m, tile, t0, r, stretch, group0, groups);
    for (int r = r0 + kStreams * stretch; r < r1; ++r)
        rows_together<Format, N, 1>(m, tile, t0, r, 0, group0, groups);
}

using TileKernel = void (*)(const MatmulTask&, int, int, const PackedTile&, int, int, int);
template <typename Format, int... kCounts>
constexpr std::array<TileKernel, sizeof...(kCounts)> tile_kernels(
    std::integer_sequence<int, kCounts...>) {
    return {&rows_against_tile<Format, kCounts + 1>...};
}

// Rows in groups of up to 256 KiB of weights, which stay in L2 while tiles of up to 16 tokens
// pass over them (one tile: all rows at once); each tile is packed once per group of rows and
// pass over K. A pass takes as many stretches of K as the tile's 64 slots hold.
template <typename Format>
void matmul_block_lanes(const MatmulTask& m, int row_begin, int row_end) {
    static constexpr auto kKernels = tile_kernels<Format>(std::make_integer_sequence<int, kTile>{});
    PackedTile tile;
    const int all_groups = (m.K / kQ8Block + kGroup - 1) / kGroup;
    const int rows_per_group =
        m.T <= kTile ? row_end - row_begin : std::max(1, int((256 * 1024) / m.row_bytes));
    for (int g0 = row_begin; g0 < row_end; g0 += rows_per_group) {
        const int g1 = std::min(g0 + rows_per_group, row_end);
        for (int t0 = 0; t0 < m.T; t0 += kTile) {
            const int n = std::min(kTile, m.T - t0);
            const int per_pass = kSlots / n / kSegmentGroups * kSegmentGroups;
            for (int group0 = 0; group0 < all_groups; group0 += per_pass) {
                const int groups = std::min(per_pass, all_groups - group0);
                pack_tile(m, t0, n, group0, groups, tile);
                kKernels[std::size_t(n - 1)](m, g0, g1, tile, t0, group0, groups);
            }
        }
    }
}

}  // namespace

bool matmul_block_lanes_avx512(const MatmulTask& m, int row_begin, int row_end) {
    if (m.type == DType::q8_0)
        matmul_block_lanes<Q8_0>(m, row_begin, row_end);
    else if (m.type == DType::q4_k && m.K % 256 == 0)
        matmul_block_lanes<KQuant<false>>(m, row_begin, row_end);
    else if (m.type == DType::q5_k && m.K % 256 == 0)
        matmul_block_lanes<KQuant<true>>(m, row_begin, row_end);
    else if (m.type == DType::q6_k && m.K % 256 == 0)
        matmul_block_lanes<Q6K>(m, row_begin, row_end);
    else if (m.type == DType::iq4_xs && m.K % 256 == 0)
        matmul_block_lanes<Iq4Xs>(m, row_begin, row_end);
    else
        return false;
    return true;
}

}  // namespace fantasma::engine::cpu

#endif
