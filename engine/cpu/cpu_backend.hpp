#pragma once

#include "engine/backend.hpp"
#include "engine/cpu/kernels.hpp"
#include "engine/cpu/thread_pool.hpp"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace fantasma::engine::cpu {

struct CpuOptions {
    int threads = 0;  // 0: one per hardware thread
    // The kernel table (kernels.hpp): empty for the fastest this processor runs, or one by
    // name ("scalar", "avx2", "avx-vnni", "avx512-vnni") for tests and benchmarks.
    std::string kernels = "";
    // Q8_0/Q4_0 matmuls on float activations instead of 8-bit ones: slower, but without the
    // activation rounding (for checking against float references).
    bool float_activations = false;
};

// The fast CPU backend: weights used in place in their stored format (Q8_0, Q4_0, Q4_K, Q6_K,
// F16, BF16; F32 and vectors copied), activations quantized to 8 bits for Q8_0/Q4_0 matmuls,
// AVX2, AVX-VNNI or AVX-512 VNNI kernels when the processor has them, a thread pool of its own.
// Scratch grows to the largest call once; nothing is allocated per token after the first.
class CpuBackend : public Backend {
  public:
    explicit CpuBackend(CpuOptions options = {});

    std::string name() const override;
    int threads() const { return pool_.size(); }
    const Kernels& kernels() const { return kernels_; }

    Weight prepare_weight(const TensorData& tensor, int rows, int cols) override;
    Tensor allocate(int rows, int cols) override;
    void write(Tensor dst, std::span<const float> values) override;
    void read(std::span<float> values, Tensor src) override;
    void copy(Tensor dst, Tensor src) override;
    void fill_zero(Tensor dst) override;

    void embedding(Tensor out, const Weight& table, std::span<const std::int32_t> tokens) override;
    void matmul(Tensor out, Tensor in, const Weight& weight) override;
    void matmuls(Tensor in, std::span<const Projection> projections) override;
    void rms_norm(Tensor out, Tensor in, const Weight& weight, float eps) override;
    void gated_rms_norm(Tensor out, Tensor in, Tensor gate, const Weight& weight,
                        float eps) override;
    void l2_norm(Tensor x, int head_dim, float eps) override;
    void swiglu(Tensor out, Tensor gate, Tensor up) override;
    void sigmoid_gate(Tensor x, Tensor gate) override;
    void add(Tensor x, Tensor y) override;
    void rope(Tensor x, int heads, int rotary_dim, double theta, int position0) override;
    void attention(Tensor out, Tensor q, Tensor k_cache, Tensor v_cache, int heads, int kv_heads,
                   int position0) override;
    void causal_conv_silu(Tensor out, Tensor in, Tensor state, const Weight& weight) override;
    void delta_gates(Tensor g, Tensor beta, Tensor a, Tensor b, const Weight& A,
                     const Weight& dt_bias) override;
    void delta_rule(Tensor out, Tensor state, Tensor q, Tensor k, Tensor v, Tensor g, Tensor beta,
                    const DeltaShape& shape) override;
    void causal_conv_silus(std::span<const ConvCall> calls, const Weight& weight) override;
    void delta_rules(std::span<const DeltaRuleCall> calls, const DeltaShape& shape) override;
    void attentions(std::span<const AttentionCall> calls, int heads, int kv_heads) override;
    void top_k(std::span<Candidate> best, Tensor logits) override;

  private:
    // A weight as the kernels read it: rows of `row_bytes` in `type`, in the mapped file or in
    // `owned` (float32 copies of vectors, small and F32 tensors); and `packed`, where the
    // table's matmul reads it in a layout of its own (Kernels::pack_weights; the embedding
    // reads the stored rows).
    struct StoredWeight {
        DType type = DType::f32;
        const std::byte* bytes = nullptr;
        std::size_t row_bytes = 0;
        std::vector<float> owned;
        std::vector<std::byte> packed;
    };
    static const StoredWeight& stored(const Weight& weight);
    static const float* floats(const Weight& weight);  // F32 weights only
    // size_per_thread floats for each thread, thread t at t · size_per_thread; grown before a
    // parallel loop, never inside one.
    float* thread_scratch(std::size_t size_per_thread);
    // Matmul activations in 8 bits: per row, K quants and a scale per `block` values.
    struct QuantizedRows {
        int block;
        std::vector<std::int8_t> quants;
        std::vector<float> scales;
    };
    // The input's rows quantized by `quantize` (a table's quantize_row_q8 or _super) into
    // `rows`, for the matmuls that read them.
    void quantize_input(Tensor in, void (*quantize)(const float*, int, std::int8_t*, float*),
                        QuantizedRows& rows);

    const Kernels& kernels_;
    bool float_activations_;
    ThreadPool pool_;
    std::deque<StoredWeight> weights_;
    std::vector<std::unique_ptr<float[]>> storage_;
    QuantizedRows x_per_block_{kQ8Block, {}, {}}, x_per_super_block_{kQ8SuperBlock, {}, {}};
    std::vector<Candidate> candidates_;  // top_k: each thread's best
    std::vector<float> scratch_;         // per thread: attention scores, delta-rule δ
    std::vector<int> attention_items_;   // attentions: each call's first item
};

}  // namespace fantasma::engine::cpu
