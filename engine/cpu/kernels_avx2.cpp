// The AVX2/FMA/F16C kernels. These files (kernels_avx2*.cpp) alone are compiled with -mavx2
// -mfma -mf16c; nothing in them runs unless avx2_kernels() found those on the processor. This
// one and kernels_avx2_row_groups.cpp are compiled a second time with -mavxvnni for the
// avx-vnni table (avx2_intrinsics.hpp): the same kernels, their byte dot products one
// instruction. They define everything they use in an anonymous namespace (avx2_intrinsics.hpp's
// helpers too: no inline code shared with other files, which the linker could otherwise pick in
// its AVX2 form for a caller on a processor without it).
#include "engine/cpu/kernels.hpp"
#include "engine/quants.hpp"

#if defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include "engine/cpu/avx2_intrinsics.hpp"

#include <cstring>

namespace fantasma::engine::cpu {

void dequantize_q4_k_avx2(const std::byte* block, float* y);  // kernels_avx2_kquants.cpp
void dequantize_q5_k_avx2(const std::byte* block, float* y);
void dequantize_iq4_xs_avx2(const std::byte* block, float* y);
void silu_times_avx2(float* out, const float* a, const float* b, int n);  // …_elementwise.cpp
void sigmoid_times_avx2(float* x, const float* gate, int n);
void dequantize_q6_k_avx2(const std::byte* block, float* y);
// kernels_avx2_float_weights.cpp: F32, F16 and BF16 weights; false for other types.
bool matmul_float_weights_avx2(const MatmulTask& task, int row_begin, int row_end);

namespace FANTASMA_AVX2_FLAVOUR {

// kernels_avx2_row_groups.cpp, compiled for this table too: Q4_0, Q8_0, Q4_K, Q5_K, Q6_K and
// IQ4_XS in groups of 8 rows, packed at load.
std::vector<std::byte> pack_row_groups_avx2(DType type, const std::byte* weight,
                                            std::size_t row_bytes, int rows, int K);
bool matmul_row_groups_avx2(const MatmulTask& task, int row_begin, int row_end);

namespace {

int smaller(int a, int b) {
    return a < b ? a : b;
}

// x[K] in blocks of kValues (32 or 256), each with scale = max|x| / 127 and quants round(x /
// scale), 32 at a time.
template <int kValues>
void quantize_blocks(const float* x, int K, std::int8_t* quants, float* scales) {
    const __m256 sign_bit = _mm256_set1_ps(-0.0f);
    // packs interleaves the 128-bit lanes; this puts the 32 bytes back in order.
    const __m256i lane_order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    for (int b = 0; b < K / kValues; ++b, x += kValues, quants += kValues) {
        __m256 amax = _mm256_setzero_ps();
        for (int i = 0; i < kValues; i += 8)
            amax = _mm256_max_ps(amax, _mm256_andnot_ps(sign_bit, _mm256_loadu_ps(x + i)));
        __m128 m = _mm_max_ps(_mm256_castps256_ps128(amax), _mm256_extractf128_ps(amax, 1));
        m = _mm_max_ps(m, _mm_movehl_ps(m, m));
        m = _mm_max_ss(m, _mm_movehdup_ps(m));
        const float scale = _mm_cvtss_f32(m) / 127.0f;
        const __m256 inverse = _mm256_set1_ps(scale != 0.0f ? 1.0f / scale : 0.0f);
        scales[b] = scale;
        for (int j = 0; j < kValues; j += 32) {
            __m256i q[4];
            for (int i = 0; i < 4; ++i)
                q[i] = _mm256_cvtps_epi32(
                    _mm256_round_ps(_mm256_mul_ps(_mm256_loadu_ps(x + j + 8 * i), inverse),
                                    _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
            const __m256i low = _mm256_packs_epi32(q[0], q[1]);
            const __m256i high = _mm256_packs_epi32(q[2], q[3]);
            const __m256i bytes =
                _mm256_permutevar8x32_epi32(_mm256_packs_epi16(low, high), lane_order);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(quants + j), bytes);
        }
    }
}

void quantize_row_q8(const float* x, int K, std::int8_t* quants, float* scales) {
    quantize_blocks<kQ8Block>(x, K, quants, scales);
}

void quantize_row_q8_super(const float* x, int K, std::int8_t* quants, float* scales) {
    quantize_blocks<kQ8SuperBlock>(x, K, quants, scales);
}

// The 32-value blocks whose weights are signed bytes times one scale per block, as the tile
// below reads them (ggml-common.h layouts).
enum class Block { q5_0, iq4_nl };

// IQ4_NL's levels for 32 nibbles, by a byte shuffle in each 128-bit lane.
__m256i iq4_levels(__m256i nibble_bytes) {
    const __m128i table = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kIq4Values.data()));
    return _mm256_shuffle_epi8(_mm256_set_m128i(table, table), nibble_bytes);
}

// Block b of a row: its 32 weights as signed bytes, and its scale.
template <Block kKind>
__m256i block_weights(const std::byte* row, int b, float& scale) {
    if constexpr (kKind == Block::q5_0) {
        const std::byte* block = row + 22 * std::size_t(b);
        scale = half_at(block);
        std::uint32_t qh;
        std::memcpy(&qh, block + 2, 4);
        // Byte j takes bit j of qh: each byte gets qh's byte j / 8, then its own bit, as 16.
        const __m256i spread = _mm256_shuffle_epi8(
            _mm256_set1_epi32(int(qh)),
            _mm256_setr_epi64x(0, 0x0101010101010101, 0x0202020202020202, 0x0303030303030303));
        const __m256i bit = _mm256_set1_epi64x(std::int64_t(0x8040201008040201));
        const __m256i fifth = _mm256_and_si256(
            _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit), _mm256_set1_epi8(16));
        return _mm256_sub_epi8(_mm256_or_si256(nibbles(block + 6), fifth), _mm256_set1_epi8(16));
    } else {
        const std::byte* block = row + 18 * std::size_t(b);
        scale = half_at(block);
        return iq4_levels(nibbles(block + 2));
    }
}

// Weight row r against activation rows [t0, t0 + N): each block is loaded and unpacked once
// for the N rows. Signed × signed bytes as |w| · (x with w's sign), which add_byte_dots takes
// (|w| ≤ 128).
template <Block kKind, int N>
void quantized_tile(const MatmulTask& m, int r, int t0) {
    const int blocks = m.K / kQ8Block;
    const std::byte* row = m.weight + std::size_t(r) * m.row_bytes;
    const std::int8_t* x = m.x_quants + std::size_t(t0) * m.K;
    const float* x_scales = m.x_scales + std::size_t(t0) * blocks;
    __m256 sums[N];
    for (int i = 0; i < N; ++i) sums[i] = _mm256_setzero_ps();
    const std::size_t block_bytes = m.row_bytes / std::size_t(blocks);
    for (int b = 0; b < blocks; ++b) {
        // 4 KiB ahead: decode streams the weights once from 4 KiB pages of the mapped file, and
        // the hardware prefetcher stops at page boundaries (measured: −30% CPU time per token).
        _mm_prefetch(reinterpret_cast<const char*>(row) + std::size_t(b) * block_bytes + 4096,
                     _MM_HINT_T0);
        float w_scale;
        const __m256i w = block_weights<kKind>(row, b, w_scale);
        const __m256i w_abs = _mm256_abs_epi8(w);
        // Unrolled, so that the sums stay in registers (GCC 12 at -O2 kept them in memory: a
        // store and reload per token and block).
#pragma GCC unroll 8
        for (int i = 0; i < N; ++i) {
            const __m256i xi = _mm256_loadu_si256(
                reinterpret_cast<const __m256i*>(x + std::size_t(i) * m.K + b * kQ8Block));
            const __m256 total = _mm256_cvtepi32_ps(
                add_byte_dots(_mm256_setzero_si256(), w_abs, _mm256_sign_epi8(xi, w)));
            const __m256 scale = _mm256_set1_ps(w_scale * x_scales[std::size_t(i) * blocks + b]);
            sums[i] = _mm256_fmadd_ps(total, scale, sums[i]);
        }
    }
    for (int i = 0; i < N; ++i)
        m.out[std::size_t(t0 + i) * m.out_stride + r] = horizontal_sum(sums[i]);
}

// Rows in groups that fit in L1 together with a tile of activation rows, so that across the
// tiles of a batch each weight byte comes from memory once. Tiles of 8 rows, the rest in 4, 2, 1.
template <Block kKind>
void matmul_quantized(const MatmulTask& m, int row_begin, int row_end) {
    const int group = int(16384 / m.row_bytes) > 1 ? int(16384 / m.row_bytes) : 1;
    for (int g0 = row_begin; g0 < row_end; g0 += group) {
        const int g1 = smaller(g0 + group, row_end);
        int t = 0;
        for (; t + 8 <= m.T; t += 8)
            for (int r = g0; r < g1; ++r) quantized_tile<kKind, 8>(m, r, t);
        if (t + 4 <= m.T) {
            for (int r = g0; r < g1; ++r) quantized_tile<kKind, 4>(m, r, t);
            t += 4;
        }
        if (t + 2 <= m.T) {
            for (int r = g0; r < g1; ++r) quantized_tile<kKind, 2>(m, r, t);
            t += 2;
        }
        if (t < m.T)
            for (int r = g0; r < g1; ++r) quantized_tile<kKind, 1>(m, r, t);
    }
}

// Four chains of FMAs: with two, a 256-long dot (a head's query against a key) waited on the
// FMA's latency, not on its loads.
float dot(const float* a, const float* b, int n) {
    __m256 sum[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(),
                     _mm256_setzero_ps()};
    int i = 0;
    for (; i + 32 <= n; i += 32)
#pragma GCC unroll 4
        for (int u = 0; u < 4; ++u)
            sum[u] = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 8 * u), _mm256_loadu_ps(b + i + 8 * u),
                                     sum[u]);
    for (; i + 8 <= n; i += 8)
        sum[0] = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), sum[0]);
    float total =
        horizontal_sum(_mm256_add_ps(_mm256_add_ps(sum[0], sum[1]), _mm256_add_ps(sum[2], sum[3])));
    for (; i < n; ++i) total += a[i] * b[i];
    return total;
}

// kVectors · 8 columns of weighted_sum, summed in registers over all rows: each sum stays in a
// register through the rows, where adding one row at a time (an axpy per position) loaded and
// stored the whole output for every row. Each value's sum is the same chain of FMAs, in row
// order, either way.
template <int kVectors>
void weighted_columns(float* out, const float* weights, const float* rows, std::size_t stride,
                      int count) {
    // Rows lie `stride` apart (a KV head's positions: 2 KiB on the 0.8B shape).
    constexpr std::size_t kRowsAhead = 4, kColumns = 8 * kVectors;
    __m256 sums[kVectors];
    for (int u = 0; u < kVectors; ++u) sums[u] = _mm256_setzero_ps();
    for (int p = 0; p < count; ++p) {
        const float* row = rows + std::size_t(p) * stride;
        prefetch_floats(row, kRowsAhead * stride, kColumns);
        const __m256 weight = _mm256_set1_ps(weights[p]);
#pragma GCC unroll 8
        for (int u = 0; u < kVectors; ++u)
            sums[u] = _mm256_fmadd_ps(weight, _mm256_loadu_ps(row + 8 * u), sums[u]);
    }
    for (int u = 0; u < kVectors; ++u) _mm256_storeu_ps(out + 8 * u, sums[u]);
}

// Columns in runs of 64, then of 8, then one at a time.
void weighted_sum(float* out, const float* weights, const float* rows, std::size_t stride,
                  int count, int n) {
    int i = 0;
    for (; i + 64 <= n; i += 64) weighted_columns<8>(out + i, weights, rows + i, stride, count);
    for (; i + 8 <= n; i += 8) weighted_columns<1>(out + i, weights, rows + i, stride, count);
    for (; i < n; ++i) {
        float sum = 0.0f;
        for (int p = 0; p < count; ++p) sum += weights[p] * rows[std::size_t(p) * stride + i];
        out[i] = sum;
    }
}

// Eight values per compare (an ordered one: a NaN is not greater), a branch per 32.
int first_greater(const float* values, int n, float bar) {
    const __m256 limit = _mm256_set1_ps(bar);
    const auto greater = [&](int i) {
        return unsigned(
            _mm256_movemask_ps(_mm256_cmp_ps(_mm256_loadu_ps(values + i), limit, _CMP_GT_OQ)));
    };
    int i = 0;
    for (; i + 32 <= n; i += 32)
        if ((greater(i) | greater(i + 8) | greater(i + 16) | greater(i + 24)) != 0) break;
    for (; i + 8 <= n; i += 8)
        if (const unsigned mask = greater(i); mask != 0) return i + __builtin_ctz(mask);
    while (i < n && !(values[i] > bar)) ++i;
    return i;
}

// The AVX2 dequantizer of a 256-value block type, or none.
using SuperBlockDequantizer = void (*)(const std::byte*, float*);
SuperBlockDequantizer super_block_dequantizer(DType type) {
    switch (type) {
        case DType::q4_k:
            return dequantize_q4_k_avx2;
        case DType::q6_k:
            return dequantize_q6_k_avx2;
        case DType::q5_k:
            return dequantize_q5_k_avx2;
        case DType::iq4_xs:
            return dequantize_iq4_xs_avx2;
        default:
            return nullptr;
    }
}

// Block-type weights as floats, n values from k0 of a row: Q4_K, Q6_K, Q5_K and IQ4_XS
// super-blocks by kernels_avx2_kquants.cpp, other types through the shared dequantizer (F32,
// F16 and BF16 weights have kernels_avx2_float_weights.cpp).
const float* float_span(const MatmulTask& m, const std::byte* row, int k0, int n, float* buffer) {
    int i = 0;
    if (const auto super_block = super_block_dequantizer(m.type); super_block && k0 % 256 == 0) {
        const std::size_t block_bytes = std::size_t(block_format(m.type).bytes);
        for (; i + 256 <= n; i += 256)
            super_block(row + std::size_t((k0 + i) / 256) * block_bytes, buffer + i);
    }
    if (i < n) dequantize_span(m.type, row, k0 + i, n - i, buffer + i);
    return buffer;
}

void matmul_float(const MatmulTask& m, int row_begin, int row_end) {
    constexpr int kChunk = 256, kTile = 16;
    alignas(32) float buffer[kChunk];
    for (int r = row_begin; r < row_end; ++r) {
        const std::byte* row = m.weight + std::size_t(r) * m.row_bytes;
        for (int t0 = 0; t0 < m.T; t0 += kTile) {
            const int tile = smaller(kTile, m.T - t0);
            float sums[kTile] = {};
            for (int k0 = 0; k0 < m.K; k0 += kChunk) {
                const int n = smaller(kChunk, m.K - k0);
                const float* w = float_span(m, row, k0, n, buffer);
                for (int t = 0; t < tile; ++t)
                    sums[t] += dot(w, m.x + std::size_t(t0 + t) * m.x_stride + k0, n);
            }
            for (int t = 0; t < tile; ++t) m.out[std::size_t(t0 + t) * m.out_stride + r] = sums[t];
        }
    }
}

void matmul(const MatmulTask& m, int row_begin, int row_end) {
    // Q4_0, Q8_0, Q4_K, Q5_K, Q6_K and IQ4_XS matrices were packed when the model loaded.
    if (matmul_row_groups_avx2(m, row_begin, row_end)) return;
    if (m.x_quants != nullptr) {
        switch (m.type) {
            case DType::q5_0:
                return matmul_quantized<Block::q5_0>(m, row_begin, row_end);
            case DType::iq4_nl:
                return matmul_quantized<Block::iq4_nl>(m, row_begin, row_end);
            default:
                break;
        }
    }
    if (matmul_float_weights_avx2(m, row_begin, row_end)) return;
    matmul_float(m, row_begin, row_end);
}

// One token of the gated delta rule for one head, reading the state twice instead of four
// times (as the AVX-512 table does): with a = Sᵀk and c = Sᵀq of the state before this token
// (one pass that only reads, the sums in registers),
//   Sᵀk after the decay = decay·a,  δ = beta·(v − decay·a),
//   out = q_scale·(decay·c + (k·q)·δ)   (the new state is decay·S + k δᵀ),
// then a second pass writes decay·S + k δᵀ. Columns in blocks of 32 (4 registers per sum; a
// block's 128-byte strip of every row stays in L1 between the passes), the last columns of a
// Dv that is no multiple of 32 one at a time.
void delta_step(float* S, const float* q, const float* k, const float* v, float decay, float beta,
                float q_scale, int Dk, int Dv, float* out, float*) {
    constexpr int kLanes = 8, kVectors = 4, kBlock = kLanes * kVectors;
    float kq = 0.0f;
    for (int i = 0; i < Dk; ++i) kq += k[i] * q[i];
    const __m256 vdecay = _mm256_set1_ps(decay), vbeta = _mm256_set1_ps(beta);
    const __m256 vkq = _mm256_set1_ps(kq), vq_scale = _mm256_set1_ps(q_scale);
    int j0 = 0;
    for (; j0 + kBlock <= Dv; j0 += kBlock) {
        __m256 a[kVectors], c[kVectors];
        for (int u = 0; u < kVectors; ++u) a[u] = c[u] = _mm256_setzero_ps();
        // The strip read next (the next block's, after the last block the next head's first,
        // which follows this head's state; past the last head a prefetch touches nothing): the
        // rows lie Dv floats apart, a stride the hardware prefetcher follows badly, and a batch
        // of candidates' states come from memory.
        const std::size_t next = j0 + 2 * kBlock <= Dv ? kBlock : std::size_t(Dk) * Dv - j0;
        for (int i = 0; i < Dk; ++i) {
            const float* s = S + std::size_t(i) * Dv + j0;
            prefetch_floats(s, next, kBlock);
            const __m256 ki = _mm256_set1_ps(k[i]), qi = _mm256_set1_ps(q[i]);
#pragma GCC unroll 4
            for (int u = 0; u < kVectors; ++u) {
                const __m256 su = _mm256_loadu_ps(s + u * kLanes);
                a[u] = _mm256_fmadd_ps(su, ki, a[u]);
                c[u] = _mm256_fmadd_ps(su, qi, c[u]);
            }
        }
        __m256 delta[kVectors];
        for (int u = 0; u < kVectors; ++u) {
            const int j = j0 + u * kLanes;
            delta[u] = _mm256_mul_ps(vbeta, _mm256_fnmadd_ps(vdecay, a[u], _mm256_loadu_ps(v + j)));
            const __m256 o = _mm256_fmadd_ps(vkq, delta[u], _mm256_mul_ps(vdecay, c[u]));
            _mm256_storeu_ps(out + j, _mm256_mul_ps(vq_scale, o));
        }
        for (int i = 0; i < Dk; ++i) {
            float* s = S + std::size_t(i) * Dv + j0;
            const __m256 ki = _mm256_set1_ps(k[i]);
#pragma GCC unroll 4
            for (int u = 0; u < kVectors; ++u)
                _mm256_storeu_ps(
                    s + u * kLanes,
                    _mm256_fmadd_ps(ki, delta[u],
                                    _mm256_mul_ps(_mm256_loadu_ps(s + u * kLanes), vdecay)));
        }
    }
    for (int j = j0; j < Dv; ++j) {
        float a = 0.0f, c = 0.0f;
        for (int i = 0; i < Dk; ++i) {
            a += S[std::size_t(i) * Dv + j] * k[i];
            c += S[std::size_t(i) * Dv + j] * q[i];
        }
        const float delta = beta * (v[j] - decay * a);
        out[j] = q_scale * (decay * c + kq * delta);
        for (int i = 0; i < Dk; ++i) {
            float& s = S[std::size_t(i) * Dv + j];
            s = s * decay + k[i] * delta;
        }
    }
}

constexpr Kernels kAvx2{FANTASMA_AVX2_TABLE_NAME,
                        quantize_row_q8,
                        matmul,
                        dot,
                        weighted_sum,
                        delta_step,
                        silu_times_avx2,
                        sigmoid_times_avx2,
                        first_greater,
                        /*quant_offset=*/0,
                        /*k_quants_on_quantized_activations=*/true,
                        /*symmetric_blocks_on_quantized_activations=*/true,
                        pack_row_groups_avx2,
                        quantize_row_q8_super,
                        /*k_quants_on_super_block_activations=*/true};

}  // namespace

const Kernels* kernel_table() {
    return &kAvx2;
}

}  // namespace FANTASMA_AVX2_FLAVOUR
}  // namespace fantasma::engine::cpu

#else

namespace fantasma::engine::cpu::avx2 {

const Kernels* kernel_table() {
    return nullptr;
}

}  // namespace fantasma::engine::cpu::avx2

#endif
