// Launches the kernels of delta_net.cl.
#include "opencl/launch.hpp"

namespace fantasma::opencl {
namespace {

void require(bool ok, const char* what) {
    if (!ok) throw engine::ModelError(std::string("opencl backend: ") + what);
}

}  // namespace

void OpenclBackend::causal_conv_silu(engine::Tensor out, engine::Tensor in, engine::Tensor state,
                                     const engine::Weight& weight) {
    engine::check_conv_shapes("opencl", out, in, state, weight);
    const DeviceWeight& w =
        float_vector(weight, weight.rows * weight.cols, "conv weight is not a float matrix");
    launch("causal_conv_silu", cl::NDRange(std::size_t(in.cols)),
           cl::NDRange(std::size_t(tuning_.elementwise_group)), Contiguous{out}, Contiguous{in},
           Contiguous{state}, w.buffer, in.rows, in.cols, weight.cols);
}

void OpenclBackend::delta_gates(engine::Tensor g, engine::Tensor beta, engine::Tensor a,
                                engine::Tensor b, const engine::Weight& A,
                                const engine::Weight& dt_bias) {
    engine::check_delta_gate_shapes("opencl", g, beta, a, b, A, dt_bias);
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
    engine::check_delta_rule_shapes("opencl", out, state, q, k, v, g, beta, s);
    require(s.key_head_dim <= tuning_.max_head_dim, "delta rule key_head_dim is too large");
    const std::size_t group = std::size_t(tuning_.delta_group);
    const bool chunked = tuning_.delta_chunked_min_tokens > 0 &&
                         q.rows >= tuning_.delta_chunked_min_tokens &&
                         s.key_head_dim >= tuning_.delta_chunked_min_head_dim;
    launch(chunked ? "delta_rule_chunked" : "delta_rule",
           cl::NDRange(std::size_t(s.value_heads) * group), cl::NDRange(group), Contiguous{out},
           Contiguous{state}, Contiguous{q}, Contiguous{k}, q.stride, Contiguous{v}, v.stride,
           Contiguous{g}, Contiguous{beta}, q.rows, s.key_heads, s.value_heads, s.key_head_dim,
           s.value_head_dim, int(s.tiled_value_heads));
}

}  // namespace fantasma::opencl
