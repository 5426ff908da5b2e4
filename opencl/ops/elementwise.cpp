// Launches the kernels of elementwise.cl.
#include "opencl/launch.hpp"

namespace fantasma::opencl {
namespace {

void require_same_shape(engine::Tensor a, engine::Tensor b, const char* op) {
    if (a.rows != b.rows || a.cols != b.cols)
        throw engine::ModelError(std::string("opencl backend: ") + op + " shapes disagree");
}

}  // namespace

void OpenclBackend::swiglu(engine::Tensor out, engine::Tensor gate, engine::Tensor up) {
    require_same_shape(out, gate, "swiglu");
    require_same_shape(out, up, "swiglu");
    launch_2d("swiglu", out, out, gate, up);
}

void OpenclBackend::sigmoid_gate(engine::Tensor x, engine::Tensor gate) {
    require_same_shape(x, gate, "sigmoid_gate");
    launch_2d("sigmoid_gate", x, x, gate);
}

void OpenclBackend::add(engine::Tensor x, engine::Tensor y) {
    require_same_shape(x, y, "add");
    launch_2d("add", x, x, y);
}

}  // namespace fantasma::opencl
