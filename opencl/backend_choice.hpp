#pragma once

#include "engine/backend.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace fantasma::opencl {

// `--backend opencl`: the OpenCL backend on `device` (from --device), else on the device
// FANTASMA_OPENCL_DEVICE names, else on the first GPU, else on the first device. Throws
// engine::ModelError with a one-line reason (no driver, no such device, kernels that do not
// build, no memory) for the caller to show.
std::unique_ptr<engine::Backend> make_opencl_backend(std::optional<int> device,
                                                     const std::filesystem::path& cache_dir);

// `--backend auto`: the OpenCL backend on a GPU (or on the device asked for) when that works;
// nothing when there is no GPU (the CPU backend is the better choice on a CPU). When OpenCL
// is missing altogether, or a device was there but failed, `note` says why, for one line on
// stderr.
std::unique_ptr<engine::Backend> make_auto_backend(std::optional<int> device,
                                                   const std::filesystem::path& cache_dir,
                                                   std::string& note);

}  // namespace fantasma::opencl
