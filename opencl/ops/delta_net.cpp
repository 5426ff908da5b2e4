// Launches the kernels of delta_net.cl.
#include "opencl/launch.hpp"

namespace fantasma::opencl {
namespace {

void require(bool ok, const char* what) {
    if (!ok) throw engine::ModelError(std::string("opencl backend: ") + what);
}

bool same_shape(engine::Tensor a, engine::Tensor b) {
    return a.rows == b.rows && a.cols == b.cols;
}

}  // namespace

void OpenclBackend::causal_conv_silu(engine::Tensor out, engine::Tensor in, engine::Tensor state,
                                     const engine::Weight& weight) {
    require(same_shape(out, in), "conv shapes disagree");
    require(out.contiguous() && in.contiguous() && state.contiguous(),
            "conv needs contiguous tensors");
    require(weight.rows == in.cols && state.cols == in.cols && state.rows == weight.cols - 1,
            "conv shapes disagree");
    const DeviceWeight& w =
        float_vector(weight, weight.rows * weight.cols, "conv weight is not a float matrix");
    launch("causal_conv_silu", cl::NDRange(std::size_t(in.cols)),
           cl::NDRange(std::size_t(tuning_.elementwise_group)), Contiguous{out}, Contiguous{in},
           Contiguous{state}, w.buffer, in.rows, in.cols, weight.cols);
}

void OpenclBackend::delta_gates(engine::Tensor g, engine::Tensor beta, engine::Tensor a,
                                engine::Tensor b, const engine::Weight& A,
                                const engine::Weight& dt_bias) {
    for (engine::Tensor t : {beta, a, b}) require(same_shape(t, g), "delta gate shapes disagree");
    for (engine::Tensor t : {g, beta, a, b})
        require(t.contiguous(), "delta gates need contiguous tensors");
    const DeviceWeight& a_weight = float_vector(A, g.cols, "delta gate A is not a float vector");
    const DeviceWeight& bias =
        float_vector(dt_bias, g.cols, "delta gate dt_bias is not a float vector");
    launch("delta_gates", cl::NDRange(std::size_t(g.cols), std::size_t(g.rows)),
           cl::NDRange(std::size_t(tuning_.elementwise_group), 1), Contiguous{g}, Contiguous{beta},
           Contiguous{a}, Contiguous{b}, a_weight.buffer, bias.buffer, g.rows, g.cols);
}

void OpenclBackend::delta_rule(engine::Tensor out, engine::Tensor state, engine::Tensor q,
                               engine::Tensor k, engine::Tensor v, engine::Tensor g,
                               engine::Tensor beta, const engine::DeltaShape& s) {
    require(same_shape(q, k) && q.stride == k.stride && out.contiguous() && state.contiguous() &&
                g.contiguous() && beta.contiguous(),
            "delta rule layouts disagree");
    require(q.cols == s.key_heads * s.key_head_dim && v.cols == s.value_heads * s.value_head_dim &&
                out.cols == v.cols && out.rows == q.rows && v.rows == q.rows &&
                g.cols == s.value_heads && state.rows == s.value_heads * s.key_head_dim &&
                state.cols == s.value_head_dim && s.key_heads > 0 &&
                s.value_heads % s.key_heads == 0,
            "delta rule shapes disagree");
    require(s.key_head_dim <= tuning_.max_head_dim, "delta rule key_head_dim is too large");
    const std::size_t group = std::size_t(tuning_.delta_group);
    launch("delta_rule", cl::NDRange(std::size_t(s.value_heads) * group), cl::NDRange(group),
           Contiguous{out}, Contiguous{state}, Contiguous{q}, Contiguous{k}, q.stride,
           Contiguous{v}, v.stride, Contiguous{g}, Contiguous{beta}, q.rows, s.key_heads,
           s.value_heads, s.key_head_dim, s.value_head_dim, int(s.tiled_value_heads));
}

}  // namespace fantasma::opencl
