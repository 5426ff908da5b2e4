#include "engine/cpu/reference_backend.hpp"

#include "engine/cpu/ops.hpp"
#include "engine/error.hpp"

#include <algorithm>
#include <cstring>

namespace fantasma::engine::cpu {
namespace {

float* row(Tensor t, int r) {
    return static_cast<float*>(t.handle) + t.offset + std::size_t(r) * std::size_t(t.stride);
}
const float* data(const Weight& w) {
    return static_cast<const float*>(w.handle);
}

void require(bool ok, const char* what) {
    if (!ok) throw ModelError(std::string("cpu-reference backend: ") + what);
}

void require_same_shape(Tensor a, Tensor b) {
    require(a.rows == b.rows && a.cols == b.cols, "tensor shapes disagree");
}

}  // namespace

Weight ReferenceBackend::prepare_weight(const TensorData& tensor, int rows, int cols) {
    require(tensor.element_count() == std::int64_t(rows) * cols, "weight size disagrees");
    auto values = to_f32(tensor);
    storage_.push_back(std::make_unique<float[]>(values.size()));
    std::copy(values.begin(), values.end(), storage_.back().get());
    return Weight{storage_.back().get(), rows, cols};
}

Tensor ReferenceBackend::allocate(int rows, int cols) {
    require(rows >= 0 && cols >= 0, "negative size");
    storage_.push_back(std::make_unique<float[]>(std::size_t(rows) * std::size_t(cols)));  // zeroed
    return Tensor{storage_.back().get(), 0, rows, cols, cols};
}

void ReferenceBackend::write(Tensor dst, std::span<const float> values) {
    require(values.size() == std::size_t(dst.rows) * std::size_t(dst.cols), "write size disagrees");
    for (int r = 0; r < dst.rows; ++r)
        std::memcpy(row(dst, r), values.data() + std::size_t(r) * dst.cols,
                    sizeof(float) * dst.cols);
}

void ReferenceBackend::read(std::span<float> values, Tensor src) {
    require(values.size() == std::size_t(src.rows) * std::size_t(src.cols), "read size disagrees");
    for (int r = 0; r < src.rows; ++r)
        std::memcpy(values.data() + std::size_t(r) * src.cols, row(src, r),
                    sizeof(float) * src.cols);
}

void ReferenceBackend::copy(Tensor dst, Tensor src) {
    require_same_shape(dst, src);
    for (int r = 0; r < dst.rows; ++r)
        std::memmove(row(dst, r), row(src, r), sizeof(float) * dst.cols);
}

void ReferenceBackend::fill_zero(Tensor dst) {
    for (int r = 0; r < dst.rows; ++r) std::fill_n(row(dst, r), dst.cols, 0.0f);
}

void ReferenceBackend::embedding(Tensor out, const Weight& table,
                                 std::span<const std::int32_t> tokens) {
    require(out.contiguous() && out.rows == int(tokens.size()) && out.cols == table.cols,
            "embedding shapes disagree");
    for (auto token : tokens)
        if (token < 0 || token >= table.rows)
            throw ModelError("token id " + std::to_string(token) + " is outside the vocabulary");
    embedding_forward(row(out, 0), data(table), tokens, table.cols);
}

void ReferenceBackend::matmul(Tensor out, Tensor in, const Weight& weight) {
    require(out.rows == in.rows && in.cols == weight.cols && out.cols == weight.rows,
            "matmul shapes disagree");
    for (int r = 0; r < in.rows; ++r)
        matmul_forward(row(out, r), row(in, r), data(weight), 1, in.cols, out.cols);
}

void ReferenceBackend::rms_norm(Tensor out, Tensor in, const Weight& weight, float eps) {
    require_same_shape(out, in);
    require(in.cols % weight.cols == 0, "rms_norm weight does not divide the row");
    for (int r = 0; r < in.rows; ++r)
        rms_norm_forward(row(out, r), row(in, r), data(weight), in.cols / weight.cols, weight.cols,
                         eps);
}

void ReferenceBackend::gated_rms_norm(Tensor out, Tensor in, Tensor gate, const Weight& weight,
                                      float eps) {
    require_same_shape(out, in);
    require_same_shape(gate, in);
    require(in.cols % weight.cols == 0, "gated_rms_norm weight does not divide the row");
    for (int r = 0; r < in.rows; ++r)
        gated_rms_norm_forward(row(out, r), row(in, r), row(gate, r), data(weight),
                               in.cols / weight.cols, weight.cols, eps);
}

void ReferenceBackend::l2_norm(Tensor x, int head_dim, float eps) {
    require(head_dim > 0 && x.cols % head_dim == 0, "l2_norm head_dim does not divide the row");
    for (int r = 0; r < x.rows; ++r) l2_norm_forward(row(x, r), x.cols / head_dim, head_dim, eps);
}

void ReferenceBackend::swiglu(Tensor out, Tensor gate, Tensor up) {
    require_same_shape(out, gate);
    require_same_shape(out, up);
    for (int r = 0; r < out.rows; ++r)
        swiglu_forward(row(out, r), row(gate, r), row(up, r), out.cols);
}

void ReferenceBackend::sigmoid_gate(Tensor x, Tensor gate) {
    require_same_shape(x, gate);
    for (int r = 0; r < x.rows; ++r) sigmoid_gate_forward(row(x, r), row(gate, r), x.cols);
}

void ReferenceBackend::add(Tensor x, Tensor y) {
    require_same_shape(x, y);
    for (int r = 0; r < x.rows; ++r) add_forward(row(x, r), row(y, r), x.cols);
}

void ReferenceBackend::rope(Tensor x, int heads, int rotary_dim, double theta, int position0) {
    require(heads > 0 && x.rows % heads == 0 && rotary_dim <= x.cols, "rope shapes disagree");
    rope_forward(row(x, 0), x.stride, x.rows / heads, heads, x.cols, rotary_dim, theta, position0);
}

void ReferenceBackend::attention(Tensor out, Tensor q, Tensor k_cache, Tensor v_cache, int heads,
                                 int kv_heads, int position0) {
    require_same_shape(out, q);
    require(out.contiguous() && k_cache.contiguous() && v_cache.contiguous(),
            "attention needs contiguous caches");
    require(heads > 0 && kv_heads > 0 && heads % kv_heads == 0 && q.rows % heads == 0 &&
                k_cache.cols == q.cols,
            "attention shapes disagree");
    const int T = q.rows / heads;
    require((position0 + T) * kv_heads <= k_cache.rows, "the KV cache is full");
    scores_.resize(std::max(scores_.size(), std::size_t(k_cache.rows / kv_heads)));
    attention_forward(row(out, 0), row(q, 0), q.stride, row(k_cache, 0), row(v_cache, 0),
                      scores_.data(), T, position0, heads, kv_heads, q.cols);
}

void ReferenceBackend::causal_conv_silu(Tensor out, Tensor in, Tensor state, const Weight& weight) {
    check_conv_shapes("cpu-reference", out, in, state, weight);
    causal_conv_silu_forward(row(out, 0), row(in, 0), row(state, 0), data(weight), in.rows, in.cols,
                             weight.cols);
}

void ReferenceBackend::delta_gates(Tensor g, Tensor beta, Tensor a, Tensor b, const Weight& A,
                                   const Weight& dt_bias) {
    check_delta_gate_shapes("cpu-reference", g, beta, a, b, A, dt_bias);
    delta_gates_forward(row(g, 0), row(beta, 0), row(a, 0), row(b, 0), data(A), data(dt_bias),
                        g.rows, g.cols);
}

void ReferenceBackend::delta_rule(Tensor out, Tensor state, Tensor q, Tensor k, Tensor v, Tensor g,
                                  Tensor beta, const DeltaShape& s) {
    check_delta_rule_shapes("cpu-reference", out, state, q, k, v, g, beta, s);
    delta_rule_forward(row(out, 0), row(state, 0), row(q, 0), row(k, 0), q.stride, row(v, 0),
                       v.stride, row(g, 0), row(beta, 0), q.rows, s.key_heads, s.value_heads,
                       s.key_head_dim, s.value_head_dim, s.tiled_value_heads);
}

}  // namespace fantasma::engine::cpu
