#include "opencl/opencl_backend.hpp"

#include "engine/quants.hpp"
#include "fantasma_opencl_embedded.hpp"
#include "opencl/launch.hpp"
#include "opencl/program_cache.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

namespace fantasma::opencl {
namespace {

// Each program: common.cl, then one op group's kernels.
constexpr std::array kPrograms = {&kernels::elementwise_cl, &kernels::norm_cl,
                                  &kernels::matmul_cl,      &kernels::attention_cl,
                                  &kernels::delta_net_cl,   &kernels::select_cl};

void require(bool ok, const char* what) {
    if (!ok) throw engine::ModelError(std::string("opencl backend: ") + what);
}

// A size for messages: KiB below a MiB (a small model, a test's budget), else MiB.
std::string mib(std::uint64_t bytes) {
    char text[32];
    if (bytes < (1 << 20))
        std::snprintf(text, sizeof text, "%.0f KiB", double(bytes) / 1024.0);
    else
        std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(1 << 20));
    return text;
}

bool out_of_memory(cl_int code) {
    return code == CL_MEM_OBJECT_ALLOCATION_FAILURE || code == CL_OUT_OF_RESOURCES ||
           code == CL_INVALID_BUFFER_SIZE;
}

std::size_t float_bytes(int rows, int cols) {
    return std::size_t(rows) * std::size_t(cols) * sizeof(float);
}

bool runs_on_blocks(engine::DType type) {
    return type == engine::DType::q8_0 || type == engine::DType::q4_0 ||
           type == engine::DType::q4_k;
}

}  // namespace

std::string error_name(cl_int code) {
    switch (code) {
        case CL_MEM_OBJECT_ALLOCATION_FAILURE:
            return "out of device memory";
        case CL_OUT_OF_RESOURCES:
            return "out of device resources";
        case CL_OUT_OF_HOST_MEMORY:
            return "out of host memory";
        case CL_INVALID_BUFFER_SIZE:
            return "buffer larger than the device allows";
        case CL_INVALID_WORK_GROUP_SIZE:
            return "work-group size not supported";
        case CL_BUILD_PROGRAM_FAILURE:
            return "program build failure";
        case CL_INVALID_KERNEL_ARGS:
            return "kernel arguments missing";
        default:
            return "OpenCL error " + std::to_string(code);
    }
}

OpenclBackend::OpenclBackend(const Device& device, const std::filesystem::path& cache_dir,
                             std::optional<Tuning> tuning)
    : device_(device.info),
      tuning_(tuning.value_or(default_tuning(!device.info.is_gpu))),
      memory_budget_(device.info.global_memory_bytes) {
    require(device_.opencl_c_1_2, "the device does not run OpenCL C 1.2");
    // delta_rule_chunked keeps a chunk² array in local memory: smaller chunks where it is small.
    const auto chunk_bytes = [](int chunk) { return std::uint64_t(chunk) * (chunk + 2) * 4; };
    while (tuning_.delta_chunk > 8 && device_.local_memory_bytes > 0 &&
           chunk_bytes(tuning_.delta_chunk) + 4096 > device_.local_memory_bytes)
        tuning_.delta_chunk /= 2;
    require(tuning_.matmul_group <= device_.max_work_group_size &&
                tuning_.norm_group <= device_.max_work_group_size &&
                tuning_.attention_group <= device_.max_work_group_size &&
                tuning_.delta_group <= device_.max_work_group_size &&
                tuning_.elementwise_group <= device_.max_work_group_size,
            "the device's work groups are smaller than the kernels need");
    try {
        context_ = cl::Context(device.device);
        queue_ = cl::CommandQueue(context_, device.device);  // in order: ops run as enqueued
        const std::string options = build_options(tuning_);
        for (const std::string_view* source : kPrograms) {
            const std::string text = std::string(kernels::common_cl) + std::string(*source);
            cl::Program program = build_program(context_, device.device, text, options, cache_dir);
            std::vector<cl::Kernel> kernels;
            program.createKernels(&kernels);
            for (auto& kernel : kernels)
                kernels_.emplace(kernel.getInfo<CL_KERNEL_FUNCTION_NAME>(), kernel);
        }
    } catch (const cl::Error& error) {
        throw engine::ModelError("OpenCL device " + device_.name + " cannot be used: " +
                                 error.what() + " (" + error_name(error.err()) + ")");
    }
}

void OpenclBackend::check_model_size(std::uint64_t bytes) const {
    if (bytes > memory_budget_)
        throw engine::DeviceMemoryError("OpenCL device " + device_.name + " has " +
                                        mib(memory_budget_) + " of memory, the model's weights " +
                                        mib(bytes));
}

void OpenclBackend::reserve(std::uint64_t bytes, const std::string& what) {
    if (memory_used_ + bytes > memory_budget_)
        throw engine::DeviceMemoryError("OpenCL device " + device_.name + " has no room for " +
                                        what + " (" + mib(bytes) + " more after " +
                                        mib(memory_used_) + ", of " + mib(memory_budget_) + ")");
    if (bytes > device_.max_allocation_bytes && device_.max_allocation_bytes > 0)
        throw engine::DeviceMemoryError("OpenCL device " + device_.name + " has no room for " +
                                        what + " (" + mib(bytes) + " in one buffer, at most " +
                                        mib(device_.max_allocation_bytes) + ")");
    memory_used_ += bytes;
}

const OpenclBackend::DeviceWeight& OpenclBackend::device_weight(
    const engine::Weight& weight) const {
    require(weight.handle != nullptr, "a weight was not prepared");
    return *static_cast<const DeviceWeight*>(weight.handle);
}

const OpenclBackend::DeviceWeight& OpenclBackend::float_vector(const engine::Weight& weight,
                                                               int size, const char* what) const {
    const DeviceWeight& w = device_weight(weight);
    require(w.type == engine::DType::f32 && w.rows * w.cols == size, what);
    return w;
}

engine::Weight OpenclBackend::prepare_weight(const engine::TensorData& tensor, int rows, int cols) {
    require(rows > 0 && cols > 0 && tensor.element_count() == std::int64_t(rows) * cols,
            "weight size disagrees");
    auto weight = std::make_unique<DeviceWeight>();
    weight->rows = rows;
    weight->cols = cols;
    const engine::BlockFormat format = engine::block_format(tensor.dtype);
    std::vector<float> converted;
    const void* bytes = tensor.bytes.data();
    std::size_t size = tensor.bytes.size();
    if (runs_on_blocks(tensor.dtype) && cols % format.values == 0) {
        weight->type = tensor.dtype;
        weight->row_bytes = cols / format.values * format.bytes;
    } else {
        // F16, BF16 and Q6_K are not worth kernels of their own here: float32 on the device.
        converted = engine::to_f32(tensor);
        bytes = converted.data();
        size = converted.size() * sizeof(float);
        weight->row_bytes = int(cols * sizeof(float));
    }
    reserve(size, tensor.name);
    try {
        weight->buffer = cl::Buffer(context_, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, size,
                                    const_cast<void*>(bytes));
    } catch (const cl::Error& error) {
        const std::string message = "OpenCL device " + device_.name + " has no room for " +
                                    tensor.name + " (" + mib(size) + " after " +
                                    mib(memory_used_ - size) + ", " + error_name(error.err()) + ")";
        if (out_of_memory(error.err())) throw engine::DeviceMemoryError(message);
        throw engine::ModelError(message);
    }
    weights_.push_back(std::move(weight));
    return engine::Weight{weights_.back().get(), rows, cols};
}

engine::Tensor OpenclBackend::allocate(int rows, int cols) {
    require(rows >= 0 && cols >= 0, "negative size");
    const std::size_t bytes = std::max<std::size_t>(float_bytes(rows, cols), sizeof(float));
    reserve(bytes, "work memory");
    try {
        buffers_.emplace_back(context_, CL_MEM_READ_WRITE, bytes);
        queue_.enqueueFillBuffer(buffers_.back(), 0.0f, 0, bytes);
    } catch (const cl::Error& error) {
        const std::string message = "OpenCL device " + device_.name + " has no room for " +
                                    mib(bytes) + " of work memory (" + error_name(error.err()) +
                                    ")";
        if (out_of_memory(error.err())) throw engine::DeviceMemoryError(message);
        throw engine::ModelError(message);
    }
    return engine::Tensor{buffers_.back()(), 0, rows, cols, cols};
}

void OpenclBackend::write(engine::Tensor dst, std::span<const float> values) {
    require(values.size() == std::size_t(dst.rows) * std::size_t(dst.cols), "write size disagrees");
    const cl::Buffer buffer(static_cast<cl_mem>(dst.handle), true);
    try {
        if (dst.contiguous()) {
            queue_.enqueueWriteBuffer(buffer, CL_TRUE, dst.offset * sizeof(float),
                                      values.size_bytes(), values.data());
            return;
        }
        for (int r = 0; r < dst.rows; ++r)
            queue_.enqueueWriteBuffer(
                buffer, CL_TRUE, (dst.offset + std::size_t(r) * dst.stride) * sizeof(float),
                float_bytes(1, dst.cols), values.data() + std::size_t(r) * dst.cols);
    } catch (const cl::Error& error) {
        throw engine::ModelError("OpenCL device " + device_.name +
                                 " failed: " + error_name(error.err()));
    }
}

void OpenclBackend::read(std::span<float> values, engine::Tensor src) {
    require(values.size() == std::size_t(src.rows) * std::size_t(src.cols), "read size disagrees");
    const cl::Buffer buffer(static_cast<cl_mem>(src.handle), true);
    try {
        if (src.contiguous()) {
            queue_.enqueueReadBuffer(buffer, CL_TRUE, src.offset * sizeof(float),
                                     values.size_bytes(), values.data());
            return;
        }
        for (int r = 0; r < src.rows; ++r)
            queue_.enqueueReadBuffer(
                buffer, CL_FALSE, (src.offset + std::size_t(r) * src.stride) * sizeof(float),
                float_bytes(1, src.cols), values.data() + std::size_t(r) * src.cols);
        queue_.finish();
    } catch (const cl::Error& error) {
        // Kernels report their failures here, when the queue runs them.
        throw engine::ModelError("OpenCL device " + device_.name +
                                 " failed: " + error_name(error.err()));
    }
}

void OpenclBackend::copy(engine::Tensor dst, engine::Tensor src) {
    require(dst.rows == src.rows && dst.cols == src.cols, "copy shapes disagree");
    launch_2d("copy", dst, dst, src);
}

void OpenclBackend::fill_zero(engine::Tensor dst) {
    launch_2d("fill_zero", dst, dst);
}

cl::Buffer& OpenclBackend::scores_for(std::size_t floats) {
    if (floats > scores_capacity_) {
        // Queued kernels keep the old buffer alive until they have run.
        try {
            scores_ = cl::Buffer(context_, CL_MEM_READ_WRITE, floats * sizeof(float));
        } catch (const cl::Error& error) {
            throw engine::ModelError("OpenCL device " + device_.name +
                                     " has no room for attention scores (" +
                                     error_name(error.err()) + ")");
        }
        scores_capacity_ = floats;
    }
    return scores_;
}

}  // namespace fantasma::opencl
