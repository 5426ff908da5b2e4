#pragma once

#include "opencl/cl.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace fantasma::opencl {

// The file a program's binary is cached in: named by a hash of the device name, driver
// version, build options and source, so a new driver or an edited kernel never loads a stale
// binary.
std::filesystem::path cached_program_path(const std::filesystem::path& cache_dir,
                                          const cl::Device& device, std::string_view source,
                                          const std::string& options);

// The program built for `device`, from the cached binary when there is a good one, else from
// source (then cached). Compiling takes seconds (PoCL) and happens once per device and driver.
// A cache that cannot be read or written only costs the compile. Throws engine::ModelError
// with the compiler's first error line when the source does not build.
cl::Program build_program(const cl::Context& context, const cl::Device& device,
                          std::string_view source, const std::string& options,
                          const std::filesystem::path& cache_dir);

}  // namespace fantasma::opencl
