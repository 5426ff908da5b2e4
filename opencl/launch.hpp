#pragma once

// How the op files hand arguments to kernels; included by opencl_backend.cpp and ops/*.cpp.

#include "engine/error.hpp"
#include "opencl/opencl_backend.hpp"

#include <climits>
#include <string>

namespace fantasma::opencl {

// A tensor passed as buffer and offset only, for kernels that need it contiguous.
struct Contiguous {
    engine::Tensor tensor;
};

std::string error_name(cl_int code);

namespace detail {

inline int as_int(std::size_t value) {
    if (value > std::size_t(INT_MAX))
        throw engine::ModelError("a tensor is too large for the OpenCL kernels (over 2^31 floats)");
    return int(value);
}

// Sets kernel arguments one after the other.
struct ArgumentSetter {
    cl_kernel kernel;
    const char* name;
    cl_uint index = 0;

    void set(const void* value, std::size_t size) {
        if (const cl_int code = ::clSetKernelArg(kernel, index++, size, value); code != CL_SUCCESS)
            throw engine::ModelError(std::string("OpenCL kernel ") + name + ": argument " +
                                     std::to_string(index - 1) + " refused (" + error_name(code) +
                                     ")");
    }
    void add(cl_mem buffer) { set(&buffer, sizeof buffer); }
    void add(const cl::Buffer& buffer) { add(buffer()); }
    void add(int value) { set(&value, sizeof value); }
    void add(float value) { set(&value, sizeof value); }
    void add(const Contiguous& view) {
        add(static_cast<cl_mem>(view.tensor.handle));
        add(as_int(view.tensor.offset));
    }
    void add(const engine::Tensor& tensor) {
        add(Contiguous{tensor});
        add(tensor.stride);
    }
};

inline std::size_t round_up(std::size_t value, std::size_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

}  // namespace detail

template <typename... Args>
void OpenclBackend::launch(const char* name, cl::NDRange global, cl::NDRange local,
                           const Args&... args) {
    const auto found = kernels_.find(name);
    if (found == kernels_.end())
        throw engine::ModelError(std::string("OpenCL kernel ") + name + " does not exist");
    detail::ArgumentSetter setter{found->second(), name};
    (setter.add(args), ...);
    std::size_t sizes[3] = {1, 1, 1};
    for (cl_uint d = 0; d < global.dimensions(); ++d) {
        if (global.get()[d] == 0) return;  // nothing to do (an empty view)
        sizes[d] = detail::round_up(global.get()[d], local.get()[d]);
    }
    const cl::NDRange rounded = global.dimensions() == 1 ? cl::NDRange(sizes[0])
                                : global.dimensions() == 2
                                    ? cl::NDRange(sizes[0], sizes[1])
                                    : cl::NDRange(sizes[0], sizes[1], sizes[2]);
    try {
        queue_.enqueueNDRangeKernel(found->second, cl::NullRange, rounded, local);
    } catch (const cl::Error& error) {
        throw engine::ModelError(std::string("OpenCL kernel ") + name + " failed on " +
                                 device_.name + " (" + error_name(error.err()) + ")");
    }
}

// Elementwise kernels: one item per (column, row) of `shape`, then the arguments.
void OpenclBackend::launch_2d(const char* name, engine::Tensor shape, auto... args) {
    launch(name, cl::NDRange(std::size_t(shape.cols), std::size_t(shape.rows)),
           cl::NDRange(std::size_t(tuning_.elementwise_group), 1), args..., shape.rows, shape.cols);
}

}  // namespace fantasma::opencl
