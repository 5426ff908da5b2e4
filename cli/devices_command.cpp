#include "cli/devices_command.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <ostream>
#include <string>

#if FANTASMA_HAS_OPENCL
#include "opencl/device.hpp"
#endif

namespace fantasma::cli {
#if FANTASMA_HAS_OPENCL
namespace {

std::string bytes_text(std::uint64_t bytes) {
    char text[32];
    if (bytes >= (std::uint64_t(1) << 30))
        std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1 << 30));
    else if (bytes >= (std::uint64_t(1) << 20))
        std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(1 << 20));
    else
        std::snprintf(text, sizeof text, "%llu KiB", static_cast<unsigned long long>(bytes >> 10));
    return text;
}

const char* yes_no(bool value) {
    return value ? "yes" : "no";
}

void describe(std::ostream& out, const opencl::DeviceInfo& d) {
    out << "  device " << d.index << ": " << d.name << " (" << (d.is_gpu ? "GPU" : "not a GPU")
        << ", " << d.vendor << ")\n"
        << "    driver " << d.driver_version << ", " << d.opencl_c_version
        << (d.opencl_c_1_2 ? "" : " (too old: fantasma needs OpenCL C 1.2)") << '\n'
        << "    memory " << bytes_text(d.global_memory_bytes) << " (largest buffer "
        << bytes_text(d.max_allocation_bytes) << "), local memory "
        << bytes_text(d.local_memory_bytes) << ", " << d.compute_units
        << " compute units, work groups up to " << d.max_work_group_size << '\n'
        << "    fp16 " << yes_no(d.fp16) << ", fp64 " << yes_no(d.fp64) << ", subgroups "
        << yes_no(d.subgroups) << ", integer dot products " << yes_no(d.dot_products) << '\n';
}

}  // namespace

int run_devices(std::ostream& out) {
    const auto devices = opencl::find_devices();
    if (devices.empty()) {
        out << "no OpenCL platform found (no OpenCL driver is installed); --backend auto runs "
               "on the CPU\n";
        return 0;
    }
    std::string platform;
    for (const auto& device : devices) {
        if (device.info.platform != platform) {
            platform = device.info.platform;
            out << "platform: " << platform << '\n';
        }
        describe(out, device.info);
    }
    const auto gpu = opencl::find_gpu();
    out << "--backend auto: "
        << (gpu ? "opencl on device " + std::to_string(gpu->info.index)
                : std::string("the CPU backend (no OpenCL GPU)"))
        << '\n';
    return 0;
}

#else
int run_devices(std::ostream& out) {
    out << "this build of fantasma has no OpenCL backend (it was configured with "
           "-DFANTASMA_OPENCL=OFF); --backend auto runs on the CPU\n";
    return 0;
}
#endif

CLI::App& add_devices_command(CLI::App& app) {
    return *app.add_subcommand(
        "devices",
        "List the OpenCL devices (--device N picks one for --backend opencl) and what they can "
        "do");
}

}  // namespace fantasma::cli
