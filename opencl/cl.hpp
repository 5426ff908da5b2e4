#pragma once

// The OpenCL C++ bindings, configured once for the whole folder: OpenCL 1.2 both as the target
// and as the minimum (every device we accept runs 1.2 programs), errors as exceptions.
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#if defined(__GNUC__)
#pragma GCC system_header  // the bindings do not compile warning-free under -Wpedantic
#endif
#include <CL/opencl.hpp>
