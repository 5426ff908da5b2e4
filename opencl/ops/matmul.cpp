// Launches the kernels of matmul.cl: products with a weight matrix, and embedding lookups.
#include "opencl/launch.hpp"

namespace fantasma::opencl {
namespace {

void require(bool ok, const char* what) {
    if (!ok) throw engine::ModelError(std::string("opencl backend: ") + what);
}

// The FORMAT_* numbers of matmul.cl.
int block_format_code(engine::DType type) {
    switch (type) {
        case engine::DType::q8_0:
            return 0;
        case engine::DType::q4_0:
            return 1;
        case engine::DType::q4_k:
            return 2;
        default:
            throw engine::ModelError("opencl backend: no block kernel for this type");
    }
}

}  // namespace

void OpenclBackend::matmul(engine::Tensor out, engine::Tensor in, const engine::Weight& weight) {
    require(out.rows == in.rows && in.cols == weight.cols && out.cols == weight.rows,
            "matmul shapes disagree");
    const DeviceWeight& w = device_weight(weight);
    if (tuning_.gemm_min_tokens > 0 && in.rows >= tuning_.gemm_min_tokens) return gemm(out, in, w);
    const std::size_t token_tiles =
        (std::size_t(in.rows) + std::size_t(tuning_.matmul_tokens) - 1) /
        std::size_t(tuning_.matmul_tokens);
    if (tuning_.matmul_row_per_item) {
        const std::size_t row_tiles =
            (std::size_t(in.rows) + std::size_t(tuning_.matmul_row_tokens) - 1) /
            std::size_t(tuning_.matmul_row_tokens);
        const int format = w.type == engine::DType::f32 ? -1 : block_format_code(w.type);
        return launch("matmul_rows", cl::NDRange(std::size_t(w.rows), row_tiles),
                      cl::NDRange(std::size_t(tuning_.elementwise_group), 1), w.buffer, format,
                      w.row_bytes, w.cols, in, out, w.rows, in.rows);
    }
    const std::size_t group = std::size_t(tuning_.matmul_group);
    const cl::NDRange global(std::size_t(w.rows) * group, token_tiles);
    const cl::NDRange local(group, 1);
    if (w.type == engine::DType::f32)
        launch("matmul_f32", global, local, w.buffer, w.cols, in, out, in.rows);
    else
        launch("matmul_blocks", global, local, w.buffer, block_format_code(w.type), w.row_bytes,
               w.cols, in, out, in.rows);
}

void OpenclBackend::embedding(engine::Tensor out, const engine::Weight& table,
                              std::span<const std::int32_t> tokens) {
    require(out.rows == int(tokens.size()) && out.cols == table.cols, "embedding shapes disagree");
    for (auto token : tokens)
        if (token < 0 || token >= table.rows)
            throw engine::ModelError("token id " + std::to_string(token) +
                                     " is outside the vocabulary");
    if (tokens.empty()) return;
    // The ids go up from a host copy we keep until the upload is done (no wait here unless a
    // previous upload is somehow still in flight).
    try {
        if (tokens_uploaded_) tokens_uploaded_->wait();
        if (tokens.size() > tokens_capacity_) {
            tokens_capacity_ = std::max<std::size_t>(tokens.size(), 64);
            tokens_ =
                cl::Buffer(context_, CL_MEM_READ_ONLY, tokens_capacity_ * sizeof(std::int32_t));
        }
        staged_tokens_.assign(tokens.begin(), tokens.end());
        cl::Event uploaded;
        queue_.enqueueWriteBuffer(tokens_, CL_FALSE, 0, tokens.size_bytes(), staged_tokens_.data(),
                                  nullptr, &uploaded);
        tokens_uploaded_ = uploaded;
    } catch (const cl::Error& error) {
        throw engine::ModelError("OpenCL device " + device_.name +
                                 " failed to take the token ids: " + error_name(error.err()));
    }

    const DeviceWeight& w = device_weight(table);
    const int T = int(tokens.size());
    const std::size_t group = std::size_t(tuning_.elementwise_group);
    if (w.type == engine::DType::f32)
        launch("embedding_f32", cl::NDRange(std::size_t(w.cols), std::size_t(T)),
               cl::NDRange(group, 1), out, w.buffer, w.cols, tokens_, T);
    else
        launch("embedding_blocks", cl::NDRange(std::size_t(w.cols / 32), std::size_t(T)),
               cl::NDRange(group, 1), out, w.buffer, block_format_code(w.type), w.row_bytes, w.cols,
               tokens_, T);
}

}  // namespace fantasma::opencl
