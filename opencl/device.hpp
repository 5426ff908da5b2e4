#pragma once

#include "opencl/cl.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fantasma::opencl {

// One OpenCL device as `fantasma devices` lists it. Devices are numbered across platforms in
// the order the ICD loader reports them; that number (or part of the name) is what --device
// and the editor's `device` setting take.
struct DeviceInfo {
    int index = 0;
    std::string platform;
    std::string name;
    std::string vendor;
    std::string driver_version;
    std::string opencl_c_version;  // "OpenCL C 1.2 ..."
    bool is_gpu = false;
    std::uint64_t global_memory_bytes = 0;
    std::uint64_t max_allocation_bytes = 0;
    std::uint64_t local_memory_bytes = 0;
    int compute_units = 0;
    int max_work_group_size = 0;
    bool fp16 = false;          // cl_khr_fp16
    bool fp64 = false;          // cl_khr_fp64
    bool subgroups = false;     // cl_khr_subgroups or cl_intel_subgroups
    bool dot_products = false;  // cl_khr_integer_dot_product or a vendor dot-product extension
    bool opencl_c_1_2 = false;  // runs our kernels
};

struct Device {
    DeviceInfo info;
    cl::Device device;
};

// Every device of every platform; empty when there is no OpenCL platform (no ICD installed).
std::vector<Device> find_devices();

// The device to run on: the one `requested` names (its number, or part of its name, any case)
// when given, else the first GPU that runs OpenCL C 1.2, else the first device that does.
// Throws engine::ModelError with a one-line reason when there is none, or none of that number
// or name.
Device choose_device(const std::string& requested = "");

// The first OpenCL C 1.2 GPU, if any: what `--backend auto` runs on.
std::optional<Device> find_gpu();

}  // namespace fantasma::opencl
