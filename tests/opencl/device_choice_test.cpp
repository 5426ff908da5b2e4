// Choosing a device, falling back to the CPU, and the on-disk program cache.

#include "backends/backend_factory.hpp"
#include "engine/error.hpp"
#include "opencl_test_support.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace fantasma::opencl;
namespace fs = std::filesystem;

namespace {

struct ScratchFolder {
    fs::path path =
        fs::temp_directory_path() / ("fantasma-opencl-cache-test-" + std::to_string(::getpid()));
    ~ScratchFolder() { fs::remove_all(path); }
};

std::size_t file_count(const fs::path& folder) {
    if (!fs::exists(folder)) return 0;
    return std::size_t(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

}  // namespace

TEST_CASE("devices are listed with what they can do", "[opencl]") {
    const auto devices = find_devices();
    if (devices.empty()) {
        CHECK_THROWS_WITH(choose_device(), Catch::Contains("no OpenCL device"));
        fantasma::testing::skip("no OpenCL device: nothing to list");
        return;
    }
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const DeviceInfo& info = devices[i].info;
        CHECK(info.index == int(i));
        CHECK(!info.name.empty());
        CHECK(info.global_memory_bytes > 0);
        CHECK(info.compute_units > 0);
        CHECK(info.opencl_c_version.rfind("OpenCL C ", 0) == 0);
    }
}

TEST_CASE("a device is named by its number or part of its name", "[opencl]") {
    if (!testing::have_device()) return;
    const Device first = find_devices().front();
    CHECK(choose_device("0").info.name == first.info.name);
    std::string part = first.info.name.substr(0, 4);
    for (char& c : part) c = char(std::toupper(static_cast<unsigned char>(c)));
    CHECK(choose_device(part).info.index == 0);
    CHECK_THROWS_WITH(choose_device("99"), Catch::Contains("OpenCL device 99 does not exist"));
    CHECK_THROWS_WITH(choose_device("no-such-device"),
                      Catch::Contains("no OpenCL device is named 'no-such-device' (found: 0 "));
}

TEST_CASE("the factory: opencl fails in one line, auto runs on the CPU with a note", "[opencl]") {
    using namespace fantasma::backends;
    if (!testing::have_device()) return;
    CHECK_THROWS_WITH(make_backend({.kind = BackendKind::Opencl, .device = "99"}),
                      Catch::Contains("OpenCL device 99 does not exist"));
    const ChosenBackend noted = make_backend({.kind = BackendKind::Auto, .device = "99"});
    CHECK_THAT(noted.note, Catch::StartsWith("running on the CPU: OpenCL not used: OpenCL device "
                                             "99 does not exist"));
    CHECK(noted.note.find('\n') == std::string::npos);

    const ChosenBackend named = make_backend({.kind = BackendKind::Auto, .device = "0"});
    CHECK_THAT(named.note, Catch::StartsWith("running on OpenCL device 0 ("));
    CHECK_THAT(named.backend->name(), Catch::StartsWith("opencl"));
    // A device is only chosen by auto when it is a GPU; PoCL's CPU device is not.
    const ChosenBackend automatic = make_backend({.kind = BackendKind::Auto});
    CHECK(automatic.backend->name().starts_with("opencl") == find_gpu().has_value());
}

TEST_CASE("programs are cached on disk and a damaged cache is rebuilt", "[opencl]") {
    const auto devices = find_devices();
    if (devices.empty()) {
        fantasma::testing::skip("no OpenCL device");
        return;
    }
    const ScratchFolder cache;
    const Device& device = devices.front();
    const cl::Context context(device.device);
    const std::string source = "kernel void twice(global float* x) { x[get_global_id(0)] *= 2; }";
    const std::string options = "-cl-std=CL1.2";

    build_program(context, device.device, source, options, cache.path);
    const fs::path cached = cached_program_path(cache.path, device.device, source, options);
    REQUIRE(fs::exists(cached));
    CHECK(file_count(cache.path) == 1);
    // A different source is another entry; the same one loads the binary.
    build_program(context, device.device, source + "\n", options, cache.path);
    CHECK(file_count(cache.path) == 2);

    std::ofstream(cached, std::ios::binary | std::ios::trunc) << "not a program";
    const cl::Program rebuilt = build_program(context, device.device, source, options, cache.path);
    CHECK(fs::file_size(cached) > 13);  // replaced by a real binary again
    cl::Kernel kernel(rebuilt, "twice");
    CHECK(kernel.getInfo<CL_KERNEL_FUNCTION_NAME>() == "twice");

    CHECK_THROWS_WITH(
        build_program(context, device.device, "kernel void broken( {", options, cache.path),
        Catch::Contains("do not build"));
}
