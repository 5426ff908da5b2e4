#pragma once

#include "engine/backend.hpp"
#include "opencl/cl.hpp"
#include "opencl/device.hpp"
#include "opencl/tuning.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fantasma::opencl {

// engine::Backend on one OpenCL device. Every op is a kernel enqueued on one in-order queue;
// read() is the only call that waits for the device. Weights are uploaded once by
// prepare_weight: Q8_0, Q4_0 and Q4_K blocks as they are in the file, every other type as
// float32. Tensor handles are cl_mem buffers; offsets and strides are in floats.
//
// The member functions are spread over files: storage in opencl_backend.cpp, and each group of
// ops in ops/<group>.cpp beside the ops/<group>.cl kernels it launches.
class OpenclBackend : public engine::Backend {
  public:
    // Builds every program (from the disk cache in cache_dir when it has them; an empty path
    // keeps no cache). Without a tuning, default_tuning for the device's type. Throws
    // engine::ModelError when the device cannot run the kernels.
    OpenclBackend(const Device& device, const std::filesystem::path& cache_dir,
                  std::optional<Tuning> tuning = std::nullopt);

    std::string name() const override { return "opencl (" + device_.name + ")"; }
    const DeviceInfo& device() const { return device_; }

    // The bytes of device memory weights and work memory may take, the device's global
    // memory unless set (the backend factory's memory_limit_mib): past it,
    // prepare_weight and allocate throw engine::DeviceMemoryError, as for the device's own
    // allocation failures, and check_model_size refuses models whose files are larger.
    void set_memory_budget(std::uint64_t bytes) { memory_budget_ = bytes; }
    std::uint64_t memory_budget() const { return memory_budget_; }
    void check_model_size(std::uint64_t bytes) const override;

    engine::Weight prepare_weight(const engine::TensorData& tensor, int rows, int cols) override;
    engine::Tensor allocate(int rows, int cols) override;
    void write(engine::Tensor dst, std::span<const float> values) override;
    void read(std::span<float> values, engine::Tensor src) override;
    void copy(engine::Tensor dst, engine::Tensor src) override;
    void fill_zero(engine::Tensor dst) override;

    void embedding(engine::Tensor out, const engine::Weight& table,
                   std::span<const std::int32_t> tokens) override;
    void matmul(engine::Tensor out, engine::Tensor in, const engine::Weight& weight) override;
    void rms_norm(engine::Tensor out, engine::Tensor in, const engine::Weight& weight,
                  float eps) override;
    void gated_rms_norm(engine::Tensor out, engine::Tensor in, engine::Tensor gate,
                        const engine::Weight& weight, float eps) override;
    void l2_norm(engine::Tensor x, int head_dim, float eps) override;
    void swiglu(engine::Tensor out, engine::Tensor gate, engine::Tensor up) override;
    void sigmoid_gate(engine::Tensor x, engine::Tensor gate) override;
    void add(engine::Tensor x, engine::Tensor y) override;
    void rope(engine::Tensor x, int heads, int rotary_dim, double theta, int position0) override;
    void attention(engine::Tensor out, engine::Tensor q, engine::Tensor k_cache,
                   engine::Tensor v_cache, int heads, int kv_heads, int position0) override;
    void causal_conv_silu(engine::Tensor out, engine::Tensor in, engine::Tensor state,
                          const engine::Weight& weight) override;
    void delta_gates(engine::Tensor g, engine::Tensor beta, engine::Tensor a, engine::Tensor b,
                     const engine::Weight& A, const engine::Weight& dt_bias) override;
    void delta_rule(engine::Tensor out, engine::Tensor state, engine::Tensor q, engine::Tensor k,
                    engine::Tensor v, engine::Tensor g, engine::Tensor beta,
                    const engine::DeltaShape& shape) override;
    void top_k(std::span<engine::Candidate> best, engine::Tensor row) override;

    // Weights on the device: blocks in place for the block formats the kernels read, else
    // float32.
    struct DeviceWeight {
        cl::Buffer buffer;
        engine::DType type = engine::DType::f32;  // f32, q8_0, q4_0 or q4_k
        int rows = 0;
        int cols = 0;
        int row_bytes = 0;
    };

  private:
    // Sets the arguments in order (a Tensor takes three: buffer, offset, stride) and enqueues
    // `name` over `global` items in groups of `local` (global rounded up to whole groups).
    template <typename... Args>
    void launch(const char* name, cl::NDRange global, cl::NDRange local, const Args&... args);
    void launch_2d(const char* name, engine::Tensor shape, auto... args);  // (cols, rows) items
    const DeviceWeight& device_weight(const engine::Weight& weight) const;
    const DeviceWeight& float_vector(const engine::Weight& weight, int size,
                                     const char* what) const;
    cl::Buffer& scores_for(std::size_t floats);
    // Counts `bytes` of `what` against the budget, throwing engine::DeviceMemoryError past it.
    void reserve(std::uint64_t bytes, const std::string& what);
    void gemm(engine::Tensor out, engine::Tensor in, const DeviceWeight& weight);

    DeviceInfo device_;
    Tuning tuning_;
    std::uint64_t memory_budget_ = 0;
    std::uint64_t memory_used_ = 0;  // by prepare_weight and allocate
    cl::Context context_;
    cl::CommandQueue queue_;
    std::map<std::string, cl::Kernel, std::less<>> kernels_;
    std::vector<cl::Buffer> buffers_;  // what allocate() returned, alive as long as we are
    std::vector<std::unique_ptr<DeviceWeight>> weights_;
    cl::Buffer tokens_;                        // embedding's token ids, grown as needed
    std::vector<std::int32_t> staged_tokens_;  // the host copy being uploaded
    std::size_t tokens_capacity_ = 0;
    std::optional<cl::Event> tokens_uploaded_;
    cl::Buffer scores_;  // attention scratch, grown to T·heads·context once
    std::size_t scores_capacity_ = 0;
    cl::Buffer selection_values_[2], selection_indices_[2];  // top_k's lists, ping-pong
    std::size_t selection_capacity_ = 0;
    cl::Buffer dequantized_;  // gemm(): weight rows as float32, grown once
    std::size_t dequantized_capacity_ = 0;
};

}  // namespace fantasma::opencl
