// The AVX2 matmuls on Q5_K and Q6_K weights (llama.cpp's usual Q4_K_M and Q5_K_M files are
// made of these and Q4_K, which kernels_avx2_row_groups.cpp takes) on 8-bit activations, for any
// number of tokens; part of the avx2 table (kernels_avx2.cpp), compiled with the AVX2 flags
// alone. Q5_K's small integers are unsigned (0–31 with a min) and meet the signed activations in
// maddubs; Q6_K's 0–63 − 32 are signed and take the |w| · (x with w's sign) form. Per run of
// 32 values the pairs of products (int16) are summed with the run's integer scale by madd,
// converted to float and scaled by the activation block's scale; the super-block's d comes once
// per 256 values, and Q5_K's dmin·min_j·Σx through per-block activation sums prepared once per
// token.
#include "engine/cpu/kernels.hpp"

#if defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include "engine/cpu/avx2_intrinsics.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace fantasma::engine::cpu {
namespace {

// The per-block activation sums live on the stack: 4 tokens of up to this many values. A longer
// K (no Qwen3.5 matrix comes near) takes the float path.
constexpr int kMaxK = 65536;
constexpr int kTileTokens = 4;

// One token's activations as the kernels read them: its quants and block scales, and (Q4_K,
// Q5_K) scale · Σ quants of each block of 32.
struct Token {
    const std::int8_t* x;
    const float* scales;
    float* block_sums;
};

void prepare_block_sums(Token& token, int K) {
    for (int b = 0; b < K / 32; ++b)
        token.block_sums[b] = token.scales[b] * float(block_quant_sum(token.x + 32 * b));
}

// The 8 scales (bytes 0–7) and 8 mins (bytes 8–15) of a Q4_K/Q5_K super-block from their 12
// bytes: j < 4 keep 6 bits of bytes j and j + 4; j ≥ 4 take 4 bits from byte j + 4 and the top
// 2 bits of bytes j − 4 (scale) and j (min). Four bytes at a time.
[[gnu::always_inline]] inline __m128i k4_scales_and_mins(const std::byte* packed) {
    std::uint32_t w[3];
    std::memcpy(w, packed, 12);
    const std::uint32_t low6 = 0x3f3f3f3f, low4 = 0x0f0f0f0f, low2 = 0x03030303;
    const std::uint32_t scales_high = (w[2] & low4) | (((w[0] >> 6) & low2) << 4);
    const std::uint32_t mins_high = ((w[2] >> 4) & low4) | (((w[1] >> 6) & low2) << 4);
    return _mm_setr_epi32(int(w[0] & low6), int(scales_high), int(w[1] & low6), int(mins_high));
}

// Σ over 32 values of weight · x, times the run's integer scale(s) (int16 lanes: lanes 0–7 of
// the pairs cover values 0–15, lanes 8–15 values 16–31), as 8 float lanes times the
// activation block's scale, added to `sum`. `weights` unsigned (≤ 63: pairs of products stay
// within int16).
[[gnu::always_inline]] inline __m256 add_run(__m256 sum, __m256i weights, __m256i scales16,
                                             const std::int8_t* x, float x_scale) {
    const __m256i xs = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x));
    const __m256i pairs = _mm256_maddubs_epi16(weights, xs);
    const __m256 products = _mm256_cvtepi32_ps(_mm256_madd_epi16(pairs, scales16));
    return _mm256_fmadd_ps(products, _mm256_set1_ps(x_scale), sum);
}

// Q5_K: value = d·scale_j·q − dmin·min_j, q unsigned 5-bit, 32 values per j: Σ w·x =
// d·Σ_j scale_j·Σ q·x − dmin·Σ_j min_j·Σ x. The 32 bytes of each 64 values hold the low 4 bits
// of the first 32 in their low nibbles and of the next 32 in their high nibbles; the fifth bit
// is in qh[32], bit j for the values of run j. Super-block s of a row against N tokens, each
// run unpacked once for all of them; added to totals[i].
template <int N>
[[gnu::always_inline]] inline void q5_k_super_block(const std::byte* super, int s,
                                                    const Token* tokens, __m256* totals) {
    const __m256i mask = _mm256_set1_epi8(15), one = _mm256_set1_epi8(1);
    const __m128i packed = k4_scales_and_mins(super + 4);
    // Both 128-bit lanes hold the 8 scales as int16; a byte shuffle spreads scale j.
    const __m256i scales16 = _mm256_broadcastsi128_si256(_mm_cvtepu8_epi16(packed));
    const __m256 mins =
        _mm256_mul_ps(_mm256_set1_ps(half_at(super + 2)),
                      _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_srli_si128(packed, 8))));
    const std::byte* q = super + 48;
    const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(super + 16));
    __m256 locals[N];
    for (int i = 0; i < N; ++i) locals[i] = _mm256_setzero_ps();
        // Unrolled, so that the sums stay in registers and the scales' shuffle masks are constants
        // (GCC 12 at -O2 kept the sums in memory: a store and reload per run).
#pragma GCC unroll 4
    for (int g = 0; g < 4; ++g, q += 32) {
        const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
        __m256i runs[2] = {_mm256_and_si256(bytes, mask),
                           _mm256_and_si256(_mm256_srli_epi16(bytes, 4), mask)};
#pragma GCC unroll 2
        for (int h = 0; h < 2; ++h) {
            const int j = 2 * g + h;
            // bit j of each qh byte, moved to bit 4 (epi16 shifts: the mask keeps each byte's
            // own bit)
            runs[h] = _mm256_or_si256(
                runs[h], _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, j), one), 4));
            const __m256i scale_j =
                _mm256_shuffle_epi8(scales16, _mm256_set1_epi16(short(0x0100 + 0x0202 * j)));
#pragma GCC unroll 4
            for (int i = 0; i < N; ++i)
                locals[i] = add_run(locals[i], runs[h], scale_j, tokens[i].x + 256 * s + 32 * j,
                                    tokens[i].scales[8 * s + j]);
        }
    }
    const __m256 d = _mm256_set1_ps(half_at(super));
    for (int i = 0; i < N; ++i) {
        totals[i] = _mm256_fmadd_ps(locals[i], d, totals[i]);
        totals[i] =
            _mm256_fnmadd_ps(mins, _mm256_loadu_ps(tokens[i].block_sums + 8 * s), totals[i]);
    }
}

// Q6_K: super-blocks of 256 values in two halves of 128; value v of a half is 4 low bits (ql)
// and 2 high bits (qh) minus 32, times d and the signed scale of its 16 values. The four
// 32-value runs of a half come out in order from the bit fields, so the activations stay in
// their order. The signed weights meet the activations as |w| · (x with w's sign).
template <int N>
[[gnu::always_inline]] inline void q6_k_super_block(const std::byte* super, int s,
                                                    const Token* tokens, __m256* totals) {
    const __m256i thirty_two = _mm256_set1_epi8(32);
    // The int16 pair (scale 2k, scale 2k + 1) of a run, spread: the first over lanes 0–7, the
    // second over lanes 8–15.
    const __m256i spread = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1,  //
                                            2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3);
    const __m256i scales16 =
        _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(super + 192)));
    __m256 locals[N];
    for (int i = 0; i < N; ++i) locals[i] = _mm256_setzero_ps();
        // Unrolled, as Q4_K's loops.
#pragma GCC unroll 2
    for (int half = 0; half < 2; ++half) {
        __m256i runs[4];
        q6_k_half_values(super + 64 * half, super + 128 + 32 * half, runs);
#pragma GCC unroll 4
        for (int k = 0; k < 4; ++k) {
            const int run = 4 * half + k;  // of the super-block's 8
            const __m256i w = _mm256_sub_epi8(runs[k], thirty_two);
            const __m256i w_abs = _mm256_abs_epi8(w);
            const __m256i scale_pair = _mm256_shuffle_epi8(
                _mm256_permutevar8x32_epi32(scales16, _mm256_set1_epi32(run)), spread);
#pragma GCC unroll 4
            for (int i = 0; i < N; ++i) {
                const std::int8_t* x = tokens[i].x + 256 * s + 32 * run;
                const __m256i xs =
                    _mm256_sign_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(x)), w);
                const __m256i pairs = _mm256_maddubs_epi16(w_abs, xs);
                const __m256 products = _mm256_cvtepi32_ps(_mm256_madd_epi16(pairs, scale_pair));
                locals[i] = _mm256_fmadd_ps(products, _mm256_set1_ps(tokens[i].scales[8 * s + run]),
                                            locals[i]);
            }
        }
    }
    const __m256 d = _mm256_set1_ps(half_at(super + 208));
    for (int i = 0; i < N; ++i) totals[i] = _mm256_fmadd_ps(locals[i], d, totals[i]);
}

enum class KQuant { q5_k, q6_k };

// Rows rows[0..R) against N tokens, sums to out[i][rows[k]]. R > 1 for one token: that many
// rows from different stretches of the range side by side, that many memory streams in flight.
// Each row and token gets the same operations in the same order whatever R and N are, so a
// token's results do not depend on the other tokens of the call.
template <KQuant kType, int R, int N>
void tile(const MatmulTask& m, const int* rows, const Token* tokens, float* const* out) {
    constexpr int kSuperBytes = kType == KQuant::q6_k ? 210 : 176;
    const std::byte* supers[R];
    __m256 totals[R][N];
    for (int k = 0; k < R; ++k) {
        supers[k] = m.weight + std::size_t(rows[k]) * m.row_bytes;
        for (int i = 0; i < N; ++i) totals[k][i] = _mm256_setzero_ps();
    }
    for (int s = 0; s < m.K / 256; ++s) {
#pragma GCC unroll 4
        for (int k = 0; k < R; ++k) {
            const std::byte* super = supers[k] + std::size_t(s) * kSuperBytes;
            // 4 KiB ahead: the hardware prefetcher stops at the mapped file's page boundaries.
            for (int line = 0; line < (kSuperBytes + 63) / 64; ++line)
                _mm_prefetch(reinterpret_cast<const char*>(super) + 4096 + 64 * line, _MM_HINT_T0);
            if constexpr (kType == KQuant::q6_k)
                q6_k_super_block<N>(super, s, tokens, totals[k]);
            else
                q5_k_super_block<N>(super, s, tokens, totals[k]);
        }
    }
    for (int k = 0; k < R; ++k)
        for (int i = 0; i < N; ++i) out[i][rows[k]] = horizontal_sum(totals[k][i]);
}

// Rows in groups that stay in L2 (~256 KiB) while tiles of up to 4 tokens, prepared once per
// group, pass over them (a last tile of fewer in runs of 2, 1).
template <KQuant kType>
void matmul_rows(const MatmulTask& m, int row_begin, int row_end) {
    float block_sums[kTileTokens][kMaxK / 32];
    Token tokens[kTileTokens];
    float* out[kTileTokens];
    const int group = std::max(1, int((256 * 1024) / m.row_bytes));
    for (int g0 = row_begin; g0 < row_end; g0 += group) {
        const int g1 = std::min(g0 + group, row_end);
        for (int t0 = 0; t0 < m.T; t0 += kTileTokens) {
            const int n = std::min(kTileTokens, m.T - t0);
            for (int i = 0; i < n; ++i) {
                const int t = t0 + i;
                tokens[i] = {m.x_quants + std::size_t(t) * m.K,
                             m.x_scales + std::size_t(t) * (m.K / 32), block_sums[i]};
                if constexpr (kType != KQuant::q6_k) prepare_block_sums(tokens[i], m.K);
                out[i] = m.out + std::size_t(t) * m.out_stride;
            }
            if (m.T == 1) {  // four rows from four stretches of the group side by side
                const int stretch = (g1 - g0) / 4;
                for (int r = g0; r < g0 + stretch; ++r) {
                    const int rows[4] = {r, r + stretch, r + 2 * stretch, r + 3 * stretch};
                    tile<kType, 4, 1>(m, rows, tokens, out);
                }
                for (int r = g0 + 4 * stretch; r < g1; ++r) tile<kType, 1, 1>(m, &r, tokens, out);
                continue;
            }
            for (int r = g0; r < g1; ++r) {
                int i = 0;
                if (n == 4) tile<kType, 1, 4>(m, &r, tokens, out), i = 4;
                if (n - i >= 2) tile<kType, 1, 2>(m, &r, tokens + i, out + i), i += 2;
                if (n - i >= 1) tile<kType, 1, 1>(m, &r, tokens + i, out + i);
            }
        }
    }
}

}  // namespace

bool matmul_k_quants_avx2(const MatmulTask& m, int row_begin, int row_end) {
    if (m.K % 256 != 0 || m.K > kMaxK) return false;
    if (m.type == DType::q5_k)
        matmul_rows<KQuant::q5_k>(m, row_begin, row_end);
    else if (m.type == DType::q6_k)
        matmul_rows<KQuant::q6_k>(m, row_begin, row_end);
    else
        return false;
    return true;
}

}  // namespace fantasma::engine::cpu

#else

namespace fantasma::engine::cpu {

bool matmul_k_quants_avx2(const MatmulTask&, int, int) {
    return false;
}

}  // namespace fantasma::engine::cpu

#endif
