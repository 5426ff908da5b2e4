#pragma once

// The inner loops of the fast CPU backend, as a table of functions: one table in portable C++
// (kernels_scalar.cpp), one with AVX2/FMA/F16C intrinsics (kernels_avx2.cpp, compiled with
// those flags alone), chosen at run time. The backend does the threading: each function works
// on the range it is given.

#include "engine/tensor_data.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace fantasma::engine::cpu {

constexpr int kQ8Block = 32;  // activations are quantized in blocks of 32, as Q8_0
// ... or of 256, one K-quant super-block, for the matmuls Kernels::activation_block names.
constexpr int kQ8SuperBlock = 256;
// The rows a table may pack together (Kernels::pack_weights): the backend splits a matmul's
// rows among its threads at multiples of it.
constexpr int kRowGroup = 8;

// One matmul, out[T, N] = x[T, K] · Wᵀ, W [N, K] stored in `type` blocks, row after row.
// Q8_0 and Q4_0 weights (and Q4_K, Q5_K, Q6_K in the AVX2 and AVX-512 tables, IQ4_XS in both,
// Q5_0 and IQ4_NL in the AVX2 one: Kernels::quantizes_activations) read the activations quantized
// when x_quants is set (x_quants, x_scales: per row K int8 values and a scale per block of
// Kernels::activation_block(type) values, x ≈ scale · quant); otherwise, and for every other
// type, the kernels read the float rows.
struct MatmulTask {
    DType type = DType::f32;
    const std::byte* weight = nullptr;
    std::size_t row_bytes = 0;
    int K = 0;
    int T = 0;
    const float* x = nullptr;  // [T, x_stride]
    int x_stride = 0;
    const std::int8_t* x_quants = nullptr;  // [T, K], as the table's quantize_row_q8 wrote them
    const float* x_scales = nullptr;        // [T, K / activation_block]
    float* out = nullptr;                   // [T, out_stride]
    int out_stride = 0;
    // The weights as the table's pack_weights laid them out, or nullptr (then only `weight`).
    const std::byte* packed = nullptr;
};

// Asks for the cache lines of n floats that start `ahead` floats past p: what a kernel reads
// soon where the hardware prefetcher, which stops at page boundaries, does not follow (rows far
// apart, the next head's state). The address may lie past p's allocation: it is summed on
// integers, so no out-of-range pointer is formed, and a prefetch never faults.
inline void prefetch_floats(const float* p, std::size_t ahead, std::size_t n) {
    const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(p) + ahead * sizeof(float);
    for (std::size_t line = 0; line < n * sizeof(float); line += 64)
        __builtin_prefetch(reinterpret_cast<const void*>(first + line));
}

struct Kernels {
    const char* name;
    // x[K] (K a multiple of 32) to Q8_0-style blocks: scale = max|x| / 127, quant = round(x /
    // scale), stored as this table's matmul reads it (signed, or unsigned with +128 in the
    // AVX-512 VNNI table).
    void (*quantize_row_q8)(const float* x, int K, std::int8_t* quants, float* scales);
    // Output columns [row_begin, row_end) of the task, for all T rows.
    void (*matmul)(const MatmulTask& task, int row_begin, int row_end);
    float (*dot)(const float* a, const float* b, int n);
    // out[i] = Σ_p weights[p]·rows[p·stride + i] for i < n, over p = 0 … count − 1 in order
    // (attention's probabilities times the cached values).
    void (*weighted_sum)(float* out, const float* weights, const float* rows, std::size_t stride,
                         int count, int n);
    // One token of the gated delta rule for one head (ops.hpp's delta_rule_forward):
    // S [Dk, Dv] ← decay·S; δ = beta·(v − Sᵀk); S ← S + k δᵀ; out = q_scale · Sᵀq.
    // scratch: Dv floats.
    void (*delta_step)(float* S, const float* q, const float* k, const float* v, float decay,
                       float beta, float q_scale, int Dk, int Dv, float* out, float* scratch);
    // Elementwise gates over n values: out = SiLU(a)·b, i.e. a·sigmoid(a)·b (b == nullptr:
    // times 1; out may be a), and x ·= sigmoid(gate).
    void (*silu_times)(float* out, const float* a, const float* b, int n);
    void (*sigmoid_times)(float* x, const float* gate, int n);
    // The index of the first of values[0, n) greater than `bar` (a number), or n: what top-k
    // selection skips over once its list is full, most of a logits row.
    int (*first_greater)(const float* values, int n, float bar);
    // What quantize_row_q8 adds to each quant: 0 for signed bytes, 128 where the matmul wants
    // unsigned ones (the stored byte, read as unsigned, minus this is the quant).
    int quant_offset = 0;
    // Whether this table's matmul also takes Q4_K, Q5_K and Q6_K weights (and IQ4_XS) on 8-bit
    // activations (else it converts them to floats).
    bool k_quants_on_quantized_activations = false;
    // Whether it takes Q5_0, IQ4_NL and IQ4_XS (32-value blocks of signed weights and one
    // scale, as Q4_0) on 8-bit activations (the AVX2 table; the AVX-512 one stores its
    // activations +128 and has IQ4_XS among its K-quant kernels).
    bool symmetric_blocks_on_quantized_activations = false;
    // Weights this table's matmul reads in a layout of its own, made once when the model loads
    // (the AVX2 tables: Q4_0, Q8_0 and Q4_K in groups of 8 rows, kernels_avx2_row_groups.cpp): the
    // packed bytes of W [rows, K] stored in `type`, rows of `row_bytes`; empty where the table
    // reads `type` as stored. nullptr: none.
    std::vector<std::byte> (*pack_weights)(DType type, const std::byte* weight,
                                           std::size_t row_bytes, int rows, int K) = nullptr;
    // quantize_row_q8 with one scale per 256 values (K a multiple of 256; llama.cpp's Q8_K),
    // for Q4_K, Q5_K, Q6_K and IQ4_XS where k_quants_on_super_block_activations: a
    // super-block's 8 runs then share the activations' scale, so their products add up as
    // integers, each weighed by its scale in the madd, with one conversion and FMA per
    // super-block and token instead of float operations per run (the AVX2 tables; one
    // thread's Q4_K matmul ~1.2x faster).
    void (*quantize_row_q8_super)(const float* x, int K, std::int8_t* quants,
                                  float* scales) = nullptr;
    bool k_quants_on_super_block_activations = false;

    // The values per activation scale a matmul over `type` weights reads: 32, or 256.
    int activation_block(DType type) const {
        const bool k_quant = type == DType::q4_k || type == DType::q5_k || type == DType::q6_k ||
                             type == DType::iq4_xs;
        return k_quant && k_quants_on_super_block_activations ? kQ8SuperBlock : kQ8Block;
    }
    // What quantizes the activations of a matmul over `type` weights.
    auto activation_quantizer(DType type) const {
        return activation_block(type) == kQ8SuperBlock ? quantize_row_q8_super : quantize_row_q8;
    }

    // Whether a matmul over `type` weights reads the activations quantized (x_quants).
    bool quantizes_activations(DType type) const {
        return type == DType::q8_0 || type == DType::q4_0 ||
               ((type == DType::q4_k || type == DType::q5_k || type == DType::q6_k ||
                 type == DType::iq4_xs) &&
                k_quants_on_quantized_activations) ||
               ((type == DType::q5_0 || type == DType::iq4_nl || type == DType::iq4_xs) &&
                symmetric_blocks_on_quantized_activations);
    }
};

const Kernels& scalar_kernels();
// The AVX2/FMA/F16C table, or nullptr when this build or this processor lacks them.
const Kernels* avx2_kernels();
// The AVX2 table with AVX-VNNI's 256-bit vpdpbusd for its byte dot products (the same bits), or
// nullptr.
const Kernels* avx_vnni_kernels();
// The AVX-512 F/BW/VL/VNNI table (the AVX2 one with faster Q8_0/Q4_0 matmuls), or nullptr.
const Kernels* avx512_kernels();
// Every table this processor runs, slowest first: the last is the default.
std::vector<const Kernels*> available_kernels();
// The table called `name` ("scalar", "avx2", "avx-vnni", "avx512-vnni"), or the fastest for an
// empty name. Throws ModelError naming the tables there are when this processor cannot run it.
const Kernels& kernels_named(std::string_view name);

// Shared by every table: values [k0, k0 + n) of one weight row as float32. For block types
// k0 and n are whole blocks.
void dequantize_span(DType type, const std::byte* row, int k0, int n, float* out);

}  // namespace fantasma::engine::cpu
