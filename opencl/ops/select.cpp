// Launches the kernels of select.cl: Backend::top_k on the device.
#include "opencl/launch.hpp"

#include <algorithm>
#include <vector>

namespace fantasma::opencl {

void OpenclBackend::top_k(std::span<engine::Candidate> best, engine::Tensor row) {
    const int k = int(best.size());
    if (row.rows != 1 || k > row.cols)
        throw engine::ModelError("opencl backend: top_k wants one row of at least k entries");
    if (k == 0) return;
    // Lists longer than the kernels' private arrays: the host selection, over the whole row.
    if (k > tuning_.top_k_max) return engine::Backend::top_k(best, row);

    const int n = row.cols;
    const int items = std::min(tuning_.top_k_items, n);
    const std::size_t floats = std::size_t(items) * std::size_t(k);
    if (floats > selection_capacity_) {
        try {
            for (int i = 0; i < 2; ++i) {
                selection_values_[i] = cl::Buffer(context_, CL_MEM_READ_WRITE, floats * 4);
                selection_indices_[i] = cl::Buffer(context_, CL_MEM_READ_WRITE, floats * 4);
            }
        } catch (const cl::Error& error) {
            throw engine::DeviceMemoryError("OpenCL device " + device_.name +
                                            " has no room for top-k lists (" +
                                            error_name(error.err()) + ")");
        }
        selection_capacity_ = floats;
    }
    const cl::NDRange local(std::size_t(tuning_.elementwise_group));
    launch("top_k_row", cl::NDRange(std::size_t(items)), local, Contiguous{row}, n, k, items,
           selection_values_[0], selection_indices_[0]);
    int lists = items, current = 0;
    while (lists > 1) {
        const int fan_in = tuning_.top_k_fan_in;
        const int merged = (lists + fan_in - 1) / fan_in;
        launch("top_k_merge", cl::NDRange(std::size_t(merged)), local, selection_values_[current],
               selection_indices_[current], lists, k, fan_in, selection_values_[1 - current],
               selection_indices_[1 - current]);
        lists = merged;
        current = 1 - current;
    }
    std::vector<float> values(best.size());
    std::vector<cl_int> indices(best.size());
    try {
        queue_.enqueueReadBuffer(selection_values_[current], CL_FALSE, 0, values.size() * 4,
                                 values.data());
        queue_.enqueueReadBuffer(selection_indices_[current], CL_TRUE, 0, indices.size() * 4,
                                 indices.data());
    } catch (const cl::Error& error) {
        throw engine::ModelError("OpenCL device " + device_.name +
                                 " failed: " + error_name(error.err()));
    }
    for (std::size_t i = 0; i < best.size(); ++i) best[i] = {values[i], indices[i]};
}

}  // namespace fantasma::opencl
