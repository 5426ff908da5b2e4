// The AVX-512 VNNI matmuls on Q6_K and IQ4_XS weights (with Q4_K and Q5_K, in
// kernels_avx512_block_lanes.cpp, what llama.cpp's usual Q4_K_M and Q5_K_M files are made of) on
// 8-bit activations, for any number of tokens; part of the avx512-vnni table (kernels_avx512.cpp).
// The weights' small integers are unsigned (Q6_K: 0–63 − 32, IQ4_XS: its levels + 128) and meet
// the signed activations in vpdpbusd; what the unsigned form adds (32·Σx, 128·Σx) is removed
// through per-block sums of the activations, prepared once per token.
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

// The prepared tokens live on the stack, ~3 · K bytes each: a longer K goes in stretches of
// this many values, each row's sums carried from one stretch to the next in registers' form,
// so the result is the one a single pass gives.
constexpr int kMaxK = 8192;

// One token of activations as the K-quant kernels read it.
struct PreparedPair {       // 64 values (two activation blocks) in their order
    __m512i x;              // signed quants
    __m512i minus_32_sums;  // −32·Σx of each block, spread over its lanes (for Q6_K)
    __m512 scales;          // the two blocks' scales, 8 lanes each
};
struct PreparedToken {
    PreparedPair* pairs;
};

// A row's sums for one token between stretches of K, and the stretch a tile works on:
// super-blocks [first, end) of the row's `all`; `carry` (N entries) holds the sums before
// and after it unless the stretch is the whole row.
struct Carry {
    __m512 sums;
};
struct Stretch {
    int first, end, all;
    Carry* carry;
    bool starts() const { return first == 0; }
    bool finishes() const { return end == all; }
};

// Values [k0, k1) of token t (whole super-blocks).
void prepare_token(const MatmulTask& m, int t, int k0, int k1, const PreparedToken& out) {
    const auto* x =
        reinterpret_cast<const std::uint8_t*>(m.x_quants) + std::size_t(t) * m.K + std::size_t(k0);
    const float* x_scales = m.x_scales + std::size_t(t) * (m.K / 32) + k0 / 32;
    const __m512i scale_lanes = _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    for (int p = 0; p < (k1 - k0) / 64; ++p, x += 64) {
        const __m512i x_signed =
            _mm512_xor_si512(_mm512_loadu_si512(x), _mm512_set1_epi8(char(0x80)));
        const __m512i sums =
            _mm512_dpbusd_epi32(_mm512_setzero_si512(), _mm512_set1_epi8(1), x_signed);
        out.pairs[p].x = x_signed;
        out.pairs[p].minus_32_sums = _mm512_sub_epi32(
            _mm512_setzero_si512(), _mm512_mullo_epi32(sums, _mm512_set1_epi32(32)));
        out.pairs[p].scales = _mm512_permutexvar_ps(
            scale_lanes, _mm512_castps128_ps512(_mm_castsi128_ps(
                             _mm_loadl_epi64(reinterpret_cast<const __m128i*>(x_scales + 2 * p)))));
    }
}

// Q6_K: super-blocks of 256 values in two halves of 128; value v of a half is 4 low bits (ql)
// and 2 high bits (qh) minus 32, times d and the signed scale of its 16 values (scale v / 16
// of the half). The four 32-value runs of a half come out in order from the bit fields, so
// the activations stay in their order too.
template <int N>
void q6_k_tile(const MatmulTask& m, int r, const PreparedToken* tokens, float* const* out,
               const Stretch& k) {
    constexpr int kSuperBytes = 210;
    const std::byte* super =
        m.weight + std::size_t(r) * m.row_bytes + std::size_t(k.first) * kSuperBytes;
    const __m256i low_mask = _mm256_set1_epi8(15), high_bits = _mm256_set1_epi8(0x30);
    // Lanes of 4 values take the scale of their 16: runs of four lanes per scale.
    const __m512i first_scales = _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    const __m512i four = _mm512_set1_epi32(4);
    __m512 sums[N];
    for (int i = 0; i < N; ++i) sums[i] = k.starts() ? _mm512_setzero_ps() : k.carry[i].sums;
    for (int s = k.first; s < k.end; ++s, super += kSuperBytes) {
        for (int line = 0; line < 4; ++line)
            _mm_prefetch(reinterpret_cast<const char*>(super) + 4096 + 64 * line, _MM_HINT_T0);
        std::uint16_t d_bits;
        std::memcpy(&d_bits, super + 208, 2);
        const __m512 scales = _mm512_mul_ps(_mm512_set1_ps(_cvtsh_ss(d_bits)),
                                            _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128(
                                                reinterpret_cast<const __m128i*>(super + 192)))));
        __m512i scale_index = first_scales;
        for (int half = 0; half < 2; ++half) {
            const std::byte* ql = super + 64 * half;
            const std::byte* qh = super + 128 + 32 * half;
            const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql));
            const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql + 32));
            const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(qh));
            // Bits 4–5 from h's 2-bit fields (epi16 shifts; the masks drop what crosses bytes).
            const __m256i run0 =
                _mm256_or_si256(_mm256_and_si256(a, low_mask),
                                _mm256_and_si256(_mm256_slli_epi16(h, 4), high_bits));
            const __m256i run1 =
                _mm256_or_si256(_mm256_and_si256(b, low_mask),
                                _mm256_and_si256(_mm256_slli_epi16(h, 2), high_bits));
            const __m256i run2 =
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(a, 4), low_mask),
                                _mm256_and_si256(h, high_bits));
            const __m256i run3 =
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(b, 4), low_mask),
                                _mm256_and_si256(_mm256_srli_epi16(h, 2), high_bits));
            const __m512i runs[2] = {_mm512_inserti64x4(_mm512_castsi256_si512(run0), run1, 1),
                                     _mm512_inserti64x4(_mm512_castsi256_si512(run2), run3, 1)};
            for (int run = 0; run < 2; ++run) {  // 64 values: four scales
                const __m512 weight_scales = _mm512_permutexvar_ps(scale_index, scales);
                scale_index = _mm512_add_epi32(scale_index, four);
                const int p = 4 * (s - k.first) + 2 * half + run;
#pragma GCC unroll 8
                for (int i = 0; i < N; ++i) {
                    const PreparedPair& pair = tokens[i].pairs[p];
                    const __m512i dot = _mm512_dpbusd_epi32(pair.minus_32_sums, runs[run], pair.x);
                    sums[i] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot),
                                              _mm512_mul_ps(weight_scales, pair.scales), sums[i]);
                }
            }
        }
    }
    if (!k.finishes()) {
        for (int i = 0; i < N; ++i) k.carry[i].sums = sums[i];
        return;
    }
    for (int i = 0; i < N; ++i) out[i][r] = _mm512_reduce_add_ps(sums[i]);
}

// IQ4_XS: super-blocks of 256 values, 8 sub-blocks of 32 with 6-bit scales (d·(scale − 32));
// each nibble picks one of 16 signed levels (kIq4Values). A sub-block's 16 bytes hold its
// first 16 values in their low nibbles and the next 16 in their high nibbles. vpdpbusd wants
// the weights unsigned: the levels are looked up + 128, and 128·Σx of each block (four times
// the prepared −32·Σx) starts the sums.
template <int N>
void iq4_xs_tile(const MatmulTask& m, int r, const PreparedToken* tokens, float* const* out,
                 const Stretch& k) {
    constexpr int kSuperBytes = 136;
    const std::byte* super =
        m.weight + std::size_t(r) * m.row_bytes + std::size_t(k.first) * kSuperBytes;
    const __m256i mask = _mm256_set1_epi8(15);
    alignas(16) std::uint8_t offset_levels[16];
    for (int i = 0; i < 16; ++i) offset_levels[i] = std::uint8_t(kIq4Values[std::size_t(i)] + 128);
    const __m256i levels = _mm256_broadcastsi128_si256(
        _mm_load_si128(reinterpret_cast<const __m128i*>(offset_levels)));
    __m512 sums[N];
    for (int i = 0; i < N; ++i) sums[i] = k.starts() ? _mm512_setzero_ps() : k.carry[i].sums;
    for (int s = k.first; s < k.end; ++s, super += kSuperBytes) {
        for (int line = 0; line < 3; ++line)
            _mm_prefetch(reinterpret_cast<const char*>(super) + 4096 + 64 * line, _MM_HINT_T0);
        std::uint16_t halves[2];
        std::memcpy(halves, super, 4);
        const float d = _cvtsh_ss(halves[0]);
        alignas(32) float block_scales[8];
        for (int j = 0; j < 8; ++j) {
            const int low = (std::to_integer<int>(super[4 + j / 2]) >> (4 * (j % 2))) & 15;
            const int high = (halves[1] >> (2 * j)) & 3;
            block_scales[j] = d * float((low | high << 4) - 32);
        }
        const __m512 scales = _mm512_castps256_ps512(_mm256_load_ps(block_scales));
        const std::byte* q = super + 8;
        for (int g = 0; g < 4; ++g, q += 32) {  // two sub-blocks: 64 values
            const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
            const __m256i low = _mm256_and_si256(bytes, mask);
            const __m256i high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), mask);
            // In the activations' order: sub-block 2g's low then high nibbles, then 2g + 1's.
            const __m256i first = _mm256_permute2x128_si256(low, high, 0x20);
            const __m256i second = _mm256_permute2x128_si256(low, high, 0x31);
            const __m512i weights =
                _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_shuffle_epi8(levels, first)),
                                   _mm256_shuffle_epi8(levels, second), 1);
            const __m512i lanes = _mm512_inserti64x4(
                _mm512_castsi256_si512(_mm256_set1_epi32(2 * g)), _mm256_set1_epi32(2 * g + 1), 1);
            const __m512 weight_scales = _mm512_permutexvar_ps(lanes, scales);
            const int p = 4 * (s - k.first) + g;
#pragma GCC unroll 8
            for (int i = 0; i < N; ++i) {
                const PreparedPair& pair = tokens[i].pairs[p];
                const __m512i dot =
                    _mm512_dpbusd_epi32(_mm512_slli_epi32(pair.minus_32_sums, 2), weights, pair.x);
                sums[i] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot),
                                          _mm512_mul_ps(weight_scales, pair.scales), sums[i]);
            }
        }
    }
    if (!k.finishes()) {
        for (int i = 0; i < N; ++i) k.carry[i].sums = sums[i];
        return;
    }
    for (int i = 0; i < N; ++i) out[i][r] = _mm512_reduce_add_ps(sums[i]);
}

enum class KQuant { q6_k, iq4_xs };

template <KQuant kType, int N>
void tile(const MatmulTask& m, int r, const PreparedToken* tokens, float* const* out,
          const Stretch& k) {
    if constexpr (kType == KQuant::q6_k)
        q6_k_tile<N>(m, r, tokens, out, k);
    else
        iq4_xs_tile<N>(m, r, tokens, out, k);
}

// tile for every number of tokens a tile holds: entry n − 1 takes n tokens, so that a tile of
// fewer than 8 (3 candidates of a rewrite) unpacks each weight super-block once.
using TileKernel = void (*)(const MatmulTask&, int, const PreparedToken*, float* const*,
                            const Stretch&);
template <KQuant kType, int... kCounts>
constexpr std::array<TileKernel, sizeof...(kCounts)> tile_kernels(
    std::integer_sequence<int, kCounts...>) {
    return {&tile<kType, kCounts + 1>...};
}

// Any number of tokens: rows in groups that stay in L2 (~256 KiB) while tiles of up to 8
// tokens, prepared once per group, pass over them.
// A K past kMaxK goes in stretches, the group's sums carried between them (a group then has
// at most kMaxCarriedRows rows: its rows are at least 32 super-blocks long).
constexpr int kTileTokens = 8;
constexpr int kMaxCarriedRows = 64;
template <KQuant kType>
void matmul_rows(const MatmulTask& m, int row_begin, int row_end) {
    static constexpr auto kKernels =
        tile_kernels<kType>(std::make_integer_sequence<int, kTileTokens>{});
    alignas(64) PreparedPair pairs[kTileTokens][kMaxK / 64];
    PreparedToken tokens[kTileTokens];
    for (int i = 0; i < kTileTokens; ++i) tokens[i] = {pairs[i]};
    float* out[kTileTokens];
    const int supers = m.K / 256, stretch = kMaxK / 256;
    const int group = std::min(std::max(1, int((256 * 1024) / m.row_bytes)),
                               supers > stretch ? kMaxCarriedRows : INT32_MAX);
    alignas(64) Carry carried[kMaxCarriedRows * kTileTokens];
    for (int g0 = row_begin; g0 < row_end; g0 += group) {
        const int g1 = std::min(g0 + group, row_end);
        for (int t0 = 0; t0 < m.T; t0 += kTileTokens) {
            const int n = std::min(kTileTokens, m.T - t0);
            const TileKernel kernel = kKernels[std::size_t(n - 1)];
            for (int i = 0; i < n; ++i) out[i] = m.out + std::size_t(t0 + i) * m.out_stride;
            for (int first = 0; first < supers; first += stretch) {
                const int end = std::min(first + stretch, supers);
                for (int i = 0; i < n; ++i)
                    prepare_token(m, t0 + i, 256 * first, 256 * end, tokens[i]);
                for (int r = g0; r < g1; ++r) {
                    Carry* carry =
                        carried + std::size_t(supers > stretch ? r - g0 : 0) * kTileTokens;
                    kernel(m, r, tokens, out, Stretch{first, end, supers, carry});
                }
            }
        }
    }
}

}  // namespace

bool matmul_k_quants_avx512(const MatmulTask& m, int row_begin, int row_end) {
    if (m.K % 256 != 0) return false;
    if (m.type == DType::q6_k)
        matmul_rows<KQuant::q6_k>(m, row_begin, row_end);
    else if (m.type == DType::iq4_xs)
        matmul_rows<KQuant::iq4_xs>(m, row_begin, row_end);
    else
        return false;
    return true;
}

}  // namespace fantasma::engine::cpu

#else

namespace fantasma::engine::cpu {

bool matmul_k_quants_avx512(const MatmulTask&, int, int) {
    return false;
}

}  // namespace fantasma::engine::cpu

#endif
