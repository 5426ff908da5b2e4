// Choosing a device, falling back to the CPU, and the on-disk program cache.

#include "engine/error.hpp"
#include "opencl/backend_choice.hpp"
#include "opencl_test_support.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace fantasma::opencl;
namespace fs = std::filesystem;

namespace {

// Sets an environment variable for one scope (tests run one per process).
struct ScopedEnvironment {
    const char* name;
    ScopedEnvironment(const char* name, const char* value) : name(name) {
        ::setenv(name, value, 1);
    }
    ~ScopedEnvironment() { ::unsetenv(name); }
};

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
        WARN("no OpenCL device: nothing to list");
        CHECK_THROWS_WITH(choose_device(std::nullopt), Catch::Contains("no OpenCL device"));
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

TEST_CASE("a device that does not exist is a one-line error, or a note under auto", "[opencl]") {
    if (find_devices().empty()) {
        WARN("no OpenCL device: only the no-device error is checked");
        CHECK_THROWS_WITH(make_opencl_backend(std::nullopt, {}),
                          Catch::Contains("no OpenCL device"));
        return;
    }
    CHECK_THROWS_WITH(make_opencl_backend(99, {}),
                      Catch::Contains("OpenCL device 99 does not exist"));
    std::string note;
    CHECK(make_auto_backend(99, {}, note) == nullptr);
    CHECK_THAT(
        note, Catch::Contains("device 99 does not exist") && Catch::Contains("running on the CPU"));
    CHECK(note.find('\n') == std::string::npos);

    SECTION("named by FANTASMA_OPENCL_DEVICE") {
        const ScopedEnvironment environment("FANTASMA_OPENCL_DEVICE", "7");
        CHECK_THROWS_WITH(make_opencl_backend(std::nullopt, {}),
                          Catch::Contains("OpenCL device 7 does not exist"));
    }
    SECTION("FANTASMA_OPENCL_DEVICE that is not a number") {
        const ScopedEnvironment environment("FANTASMA_OPENCL_DEVICE", "gpu");
        CHECK_THROWS_AS(make_opencl_backend(std::nullopt, {}), fantasma::engine::ModelError);
        note.clear();
        CHECK(make_auto_backend(std::nullopt, {}, note) == nullptr);
        CHECK_THAT(note, Catch::Contains("FANTASMA_OPENCL_DEVICE='gpu'"));
    }
}

TEST_CASE("auto uses a GPU and nothing else", "[opencl]") {
    std::string note;
    const auto backend = make_auto_backend(std::nullopt, {}, note);
    // Whether this machine has a GPU decides; on a CPU-only OpenCL (PoCL) auto stays quiet.
    CHECK((backend != nullptr) == find_gpu().has_value());
    CHECK(note.empty());
}

TEST_CASE("programs are cached on disk and a damaged cache is rebuilt", "[opencl]") {
    const auto devices = find_devices();
    if (devices.empty()) {
        WARN("no OpenCL device: cache not checked");
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
