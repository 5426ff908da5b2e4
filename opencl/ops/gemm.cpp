// Prefill products through CLBlast's GEMM: out[T, N] = in[T, K] · Wᵀ. Float32 weights are
// used as they are; block weights are dequantized on the device (dequantize_rows in
// matmul.cl), gemm_rows rows at a time so the scratch stays small next to the weights.
#include "opencl/launch.hpp"

#include <clblast.h>

namespace fantasma::opencl {
namespace {

int block_format_code(engine::DType type) {
    return type == engine::DType::q8_0 ? 0 : type == engine::DType::q4_0 ? 1 : 2;
}

}  // namespace

void OpenclBackend::gemm(engine::Tensor out, engine::Tensor in, const DeviceWeight& w) {
    const auto multiply = [&](cl_mem weight, std::size_t weight_offset, int row0, int rows) {
        cl_command_queue queue = queue_();
        const auto status = clblast::Gemm<float>(
            clblast::Layout::kRowMajor, clblast::Transpose::kNo, clblast::Transpose::kYes,
            std::size_t(in.rows), std::size_t(rows), std::size_t(w.cols), 1.0f,
            static_cast<cl_mem>(in.handle), in.offset, std::size_t(in.stride), weight,
            weight_offset, std::size_t(w.cols), 0.0f, static_cast<cl_mem>(out.handle),
            out.offset + std::size_t(row0), std::size_t(out.stride), &queue);
        if (status != clblast::StatusCode::kSuccess)
            throw engine::ModelError("CLBlast GEMM failed on " + device_.name + " (status " +
                                     std::to_string(int(status)) + ")");
    };
    if (w.type == engine::DType::f32) return multiply(w.buffer(), 0, 0, w.rows);

    const int chunk = std::min(w.rows, tuning_.gemm_rows);
    const std::size_t floats = std::size_t(chunk) * std::size_t(w.cols);
    if (floats > dequantized_capacity_) {
        dequantized_ = cl::Buffer(context_, CL_MEM_READ_WRITE, floats * sizeof(float));
        dequantized_capacity_ = floats;
    }
    for (int row0 = 0; row0 < w.rows; row0 += chunk) {
        const int rows = std::min(chunk, w.rows - row0);
        launch("dequantize_rows", cl::NDRange(std::size_t(w.cols / 32), std::size_t(rows)),
               cl::NDRange(std::size_t(tuning_.elementwise_group), 1), dequantized_, w.buffer,
               block_format_code(w.type), w.row_bytes, w.cols, row0, rows);
        multiply(dequantized_(), 0, row0, rows);
    }
}

}  // namespace fantasma::opencl
