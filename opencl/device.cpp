#include "opencl/device.hpp"

#include "engine/error.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>

namespace fantasma::opencl {
namespace {

bool has_extension(const std::string& extensions, std::string_view name) {
    // Extensions are space-separated; match whole names only.
    std::size_t at = 0;
    while ((at = extensions.find(name, at)) != std::string::npos) {
        const std::size_t end = at + name.size();
        const bool starts = at == 0 || extensions[at - 1] == ' ';
        const bool ends = end == extensions.size() || extensions[end] == ' ';
        if (starts && ends) return true;
        at = end;
    }
    return false;
}

// "OpenCL C 1.2 ..." or later: our kernels are written to 1.2.
bool runs_opencl_c_1_2(const std::string& version) {
    const std::string_view prefix = "OpenCL C ";
    if (version.rfind(prefix, 0) != 0) return false;
    const int major = std::atoi(version.c_str() + prefix.size());
    const std::size_t dot = version.find('.', prefix.size());
    const int minor = dot == std::string::npos ? 0 : std::atoi(version.c_str() + dot + 1);
    return major > 1 || (major == 1 && minor >= 2);
}

DeviceInfo describe(const cl::Platform& platform, const cl::Device& device, int index) {
    DeviceInfo info;
    info.index = index;
    info.platform = platform.getInfo<CL_PLATFORM_NAME>();
    info.name = device.getInfo<CL_DEVICE_NAME>();
    info.vendor = device.getInfo<CL_DEVICE_VENDOR>();
    info.driver_version = device.getInfo<CL_DRIVER_VERSION>();
    info.opencl_c_version = device.getInfo<CL_DEVICE_OPENCL_C_VERSION>();
    info.is_gpu = (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU) != 0;
    info.global_memory_bytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
    info.max_allocation_bytes = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
    info.local_memory_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    info.compute_units = int(device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
    info.max_work_group_size = int(device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>());
    const std::string extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
    info.fp16 = has_extension(extensions, "cl_khr_fp16");
    info.fp64 = has_extension(extensions, "cl_khr_fp64");
    info.subgroups = has_extension(extensions, "cl_khr_subgroups") ||
                     has_extension(extensions, "cl_intel_subgroups");
    info.dot_products = has_extension(extensions, "cl_khr_integer_dot_product") ||
                        has_extension(extensions, "cl_arm_integer_dot_product_int8") ||
                        has_extension(extensions, "cl_qcom_dot_product8");
    info.opencl_c_1_2 = runs_opencl_c_1_2(info.opencl_c_version);
    return info;
}

}  // namespace

std::vector<Device> find_devices() {
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error&) {
        return {};  // CL_PLATFORM_NOT_FOUND_KHR: the loader found no driver
    }
    std::vector<Device> devices;
    for (const auto& platform : platforms) {
        std::vector<cl::Device> found;
        try {
            platform.getDevices(CL_DEVICE_TYPE_ALL, &found);
        } catch (const cl::Error&) {
            continue;  // CL_DEVICE_NOT_FOUND: a platform without devices
        }
        for (const auto& device : found)
            devices.push_back({describe(platform, device, int(devices.size())), device});
    }
    return devices;
}

namespace {

std::string lower(std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// The device `requested` names among `devices`: by number when it is all digits, else the
// first whose name holds it.
Device named_device(const std::vector<Device>& devices, const std::string& requested) {
    const bool number = std::all_of(requested.begin(), requested.end(),
                                    [](unsigned char c) { return std::isdigit(c); });
    if (number) {
        const std::size_t index = requested.size() > 7 ? devices.size() : std::stoul(requested);
        if (index >= devices.size())
            throw engine::ModelError("OpenCL device " + requested + " does not exist (" +
                                     std::to_string(devices.size()) +
                                     (devices.size() == 1 ? " device" : " devices") +
                                     " found; see fantasma devices)");
        return devices[index];
    }
    for (const Device& device : devices)
        if (lower(device.info.name).find(lower(requested)) != std::string::npos) return device;
    std::string names;
    for (const Device& device : devices)
        names += (names.empty() ? "" : ", ") + std::to_string(device.info.index) + " " +
                 device.info.name;
    throw engine::ModelError("no OpenCL device is named '" + requested + "' (found: " + names +
                             "; see fantasma devices)");
}

}  // namespace

Device choose_device(const std::string& requested) {
    auto devices = find_devices();
    if (devices.empty())
        throw engine::ModelError("no OpenCL device found (no OpenCL driver is installed)");
    if (!requested.empty()) {
        Device chosen = named_device(devices, requested);
        if (!chosen.info.opencl_c_1_2)
            throw engine::ModelError("OpenCL device " + std::to_string(chosen.info.index) + " (" +
                                     chosen.info.name + ") does not run OpenCL C 1.2");
        return chosen;
    }
    if (auto gpu = find_gpu()) return *gpu;
    for (auto& device : devices)
        if (device.info.opencl_c_1_2) return device;
    throw engine::ModelError("no OpenCL device runs OpenCL C 1.2");
}

std::optional<Device> find_gpu() {
    for (auto& device : find_devices())
        if (device.info.is_gpu && device.info.opencl_c_1_2) return device;
    return std::nullopt;
}

}  // namespace fantasma::opencl
