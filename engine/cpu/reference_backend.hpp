#pragma once

#include "engine/backend.hpp"

#include <memory>
#include <vector>

namespace fantasma::engine::cpu {

// The plain float32 backend: every weight converted to float32, every op the naive loop in
// engine/cpu/ops. Slow and obviously right; the yardstick for the other backends.
class ReferenceBackend : public Backend {
  public:
    std::string name() const override { return "cpu-reference"; }

    Weight prepare_weight(const TensorData& tensor, int rows, int cols) override;
    Tensor allocate(int rows, int cols) override;
    void write(Tensor dst, std::span<const float> values) override;
    void read(std::span<float> values, Tensor src) override;
    void copy(Tensor dst, Tensor src) override;
    void fill_zero(Tensor dst) override;

    void embedding(Tensor out, const Weight& table, std::span<const std::int32_t> tokens) override;
    void matmul(Tensor out, Tensor in, const Weight& weight) override;
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

  private:
    std::vector<std::unique_ptr<float[]>> storage_;
    std::vector<float> scores_;  // attention scratch, grown to the cache capacity once
};

}  // namespace fantasma::engine::cpu
