#pragma once
// The weight formats of the block-lane kernel (kernels_avx512_block_lanes.cpp, its only
// includer): each loads 16 blocks of 32 values of a row, unpacks them to 32 bytes each and
// transposes them so that a register's 16 lanes hold the 16 blocks, 4 bytes of each, with the
// blocks' scales (and mins) on the same lanes.
//
// vpdpbusd multiplies unsigned by signed bytes: the avx512-vnni table stores the activations as
// q + 128, the weights' integers are signed bytes (Q8_0, Q6_K's q − 32, IQ4_XS's levels) or
// small non-negative ones (Q4_K's 0–15, Q5_K's 0–31), and Σ (q + 128)·w = Σ q·w + 128·Σ w, so
// each block's sum starts at −128·Σ w (eight more vpdpbusd per 16 blocks, shared by the tokens).
//
// Everything here has internal linkage: compiled with AVX-512 flags, it must not be merged with
// a same-named function of a file compiled for AVX2.
#include "engine/cpu/avx512_intrinsics.hpp"
#include "engine/quants.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fantasma::engine::cpu {
namespace {

constexpr int kGroup = 16;  // blocks side by side: one a lane

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
        __m256i blocks[kGroup];  // Q5_K: its blocks unpacked
        __m512i runs[4];         // Q4_K: its values' bytes as they are (transpose_nibbles)
        __m128i scales_and_mins[2];
        float d[2], dmin[2];
#pragma GCC unroll 2
        for (int s = 0; s < 2; ++s) {
            const std::byte* super = at + s * kSuperBytes;
            if (8 * s >= count) {
                if constexpr (kQ5)
                    for (int b = 8 * s; b < 8 * s + 8; ++b) blocks[b] = _mm256_setzero_si256();
                else
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
            } else {
                const __m256i mask = _mm256_set1_epi8(15), one = _mm256_set1_epi8(1);
                const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(super + 16));
#pragma GCC unroll 4
                for (int g = 0; g < 4; ++g) {
                    const __m256i bytes =
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 32 * g));
                    // Bit j of each qh byte to bit 4 (epi16 shifts: the mask keeps each byte's
                    // own bit).
                    blocks[8 * s + 2 * g] = _mm256_or_si256(
                        _mm256_and_si256(bytes, mask),
                        _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2 * g), one), 4));
                    blocks[8 * s + 2 * g + 1] = _mm256_or_si256(
                        _mm256_and_si256(_mm256_srli_epi16(bytes, 4), mask),
                        _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2 * g + 1), one),
                                          4));
                }
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

}  // namespace
}  // namespace fantasma::engine::cpu
