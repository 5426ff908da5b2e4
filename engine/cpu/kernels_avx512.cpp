// The AVX-512 VNNI kernel table: the AVX2 table with faster Q8_0 / Q4_0 / Q4_K / Q6_K matmuls on
// 8-bit activations and a faster delta-rule step. This file holds the table, the activation
// quantizer, the Q4_0 tiles (below) and the delta-rule step (it reads the state twice, not
// four times); kernels_avx512_decode.cpp the one-token Q4_0 matmul,
// kernels_avx512_block_lanes.cpp Q8_0 and the K-quants (Q4_K, Q5_K, Q6_K, IQ4_XS) for any
// number of tokens. Only these files are
// compiled with -mavx512*, and nothing in them runs unless avx512_kernels() found AVX-512
// F/BW/VL/VNNI on the processor.
//
// Q4_0 tiles (prefill, and a decode step's candidates): two weight blocks per 512-bit register
// and one vpdpbusd per 64 products (AVX2 needs sign, maddubs and madd for 32). vpdpbusd multiplies
// unsigned by signed bytes, so this table stores activations as unsigned bytes q + 128 (its
// quantize_row_q8) and removes the offset exactly:
//   Σ (q + 128)·w = Σ q·w + 128·Σ w,
// where 128·Σ w is one more vpdpbusd per weight block, shared by all the tokens of a tile.
#include "engine/cpu/kernels.hpp"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && \
    defined(__AVX512VNNI__)

#include "engine/cpu/avx512_intrinsics.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace fantasma::engine::cpu {

namespace avx2 {
const Kernels* kernel_table();  // kernels_avx2.cpp
}
// kernels_avx512_decode.cpp: a one-token Q4_0 matmul; false when it does not apply.
bool matmul_one_token_avx512(const MatmulTask& task, int row_begin, int row_end);
// kernels_avx512_block_lanes.cpp: Q8_0, Q4_K, Q5_K, Q6_K and IQ4_XS, any number of tokens;
// false for other types.
bool matmul_block_lanes_avx512(const MatmulTask& task, int row_begin, int row_end);
// kernels_avx512_float_weights.cpp: F32, F16 and BF16 weights; false for other types.
bool matmul_float_weights_avx512(const MatmulTask& task, int row_begin, int row_end);

namespace {

int smaller(int a, int b) {
    return a < b ? a : b;
}

constexpr int kBlockBytes = 18;  // Q4_0: fp16 scale, 32 nibbles

// The AVX2 rounding (so both tables quantize alike), then the +128 offset, in place.
void quantize_row_q8(const float* x, int K, std::int8_t* quants, float* scales) {
    avx2::kernel_table()->quantize_row_q8(x, K, quants, scales);
    const __m256i offset = _mm256_set1_epi8(char(0x80));
    for (int i = 0; i < K; i += kQ8Block) {
        auto* at = reinterpret_cast<__m256i*>(quants + i);
        _mm256_storeu_si256(at, _mm256_xor_si256(_mm256_loadu_si256(at), offset));
    }
}

// The tile keeps each lane's sum as a lone token's would be (kernels_avx512_decode.cpp), but
// holds the lanes of a pair's two blocks interleaved: lane 2j the first block's lane j, lane
// 2j + 1 the second's. Then each token's two products of scales (activation block scale ·
// weight block scale) fill a register from one 8-byte broadcast load, where they would take a
// multiply per token and pair; lane_sums_of_8 adds lanes 2j and 2j + 1 (the lanes j and j + 8 in
// order) first, as lane_sum does a lone token's lanes in order.
alignas(64) constexpr std::int32_t kInterleave[16] = {0, 16, 1, 17, 2, 18, 3, 19,
                                                      4, 20, 5, 21, 6, 22, 7, 23};

// Two 32-byte halves (the blocks' lanes in order) as the tile holds them.
[[gnu::always_inline]] inline __m512i interleaved(__m256i first, __m256i second) {
    return _mm512_permutex2var_epi32(
        _mm512_castsi256_si512(first),
        _mm512_load_si512(reinterpret_cast<const __m512i*>(kInterleave)),
        _mm512_castsi256_si512(second));
}

// One or two consecutive weight blocks, unpacked once for every token of a tile: their 64
// signed weights, interleaved (the second block's zero for a single block), and −128·Σw per
// 4-byte lane.
struct WeightPair {
    __m512i weights;
    __m512i minus_offset;
};

__m256i packed_q4(const std::byte* block, bool pair) {
    const __m128i first = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 2));
    const __m128i second =
        pair ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 20)) : _mm_setzero_si128();
    return _mm256_set_m128i(second, first);
}

// Q4_0's 128-bit quarters [low b, low b+1, high b, high b+1] (nibbles: bytes 0–15 of a block
// hold values 0–15 low and 16–31 high) to the interleaved lanes.
alignas(64) constexpr std::int32_t kQ4Interleave[16] = {0, 4,  1, 5,  2,  6,  3,  7,
                                                        8, 12, 9, 13, 10, 14, 11, 15};

[[gnu::always_inline]] inline WeightPair load_weights(const std::byte* block, bool pair) {
    WeightPair w;
    const __m256i packed = packed_q4(block, pair);
    const __m256i mask = _mm256_set1_epi8(15);
    const __m256i low = _mm256_and_si256(packed, mask);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16(packed, 4), mask);
    const __m512i lanes = _mm512_inserti64x4(_mm512_castsi256_si512(low), high, 1);
    // Minus 8 in the quarters of the blocks there are.
    const __m512i eights = _mm512_maskz_set1_epi8(pair ? ~0ull : 0x0000ffff0000ffffull, 8);
    w.weights =
        _mm512_permutexvar_epi32(_mm512_load_si512(reinterpret_cast<const __m512i*>(kQ4Interleave)),
                                 _mm512_sub_epi8(lanes, eights));
    const __m512i offset_sums =
        _mm512_dpbusd_epi32(_mm512_setzero_si512(), _mm512_set1_epi8(char(0x80)), w.weights);
    w.minus_offset = _mm512_sub_epi32(_mm512_setzero_si512(), offset_sums);
    return w;
}

// The weight scales of a pair of blocks (of one block: the second 0), [first, second] eight
// times: one load of the pair, masked to its bytes (a row's last pair may end the file), and a
// permute of its 16-bit words.
alignas(64) constexpr std::uint16_t kQ4ScaleWords[32] = {0, 9, 0, 9, 0, 9, 0, 9,
                                                         0, 9, 0, 9, 0, 9, 0, 9};
[[gnu::always_inline]] inline __m512 weight_scales(const std::byte* block, bool pair) {
    const int bytes = pair ? 2 * kBlockBytes : kBlockBytes;
    const __m512i raw = _mm512_maskz_loadu_epi8(__mmask64(~0ull >> (64 - bytes)), block);
    const __m512i words = _mm512_load_si512(reinterpret_cast<const __m512i*>(kQ4ScaleWords));
    return _mm512_cvtph_ps(_mm512_castsi512_si256(_mm512_permutexvar_epi16(words, raw)));
}

// The activations of up to 16 tokens over a stretch of K, packed for the tile kernel: for each
// pair of blocks, the tokens' 64 bytes (interleaved) one after the other, and their block scales
// (token i's at 2i and 2i + 1). In the kernel's unrolled loop over the tokens every address is
// then a constant offset from one pointer (with 16 rows of activations of their own, the
// pointers alone would not fit in the registers).
constexpr int kTile = 16;
constexpr int kSegmentPairs = kTileSegmentPairs;  // 2,048 values: 32 KiB of packed tile
struct PackedTile {
    alignas(64) std::uint8_t x[kSegmentPairs][kTile][64];
    alignas(64) float scales[kSegmentPairs][2 * kTile];
};

// Tokens [t0, t0 + n), pairs [pair0, pair0 + pairs); a lone last block leaves its half zero
// (zero scales: it adds nothing).
void pack_tile(const MatmulTask& m, int t0, int n, int pair0, int pairs, PackedTile& tile) {
    const int blocks = m.K / kQ8Block;
    const auto* quants = reinterpret_cast<const std::uint8_t*>(m.x_quants);
    for (int p = 0; p < pairs; ++p) {
        const int b = 2 * (pair0 + p);
        const bool full = b + 1 < blocks;
        for (int i = 0; i < n; ++i) {
            const std::size_t t = std::size_t(t0 + i);
            const std::uint8_t* x = quants + t * m.K + std::size_t(b) * kQ8Block;
            const float* s = m.x_scales + t * blocks + b;
            const __m256i first = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x));
            const __m256i second =
                full ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 32))
                     : _mm256_setzero_si256();
            _mm512_store_si512(tile.x[p][i], interleaved(first, second));
            tile.scales[p][2 * i] = s[0];
            tile.scales[p][2 * i + 1] = full ? s[1] : 0.0f;
        }
    }
}

// Weight row r against the N tokens of the packed tile (token t0 onwards), over its pairs; the
// sums go to `out` (added when `add`, for a later stretch of K). First the
// products of scales of every pair (two per token, in the order of the tile's scales), then the
// products of weights and activations.
template <int N>
void packed_tile(const MatmulTask& m, int r0, int r1, const PackedTile& tile, int pair0, int pairs,
                 int t0, bool add) {
    constexpr int kVectors = (N + 7) / 8;  // of products: 8 tokens each
    const int blocks = m.K / kQ8Block;
    alignas(64) float products[kSegmentPairs][16 * kVectors];
    for (int r = r0; r < r1; ++r) {
        const std::byte* row = m.weight + std::size_t(r) * m.row_bytes;
        for (int p = 0; p < pairs; ++p) {
            const int b = 2 * (pair0 + p);
            const __m512 scales = weight_scales(row + std::size_t(b) * kBlockBytes, b + 1 < blocks);
            for (int v = 0; v < kVectors; ++v) {
                const int tokens = smaller(8, N - 8 * v);
                const __m512 x_scales = _mm512_maskz_loadu_ps(__mmask16((1u << (2 * tokens)) - 1),
                                                              &tile.scales[p][16 * v]);
                _mm512_store_ps(products[p] + 16 * v, _mm512_mul_ps(x_scales, scales));
            }
        }
        __m512 sums[N];
#pragma GCC unroll 16
        for (int i = 0; i < N; ++i) sums[i] = _mm512_setzero_ps();
        for (int p = 0; p < pairs; ++p) {
            const int b = 2 * (pair0 + p);
            const std::byte* block = row + std::size_t(b) * kBlockBytes;
            _mm_prefetch(reinterpret_cast<const char*>(block) + 4096, _MM_HINT_T0);
            const WeightPair w = load_weights(block, b + 1 < blocks);
            const auto& x = tile.x[p];
            const float* scale_pairs = products[p];
#pragma GCC unroll 16
            for (int i = 0; i < N; ++i) {
                const __m512i dot =
                    _mm512_dpbusd_epi32(w.minus_offset, _mm512_load_si512(x[i]), w.weights);
                // One 8-byte load, broadcast: the token's two products over the lanes.
                const __m512 scales = _mm512_castsi512_ps(_mm512_broadcastq_epi64(
                    _mm_loadl_epi64(reinterpret_cast<const __m128i*>(scale_pairs + 2 * i))));
                sums[i] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot), scales, sums[i]);
            }
        }
        store_lane_sums(sums, add, [&](int i) -> float& {
            return m.out[std::size_t(t0 + i) * m.out_stride + std::size_t(r)];
        });
    }
}

// packed_tile for every number of tokens a tile holds: entry n − 1 takes n tokens, so that a
// tile of fewer than 16 (a decode step's candidates) unpacks each weight block once.
using TileKernel = void (*)(const MatmulTask&, int, int, const PackedTile&, int, int, int, bool);
template <int... kCounts>
constexpr std::array<TileKernel, sizeof...(kCounts)> tile_kernels(
    std::integer_sequence<int, kCounts...>) {
    return {&packed_tile<kCounts + 1>...};
}

// Rows in groups of up to 256 KiB of weights, which stay in L2 while tiles of up to 16 tokens
// pass over them; each tile is packed once per group and stretch of 2,048 values of K.
void matmul_q4_0(const MatmulTask& m, int row_begin, int row_end) {
    static constexpr auto kKernels = tile_kernels(std::make_integer_sequence<int, kTile>{});
    PackedTile tile;
    const int all_pairs = (m.K / kQ8Block + 1) / 2;
    const int group = std::max(1, int((256 * 1024) / m.row_bytes));
    for (int g0 = row_begin; g0 < row_end; g0 += group) {
        const int g1 = smaller(g0 + group, row_end);
        for (int t0 = 0; t0 < m.T; t0 += kTile) {
            const TileKernel kernel = kKernels[std::size_t(smaller(kTile, m.T - t0) - 1)];
            for (int pair0 = 0; pair0 < all_pairs; pair0 += kSegmentPairs) {
                const int pairs = smaller(kSegmentPairs, all_pairs - pair0);
                pack_tile(m, t0, smaller(kTile, m.T - t0), pair0, pairs, tile);
                kernel(m, g0, g1, tile, pair0, pairs, t0, pair0 > 0);
            }
        }
    }
}

void matmul(const MatmulTask& m, int row_begin, int row_end) {
    if (m.x_quants != nullptr && matmul_block_lanes_avx512(m, row_begin, row_end)) return;
    if (m.x_quants != nullptr && m.T == 1 && matmul_one_token_avx512(m, row_begin, row_end)) return;
    if (m.x_quants != nullptr && m.type == DType::q4_0) return matmul_q4_0(m, row_begin, row_end);
    if (matmul_float_weights_avx512(m, row_begin, row_end)) return;
    // The AVX2 kernels read signed activations; ours are stored +128: they get the floats.
    MatmulTask on_floats = m;
    on_floats.x_quants = nullptr;
    on_floats.x_scales = nullptr;
    avx2::kernel_table()->matmul(on_floats, row_begin, row_end);
}

// One token of the gated delta rule for one head, reading the state twice instead of four
// times: with a = Sᵀk and c = Sᵀq of the state before this token (one pass, sums in
// registers),
//   Sᵀk after the decay = decay·a,  δ = beta·(v − decay·a),
//   out = q_scale·(decay·c + (k·q)·δ)   (the new state is decay·S + k δᵀ),
// then a second pass writes decay·S + k δᵀ. Columns in blocks of 128 (8 registers per sum).
void delta_step(float* S, const float* q, const float* k, const float* v, float decay, float beta,
                float q_scale, int Dk, int Dv, float* out, float*) {
    constexpr int kLanes = 16, kVectors = 8;
    float kq = 0.0f;
    for (int i = 0; i < Dk; ++i) kq += k[i] * q[i];
    const __m512 vdecay = _mm512_set1_ps(decay);
    for (int j0 = 0; j0 < Dv; j0 += kLanes * kVectors) {
        const int width = smaller(kLanes * kVectors, Dv - j0);
        const int vectors = (width + kLanes - 1) / kLanes;
        __mmask16 masks[kVectors];
        for (int u = 0; u < kVectors; ++u) {
            const int lanes = smaller(kLanes, width - u * kLanes);
            masks[u] = lanes <= 0 ? 0 : __mmask16((1u << lanes) - 1);
        }
        __m512 a[kVectors], c[kVectors];
        for (int u = 0; u < kVectors; ++u) a[u] = c[u] = _mm512_setzero_ps();
        for (int i = 0; i < Dk; ++i) {
            const float* s = S + std::size_t(i) * Dv + j0;
            const __m512 ki = _mm512_set1_ps(k[i]), qi = _mm512_set1_ps(q[i]);
#pragma GCC unroll 8
            for (int u = 0; u < kVectors; ++u) {
                if (u >= vectors) break;
                const __m512 su = _mm512_maskz_loadu_ps(masks[u], s + u * kLanes);
                a[u] = _mm512_fmadd_ps(su, ki, a[u]);
                c[u] = _mm512_fmadd_ps(su, qi, c[u]);
            }
        }
        __m512 delta[kVectors];
        for (int u = 0; u < vectors; ++u) {
            const int j = j0 + u * kLanes;
            const __m512 vu = _mm512_maskz_loadu_ps(masks[u], v + j);
            delta[u] = _mm512_mul_ps(_mm512_set1_ps(beta),
                                     _mm512_fnmadd_ps(vdecay, a[u], vu));  // β(v − decay·a)
            const __m512 o =
                _mm512_fmadd_ps(_mm512_set1_ps(kq), delta[u], _mm512_mul_ps(vdecay, c[u]));
            _mm512_mask_storeu_ps(out + j, masks[u], _mm512_mul_ps(_mm512_set1_ps(q_scale), o));
        }
        // While this block is written, the next head's state (it follows this one; past the
        // last head a prefetch touches nothing) on its way: a batch of candidates' states come
        // from memory, a head at a time.
        const bool last_block = j0 + kLanes * kVectors >= Dv;
        for (int i = 0; i < Dk; ++i) {
            float* s = S + std::size_t(i) * Dv + j0;
            if (last_block) prefetch_floats(S, std::size_t(Dk + i) * Dv, std::size_t(Dv));
            const __m512 ki = _mm512_set1_ps(k[i]);
#pragma GCC unroll 8
            for (int u = 0; u < kVectors; ++u) {
                if (u >= vectors) break;
                const __m512 su = _mm512_maskz_loadu_ps(masks[u], s + u * kLanes);
                _mm512_mask_storeu_ps(s + u * kLanes, masks[u],
                                      _mm512_fmadd_ps(ki, delta[u], _mm512_mul_ps(su, vdecay)));
            }
        }
    }
}

Kernels make_table() {
    Kernels table = *avx2::kernel_table();
    table.name = "avx512-vnni";
    table.quantize_row_q8 = quantize_row_q8;
    table.matmul = matmul;
    table.delta_step = delta_step;
    table.quant_offset = 128;
    table.k_quants_on_quantized_activations = true;
    table.symmetric_blocks_on_quantized_activations = false;  // the AVX2 kernels want signed x
    // Its block lanes weigh each run in floats: they take the K-quants on scales per 32 values.
    table.quantize_row_q8_super = nullptr;
    table.k_quants_on_super_block_activations = false;
    // The AVX2 table's packed row groups are for its own kernels: these read the stored rows,
    // which a packed copy would only double in memory (and page out, to be read back).
    table.pack_weights = nullptr;
    return table;
}

}  // namespace

const Kernels* avx512_kernel_table() {
    static const Kernels table = make_table();
    return &table;
}

}  // namespace fantasma::engine::cpu

#else

namespace fantasma::engine::cpu {

const Kernels* avx512_kernel_table() {
    return nullptr;
}

}  // namespace fantasma::engine::cpu

#endif
