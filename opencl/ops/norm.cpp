// Launches the kernels of norm.cl: one work-group per run of `dim` values.
#include "opencl/launch.hpp"

namespace fantasma::opencl {
namespace {

void require(bool ok, const char* what) {
    if (!ok) throw engine::ModelError(std::string("opencl backend: ") + what);
}

}  // namespace

void OpenclBackend::rms_norm(engine::Tensor out, engine::Tensor in, const engine::Weight& weight,
                             float eps) {
    require(out.rows == in.rows && out.cols == in.cols, "rms_norm shapes disagree");
    const int dim = weight.rows * weight.cols;
    require(dim > 0 && in.cols % dim == 0, "rms_norm weight does not divide the row");
    const DeviceWeight& w = float_vector(weight, dim, "rms_norm weight is not a float vector");
    const int segments = in.cols / dim;
    const std::size_t group = std::size_t(tuning_.norm_group);
    launch("rms_norm", cl::NDRange(std::size_t(in.rows) * segments * group), cl::NDRange(group),
           out, in, w.buffer, dim, segments, eps);
}

void OpenclBackend::gated_rms_norm(engine::Tensor out, engine::Tensor in, engine::Tensor gate,
                                   const engine::Weight& weight, float eps) {
    require(
        out.rows == in.rows && out.cols == in.cols && gate.rows == in.rows && gate.cols == in.cols,
        "gated_rms_norm shapes disagree");
    const int dim = weight.rows * weight.cols;
    require(dim > 0 && in.cols % dim == 0, "gated_rms_norm weight does not divide the row");
    const DeviceWeight& w =
        float_vector(weight, dim, "gated_rms_norm weight is not a float vector");
    const int segments = in.cols / dim;
    const std::size_t group = std::size_t(tuning_.norm_group);
    launch("gated_rms_norm", cl::NDRange(std::size_t(in.rows) * segments * group),
           cl::NDRange(group), out, in, gate, w.buffer, dim, segments, eps);
}

void OpenclBackend::l2_norm(engine::Tensor x, int head_dim, float eps) {
    require(head_dim > 0 && x.cols % head_dim == 0, "l2_norm head_dim does not divide the row");
    const int segments = x.cols / head_dim;
    const std::size_t group = std::size_t(tuning_.norm_group);
    launch("l2_norm", cl::NDRange(std::size_t(x.rows) * segments * group), cl::NDRange(group), x,
           head_dim, segments, eps);
}

}  // namespace fantasma::opencl
