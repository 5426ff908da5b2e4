#include "engine/backend.hpp"

#include "engine/error.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace fantasma::engine {

Tensor Tensor::row_range(int begin, int count) const {
    if (begin < 0 || count < 0 || begin + count > rows)
        throw ModelError("tensor row range out of bounds");
    Tensor view = *this;
    view.offset += std::size_t(begin) * std::size_t(stride);
    view.rows = count;
    return view;
}

Tensor Tensor::col_range(int begin, int count) const {
    if (begin < 0 || count < 0 || begin + count > cols)
        throw ModelError("tensor column range out of bounds");
    Tensor view = *this;
    view.offset += std::size_t(begin);
    view.cols = count;
    return view;
}

Tensor Tensor::reshaped(int new_rows, int new_cols) const {
    if (!contiguous() || std::int64_t(new_rows) * new_cols != std::int64_t(rows) * cols)
        throw ModelError("tensor reshape of a strided view or to a different size");
    Tensor view = *this;
    view.rows = new_rows;
    view.cols = new_cols;
    view.stride = new_cols;
    return view;
}

namespace {

void require(bool ok, std::string_view backend, std::string_view what) {
    if (!ok) throw ModelError(std::string(backend) + " backend: " + std::string(what));
}

bool same_shape(Tensor a, Tensor b) {
    return a.rows == b.rows && a.cols == b.cols;
}

}  // namespace

void check_conv_shapes(std::string_view backend, Tensor out, Tensor in, Tensor state,
                       const Weight& weight) {
    require(same_shape(out, in), backend, "conv shapes disagree");
    require(out.contiguous() && in.contiguous() && state.contiguous(), backend,
            "conv needs contiguous tensors");
    require(weight.rows == in.cols && state.cols == in.cols && state.rows == weight.cols - 1,
            backend, "conv shapes disagree");
}

void check_delta_gate_shapes(std::string_view backend, Tensor g, Tensor beta, Tensor a, Tensor b,
                             const Weight& A, const Weight& dt_bias) {
    for (const Tensor t : {g, beta, a, b}) {
        require(same_shape(t, g), backend, "delta gate shapes disagree");
        require(t.contiguous(), backend, "delta gates need contiguous tensors");
    }
    require(A.rows * A.cols == g.cols && dt_bias.rows * dt_bias.cols == g.cols, backend,
            "delta gate sizes disagree");
}

void check_delta_rule_shapes(std::string_view backend, Tensor out, Tensor state, Tensor q, Tensor k,
                             Tensor v, Tensor g, Tensor beta, const DeltaShape& s) {
    require(same_shape(q, k) && q.stride == k.stride && out.contiguous() && state.contiguous() &&
                g.contiguous() && beta.contiguous(),
            backend, "delta rule layouts disagree");
    require(q.cols == s.key_heads * s.key_head_dim && v.cols == s.value_heads * s.value_head_dim &&
                out.cols == v.cols && out.rows == q.rows && v.rows == q.rows &&
                g.cols == s.value_heads && state.rows == s.value_heads * s.key_head_dim &&
                state.cols == s.value_head_dim && s.key_heads > 0 &&
                s.value_heads % s.key_heads == 0,
            backend, "delta rule shapes disagree");
}

bool better_candidate(const Candidate& a, const Candidate& b) {
    if (std::isnan(b.value)) return !std::isnan(a.value) || a.index < b.index;
    return a.value > b.value || (a.value == b.value && a.index < b.index);
}

void Backend::matmuls(Tensor in, std::span<const Projection> projections) {
    for (const Projection& p : projections) matmul(p.out, in, *p.weight);
}

void Backend::causal_conv_silus(std::span<const ConvCall> calls, const Weight& weight) {
    for (const ConvCall& c : calls) causal_conv_silu(c.out, c.in, c.state, weight);
}

void Backend::delta_rules(std::span<const DeltaRuleCall> calls, const DeltaShape& shape) {
    for (const DeltaRuleCall& c : calls)
        delta_rule(c.out, c.state, c.q, c.k, c.v, c.g, c.beta, shape);
}

void Backend::attentions(std::span<const AttentionCall> calls, int heads, int kv_heads) {
    for (const AttentionCall& c : calls)
        attention(c.out, c.q, c.k_cache, c.v_cache, heads, kv_heads, c.position0);
}

void Backend::top_k(std::span<Candidate> best, Tensor row) {
    if (row.rows != 1 || best.size() > std::size_t(row.cols))
        throw ModelError(name() + " backend: top_k wants one row of at least k entries");
    std::vector<float> values(std::size_t(row.cols));
    read(values, row);
    std::vector<Candidate> all(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) all[i] = {values[i], int(i)};
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(best.size()), all.end(),
                      better_candidate);
    std::copy_n(all.begin(), best.size(), best.begin());
}

}  // namespace fantasma::engine
