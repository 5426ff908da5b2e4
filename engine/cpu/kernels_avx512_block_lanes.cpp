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
// vpdpbusd multiplies unsigned by signed bytes: this table stores the activations as q + 128,
// the weights' integers are signed bytes (Q8_0) or small non-negative ones (the K-quants' 0–15
// and 0–31), and Σ (q + 128)·w = Σ q·w + 128·Σ w, so each block's sum starts at −128·Σ w (eight
// more vpdpbusd per 16 blocks, shared by the tokens).
#include "engine/cpu/kernels.hpp"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && \
    defined(__AVX512VNNI__)

#include "engine/cpu/avx512_intrinsics.hpp"
#include "engine/quants.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

namespace fantasma::engine::cpu {
namespace {

constexpr int kGroup = 16;  // blocks side by side: one a lane
constexpr int kTile = 16;   // tokens
// Sums are added up per stretch of 2,048 values (K's first stretch, then the next, …), for one
// token as for many.
constexpr int kSegmentGroups = 2 * kTileSegmentPairs / kGroup;

// The transposition below leaves block b of a group on lane 8·(b mod 2) + b/2.
constexpr std::array<int, 16> lane_blocks() {
    std::array<int, 16> blocks{};
    for (int lane = 0; lane < 16; ++lane) blocks[std::size_t(lane)] = 2 * (lane % 8) + lane / 8;
    return blocks;
}
alignas(64) constexpr std::array<int, 16> kLaneBlock = lane_blocks();
// The lanes of blocks 8–15 (a group's second K-quant super-block).
constexpr __mmask16 kSecondHalfLanes = [] {
    unsigned mask = 0;
    for (std::size_t lane = 0; lane < 16; ++lane)
        if (kLaneBlock[lane] >= 8) mask |= 1u << lane;
    return __mmask16(mask);
}();

// One step of the transposition: registers a and b (numbers differing in one bit) trade that
// bit of their number for bit `bit` of the lane: a keeps the elements whose lane has the bit 0,
// from both, b those with the bit 1.
struct SwapIndices {
    alignas(64) std::int32_t first[16];
    alignas(64) std::int32_t second[16];
};
constexpr SwapIndices swap_indices(int bit) {
    SwapIndices s{};
    for (int lane = 0; lane < 16; ++lane) {
        const int from_b = (lane >> bit) & 1;
        s.first[lane] = (lane & ~(1 << bit)) + 16 * from_b;
        s.second[lane] = (lane | (1 << bit)) + 16 * from_b;
    }
    return s;
}
constexpr SwapIndices kSwaps[3] = {swap_indices(0), swap_indices(1), swap_indices(2)};

[[gnu::always_inline]] inline __m512i indices(const std::int32_t* lanes) {
    return _mm512_load_si512(reinterpret_cast<const __m512i*>(lanes));
}

// Sixteen blocks' 32 bytes (blocks[b]) to eight registers: register d holds bytes 4d to 4d + 3
// of every block, block b on lane kLaneBlock⁻¹(b). First register p holds blocks 2p and 2p + 1
// (lane 8·(b mod 2) + d), then three steps move the register number's bits into the lane.
[[gnu::always_inline]] inline void transpose(const __m256i (&blocks)[kGroup], __m512i (&out)[8]) {
#pragma GCC unroll 8
    for (int p = 0; p < 8; ++p)
        out[p] = _mm512_inserti64x4(_mm512_castsi256_si512(blocks[2 * p]), blocks[2 * p + 1], 1);
#pragma GCC unroll 3
    for (int bit = 0; bit < 3; ++bit) {
        const __m512i first = indices(kSwaps[bit].first), second = indices(kSwaps[bit].second);
#pragma GCC unroll 8
        for (int p = 0; p < 8; ++p) {
            if ((p >> bit) & 1) continue;
            const int q = p | (1 << bit);
            const __m512i a = out[p], b = out[q];
            out[p] = _mm512_permutex2var_epi32(a, first, b);
            out[q] = _mm512_permutex2var_epi32(a, second, b);
        }
    }
}

// `count` consecutive 32-byte blocks, `stride` bytes apart from `first`; the rest zero.
[[gnu::always_inline]] inline void load_blocks(const std::byte* first, std::size_t stride,
                                               int count, __m256i (&blocks)[kGroup]) {
#pragma GCC unroll 16
    for (int b = 0; b < kGroup; ++b)
        blocks[b] = b < count ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                                    first + std::size_t(b) * stride))
                              : _mm256_setzero_si256();
}

// Sixteen weight blocks of a row (fewer at its end: the rest weigh nothing), transposed, with
// each block's scale and (Q4_K, Q5_K) min on its lane: block b's sum is scale·Σ w·x − min·Σ x.
// Q6_K has a scale per 16 values: `scales` for a block's first 16 (registers 0–3 of `weights`),
// `second_scales` for the others.
struct WeightGroup {
    __m512i weights[8];
    __m512i minus_offsets[2];  // −128·Σ w of each block's first 16 values and of its last 16
    __m512 scales, second_scales, mins;
};

// The offset the blocks' sums start at, from their transposed integers.
[[gnu::always_inline]] inline void set_offsets(WeightGroup& w) {
    // Two chains of vpdpbusd (a block's first 16 values, its last 16), not one of eight.
    __m512i offset_sums[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
#pragma GCC unroll 8
    for (int d = 0; d < 8; ++d)
        offset_sums[d / 4] =
            _mm512_dpbusd_epi32(offset_sums[d / 4], _mm512_set1_epi8(char(0x80)), w.weights[d]);
    for (int half = 0; half < 2; ++half)
        w.minus_offsets[half] = _mm512_sub_epi32(_mm512_setzero_si512(), offset_sums[half]);
}

// The blocks' integers, transposed, and the offset their sums start at.
[[gnu::always_inline]] inline void set_weights(const __m256i (&blocks)[kGroup], WeightGroup& w) {
    transpose(blocks, w.weights);
    set_offsets(w);
}

// Where transpose_nibbles' two steps leave 4 bytes of run c (lane 8·c0 + 2·c2 + c1, 4 more for
// the run's bytes 16 to 31): for each run, its low nibbles' lane, then its high nibbles' (+16).
constexpr SwapIndices run_lanes() {
    SwapIndices s{};
    for (int run = 0; run < 8; ++run) {
        const int lane = 8 * (run & 1) + 2 * ((run >> 2) & 1) + ((run >> 1) & 1);
        s.first[run] = lane;
        s.first[run + 8] = 16 + lane;
        s.second[run] = lane + 4;
        s.second[run + 8] = 16 + lane + 4;
    }
    return s;
}
constexpr SwapIndices kRunLanes = run_lanes();

// Eight runs of 32 bytes whose low nibbles are block 2c and high nibbles block 2c + 1 (Q4_K's
// values; runs[p]: runs 2p and 2p + 1) to transpose()'s layout of the 16 blocks: two steps move
// the run number's high bits into the lane, then each register's nibbles give two registers.
// Half the permutes of splitting the nibbles first and transposing 16 blocks.
[[gnu::always_inline]] inline void transpose_nibbles(const __m512i (&runs)[4], __m512i (&out)[8]) {
    __m512i r[4] = {runs[0], runs[1], runs[2], runs[3]};
#pragma GCC unroll 2
    for (int bit = 0; bit < 2; ++bit) {
        const __m512i first = indices(kSwaps[bit].first), second = indices(kSwaps[bit].second);
#pragma GCC unroll 4
        for (int p = 0; p < 4; ++p) {
            if ((p >> bit) & 1) continue;
            const int q = p | (1 << bit);
            const __m512i a = r[p], b = r[q];
            r[p] = _mm512_permutex2var_epi32(a, first, b);
            r[q] = _mm512_permutex2var_epi32(a, second, b);
        }
    }
    const __m512i mask = _mm512_set1_epi8(15);
    const __m512i low_bytes = indices(kRunLanes.first), high_bytes = indices(kRunLanes.second);
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) {  // r[k]: bytes 4k to 4k + 3 and 4k + 16 to 4k + 19 of each run
        const __m512i low = _mm512_and_si512(r[k], mask);
        const __m512i high = _mm512_and_si512(_mm512_srli_epi16(r[k], 4), mask);
        out[k] = _mm512_permutex2var_epi32(low, low_bytes, high);
        out[k + 4] = _mm512_permutex2var_epi32(low, high_bytes, high);
    }
}

// A weight format: kGroupBytes of a row per 16 blocks; load() reads `count` of them (the rest
// of a row's last group are zero) from `at`.
struct Q8_0 {  // blocks of an fp16 scale and 32 signed bytes
    static constexpr int kBlockBytes = 34, kGroupBytes = kGroup * kBlockBytes;
    static constexpr bool kMins = false, kTwoScales = false;
    [[gnu::always_inline]] static WeightGroup load(const std::byte* at, int count) {
        alignas(64) static constexpr std::array<int, 16> kLaneOffset = [] {
            std::array<int, 16> offsets{};
            for (std::size_t lane = 0; lane < 16; ++lane)
                offsets[lane] = kBlockBytes * kLaneBlock[lane];
            return offsets;
        }();
        WeightGroup w;
        __m256i blocks[kGroup];
        load_blocks(at + 2, kBlockBytes, count, blocks);
        set_weights(blocks, w);
        // Each lane's block scale: 4 bytes from the block's start, the fp16 scale in the low half.
        const __mmask16 present =
            _mm512_cmplt_epi32_mask(indices(kLaneBlock.data()), _mm512_set1_epi32(count));
        const __m512i starts = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), present,
                                                           indices(kLaneOffset.data()), at, 1);
        w.scales = _mm512_cvtph_ps(_mm512_cvtepi32_epi16(starts));
        w.second_scales = w.mins = _mm512_setzero_ps();
        return w;
    }
};

// The 8 scales (bytes 0–7) and 8 mins (bytes 8–15) of a Q4_K / Q5_K super-block from their 12
// bytes: j < 4 keep 6 bits of bytes j and j + 4; j ≥ 4 take 4 bits from byte j + 4 and the top
// 2 bits of bytes j − 4 (scale) and j (min). Four bytes at a time.
[[gnu::always_inline]] inline __m128i k_quant_scales_and_mins(const std::byte* packed) {
    std::uint32_t w[3];
    std::memcpy(w, packed, 12);
    const std::uint32_t low6 = 0x3f3f3f3f, low4 = 0x0f0f0f0f, low2 = 0x03030303;
    const std::uint32_t scales_high = (w[2] & low4) | (((w[0] >> 6) & low2) << 4);
    const std::uint32_t mins_high = ((w[2] >> 4) & low4) | (((w[1] >> 6) & low2) << 4);
    return _mm_setr_epi32(int(w[0] & low6), int(scales_high), int(w[1] & low6), int(mins_high));
}

// Q4_K: super-blocks of 256 values (8 blocks), each with d, dmin and a 6-bit scale and min per
// block, value = d·scale·q − dmin·min with q 0–15; bytes 32g to 32g + 31 of its values hold
// block 2g in their low nibbles and block 2g + 1 in their high ones. kQ5: Q5_K, the same with
// a fifth bit per value from qh[32] (bit j of qh[i] for value i of block j). A group: two
// super-blocks (count 8: the row's last, alone).
template <bool kQ5>
struct KQuant {
    static constexpr int kSuperBytes = kQ5 ? 176 : 144, kGroupBytes = 2 * kSuperBytes;
    static constexpr bool kMins = true, kTwoScales = false;
    [[gnu::always_inline]] static WeightGroup load(const std::byte* at, int count) {
        WeightGroup w;
        __m256i blocks[kGroup];  // Q5_K
        __m512i runs[4];         // Q4_K: its values' bytes as they are (transpose_nibbles)
        __m128i scales_and_mins[2];
        float d[2], dmin[2];
        const __m256i mask = _mm256_set1_epi8(15), one = _mm256_set1_epi8(1);
#pragma GCC unroll 2
        for (int s = 0; s < 2; ++s) {
            const std::byte* super = at + s * kSuperBytes;
            if (8 * s >= count) {
                for (int b = 8 * s; b < 8 * s + 8; ++b) blocks[b] = _mm256_setzero_si256();
                runs[2 * s] = runs[2 * s + 1] = _mm512_setzero_si512();
                scales_and_mins[s] = _mm_setzero_si128();
                d[s] = dmin[s] = 0.0f;
                continue;
            }
            std::uint16_t halves[2];
            std::memcpy(halves, super, 4);
            d[s] = _cvtsh_ss(halves[0]);
            dmin[s] = _cvtsh_ss(halves[1]);
            scales_and_mins[s] = k_quant_scales_and_mins(super + 4);
            const std::byte* q = super + (kQ5 ? 48 : 16);
            if constexpr (!kQ5) {
                runs[2 * s] = _mm512_loadu_si512(q);
                runs[2 * s + 1] = _mm512_loadu_si512(q + 64);
                continue;
            }
            const __m256i qh =
                kQ5 ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(super + 16))
                    : _mm256_setzero_si256();
#pragma GCC unroll 4
            for (int g = 0; g < 4; ++g) {
                const __m256i bytes =
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 32 * g));
                __m256i low = _mm256_and_si256(bytes, mask);
                __m256i high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), mask);
                if constexpr (kQ5) {  // bit j of each qh byte to bit 4 (epi16 shifts: the mask
                                      // keeps each byte's own bit)
                    low = _mm256_or_si256(
                        low,
                        _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2 * g), one), 4));
                    high = _mm256_or_si256(
                        high, _mm256_slli_epi16(
                                  _mm256_and_si256(_mm256_srli_epi16(qh, 2 * g + 1), one), 4));
                }
                blocks[8 * s + 2 * g] = low;
                blocks[8 * s + 2 * g + 1] = high;
            }
        }
        if constexpr (kQ5) {
            set_weights(blocks, w);
        } else {
            transpose_nibbles(runs, w.weights);
            set_offsets(w);
        }
        // Bytes of blocks 0–15 in order, then on their lanes, times the super-block's d or dmin.
        const auto on_lanes = [](__m128i bytes, float first, float second) {
            const __m512i words =
                _mm512_permutexvar_epi32(indices(kLaneBlock.data()), _mm512_cvtepu8_epi32(bytes));
            return _mm512_mul_ps(_mm512_cvtepi32_ps(words),
                                 _mm512_mask_blend_ps(kSecondHalfLanes, _mm512_set1_ps(first),
                                                      _mm512_set1_ps(second)));
        };
        w.scales = on_lanes(_mm_unpacklo_epi64(scales_and_mins[0], scales_and_mins[1]), d[0], d[1]);
        w.mins =
            on_lanes(_mm_unpackhi_epi64(scales_and_mins[0], scales_and_mins[1]), dmin[0], dmin[1]);
        w.second_scales = _mm512_setzero_ps();
        return w;
    }
};

// Q6_K: super-blocks of 256 values (8 blocks) in two halves of 128, value = d·scale·(q − 32)
// with q 6 bits (4 low bits in ql, 2 high in qh) and a signed 8-bit scale per 16 values. Each
// half's four runs of 32 (blocks) come out in order from the bit fields; the weights are
// q − 32, signed. A group: two super-blocks (count 8: the row's last, alone).
struct Q6K {
    static constexpr int kSuperBytes = 210, kGroupBytes = 2 * kSuperBytes;
    static constexpr bool kMins = false, kTwoScales = true;
    [[gnu::always_inline]] static WeightGroup load(const std::byte* at, int count) {
        WeightGroup w;
        __m256i blocks[kGroup];
        __m512i scales[2];  // each super-block's 16 scales, in order
        float d[2];
        const __m256i low_mask = _mm256_set1_epi8(15), high_bits = _mm256_set1_epi8(0x30),
                      thirty_two = _mm256_set1_epi8(32);
#pragma GCC unroll 2
        for (int s = 0; s < 2; ++s) {
            const std::byte* super = at + s * kSuperBytes;
            if (8 * s >= count) {
                for (int b = 8 * s; b < 8 * s + 8; ++b) blocks[b] = _mm256_setzero_si256();
                scales[s] = _mm512_setzero_si512();
                d[s] = 0.0f;
                continue;
            }
            std::uint16_t d_bits;
            std::memcpy(&d_bits, super + 208, 2);
            d[s] = _cvtsh_ss(d_bits);
            scales[s] = _mm512_cvtepi8_epi32(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(super + 192)));
#pragma GCC unroll 2
            for (int half = 0; half < 2; ++half) {
                const std::byte* ql = super + 64 * half;
                const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql));
                const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql + 32));
                const __m256i h =
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(super + 128 + 32 * half));
                // Bits 4–5 from h's 2-bit fields (epi16 shifts; the masks drop what crosses
                // bytes).
                const __m256i runs[4] = {
                    _mm256_or_si256(_mm256_and_si256(a, low_mask),
                                    _mm256_and_si256(_mm256_slli_epi16(h, 4), high_bits)),
                    _mm256_or_si256(_mm256_and_si256(b, low_mask),
                                    _mm256_and_si256(_mm256_slli_epi16(h, 2), high_bits)),
                    _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(a, 4), low_mask),
                                    _mm256_and_si256(h, high_bits)),
                    _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(b, 4), low_mask),
                                    _mm256_and_si256(_mm256_srli_epi16(h, 2), high_bits))};
                for (int run = 0; run < 4; ++run)
                    blocks[8 * s + 4 * half + run] = _mm256_sub_epi8(runs[run], thirty_two);
            }
        }
        set_weights(blocks, w);
        // Block b's two scales are the super-block's 2b and 2b + 1: the even and odd ones of
        // both super-blocks, then on their lanes, times d.
        const auto on_lanes = [&](const std::int32_t* pick) {
            const __m512i words = _mm512_permutexvar_epi32(
                indices(kLaneBlock.data()),
                _mm512_permutex2var_epi32(scales[0], indices(pick), scales[1]));
            return _mm512_mul_ps(
                _mm512_cvtepi32_ps(words),
                _mm512_mask_blend_ps(kSecondHalfLanes, _mm512_set1_ps(d[0]), _mm512_set1_ps(d[1])));
        };
        w.scales = on_lanes(kEvenLanes);
        w.second_scales = on_lanes(kOddLanes);
        w.mins = _mm512_setzero_ps();
        return w;
    }
};

// IQ4_XS: super-blocks of 256 values (8 blocks), each block with a 6-bit scale (d·(scale −
// 32)) and a nibble per value that picks one of 16 signed levels (kIq4Values); a block's 16
// bytes hold its first 16 values in their low nibbles and its last 16 in their high ones. A
// group: two super-blocks (count 8: the row's last, alone).
struct Iq4Xs {
    static constexpr int kSuperBytes = 136, kGroupBytes = 2 * kSuperBytes;
    static constexpr bool kMins = false, kTwoScales = false;
    [[gnu::always_inline]] static WeightGroup load(const std::byte* at, int count) {
        WeightGroup w;
        __m256i blocks[kGroup];
        alignas(64) float scales[kGroup];  // in block order
        const __m256i mask = _mm256_set1_epi8(15);
        const __m256i levels = _mm256_broadcastsi128_si256(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(kIq4Values.data())));
#pragma GCC unroll 2
        for (int s = 0; s < 2; ++s) {
            const std::byte* super = at + s * kSuperBytes;
            if (8 * s >= count) {
                for (int b = 8 * s; b < 8 * s + 8; ++b) {
                    blocks[b] = _mm256_setzero_si256();
                    scales[b] = 0.0f;
                }
                continue;
            }
            std::uint16_t halves[2];  // d, and the scales' high 2 bits
            std::memcpy(halves, super, 4);
            const float d = _cvtsh_ss(halves[0]);
            for (int j = 0; j < 8; ++j) {
                const int low = (std::to_integer<int>(super[4 + j / 2]) >> (4 * (j % 2))) & 15;
                const int high = (halves[1] >> (2 * j)) & 3;
                scales[8 * s + j] = d * float((low | high << 4) - 32);
            }
#pragma GCC unroll 4
            for (int g = 0; g < 4; ++g) {  // blocks 2g and 2g + 1: 32 bytes
                const __m256i bytes =
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(super + 8 + 32 * g));
                const __m256i low = _mm256_and_si256(bytes, mask);
                const __m256i high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), mask);
                blocks[8 * s + 2 * g] =
                    _mm256_shuffle_epi8(levels, _mm256_permute2x128_si256(low, high, 0x20));
                blocks[8 * s + 2 * g + 1] =
                    _mm256_shuffle_epi8(levels, _mm256_permute2x128_si256(low, high, 0x31));
            }
        }
        set_weights(blocks, w);
        w.scales = _mm512_permutexvar_ps(indices(kLaneBlock.data()), _mm512_load_ps(scales));
        w.second_scales = w.mins = _mm512_setzero_ps();
        return w;
    }
};

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

// Where the rows' sums go: per stretch of K (kSegmentGroups groups), the first stretch's sum
// set and each later one's added, so that every token is summed alike however many share it.
struct Outputs {
    const MatmulTask& m;
    int t0;
    // Register (s, i) holds row rows[s]'s sums for token t0 + i.
    template <int kCount>
    [[gnu::always_inline]] void store(const __m512 (&sums)[kCount], const int* rows, int tokens,
                                      bool add) const {
        for (int first = 0; first < kCount; first += 8) {
            __m512 eight[8];
#pragma GCC unroll 8
            for (int k = 0; k < 8; ++k)
                eight[k] = first + k < kCount ? sums[first + k] : _mm512_setzero_ps();
            alignas(32) float totals[8];
            _mm256_store_ps(totals, lane_sums_of_8(eight));
            for (int k = first; k < std::min(kCount, first + 8); ++k) {
                float& out = m.out[std::size_t(t0 + k % tokens) * m.out_stride +
                                   std::size_t(rows[k / tokens])];
                out = add ? out + totals[k - first] : totals[k - first];
            }
        }
    }
};

// kStreams rows (r, r + stretch, …) against the tile's N tokens over groups [group0, group0 +
// groups). Rows from kStreams places in memory keep that many sequential reads in flight (as
// the one-token kernels of the other types do).
template <typename Format, int N, int kStreams>
void rows_together(const MatmulTask& m, const PackedTile& tile, const Outputs& outputs, int r,
                   int stretch, int group0, int groups) {
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
#pragma GCC unroll 4
        for (int s = 0; s < kStreams; ++s) {
            const std::byte* first = starts[s] + std::size_t(group0 + g) * Format::kGroupBytes;
            for (int line = 0; line < Format::kGroupBytes; line += 64)
                _mm_prefetch(reinterpret_cast<const char*>(first) + kAhead + line, _MM_HINT_T0);
            const WeightGroup w = Format::load(first, std::min(kGroup, blocks - b0));
#pragma GCC unroll 16
            for (int i = 0; i < N; ++i) {
                // Two chains of vpdpbusd, a block's first 16 values and its last 16.
                __m512i dots[2] = {w.minus_offsets[0], w.minus_offsets[1]};
#pragma GCC unroll 8
                for (int d = 0; d < 8; ++d)
                    dots[d / 4] = _mm512_dpbusd_epi32(
                        dots[d / 4],
                        _mm512_load_si512(reinterpret_cast<const __m512i*>(tile.x[slot0 + i][d])),
                        w.weights[d]);
                const __m512 x_scales = _mm512_load_ps(tile.scales[slot0 + i]);
                __m512& sum = sums[s * N + i];
                if constexpr (Format::kTwoScales) {
                    sum = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dots[0]),
                                          _mm512_mul_ps(x_scales, w.scales), sum);
                    sum = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dots[1]),
                                          _mm512_mul_ps(x_scales, w.second_scales), sum);
                } else {
                    // Integers add up alike in any order: the same bits as one chain.
                    const __m512i dot = _mm512_add_epi32(dots[0], dots[1]);
                    sum = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot),
                                          _mm512_mul_ps(x_scales, w.scales), sum);
                }
                if constexpr (Format::kMins)
                    sum = _mm512_fnmadd_ps(w.mins, _mm512_load_ps(tile.block_sums[slot0 + i]), sum);
            }
        }
        const int done = group0 + g + 1;  // groups of the row summed so far
        if (done % kSegmentGroups == 0 || g + 1 == groups) {
            outputs.store(sums, rows, N, done > kSegmentGroups);
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
    constexpr int kStreams = std::max(1, std::min(4, 16 / N));
    const Outputs outputs{m, t0};
    const int stretch = (r1 - r0) / kStreams;
    for (int r = r0; r < r0 + stretch; ++r)
        rows_together<Format, N, kStreams>(m, tile, outputs, r, stretch, group0, groups);
    for (int r = r0 + kStreams * stretch; r < r1; ++r)
        rows_together<Format, N, 1>(m, tile, outputs, r, 0, group0, groups);
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
