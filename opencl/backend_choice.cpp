#include "opencl/backend_choice.hpp"

#include "engine/error.hpp"
#include "opencl/opencl_backend.hpp"

#include <algorithm>
#include <cstdlib>

namespace fantasma::opencl {
namespace {

// FANTASMA_OPENCL_GEMM_MIN_TOKENS=n sends batches of n tokens or more through CLBlast's GEMM,
// FANTASMA_OPENCL_DELTA_CHUNKED_MIN_TOKENS=n through the chunked delta rule (0: never; see
// Tuning), for measuring them against the defaults on a device.
Tuning tuning_from_environment(const Device& device) {
    Tuning tuning = default_tuning(!device.info.is_gpu);
    if (const char* value = std::getenv("FANTASMA_OPENCL_GEMM_MIN_TOKENS"); value && *value)
        tuning.gemm_min_tokens = std::max(0, std::atoi(value));
    if (const char* value = std::getenv("FANTASMA_OPENCL_DELTA_CHUNKED_MIN_TOKENS");
        value && *value)
        tuning.delta_chunked_min_tokens = std::max(0, std::atoi(value));
    return tuning;
}

std::unique_ptr<engine::Backend> make_backend_on(const Device& device,
                                                 const std::filesystem::path& cache_dir) {
    auto backend =
        std::make_unique<OpenclBackend>(device, cache_dir, tuning_from_environment(device));
    // FANTASMA_OPENCL_MEMORY_MIB=m: use at most m MiB (a fraction allowed) of the device's
    // memory, to leave room for other programs, or to test running out of it.
    if (const char* value = std::getenv("FANTASMA_OPENCL_MEMORY_MIB"); value && *value) {
        char* end = nullptr;
        const double budget = std::strtod(value, &end);
        if (end == value || *end != '\0' || !(budget >= 0))
            throw engine::ModelError(std::string("FANTASMA_OPENCL_MEMORY_MIB=") + value +
                                     ": not a number of MiB");
        backend->set_memory_budget(std::min<std::uint64_t>(
            std::uint64_t(std::min(budget, 1e12) * 1048576.0), backend->memory_budget()));
    }
    return backend;
}

}  // namespace

std::unique_ptr<engine::Backend> make_opencl_backend(std::optional<int> device,
                                                     const std::filesystem::path& cache_dir) {
    if (!device) device = device_from_environment();
    return make_backend_on(choose_device(device), cache_dir);
}

std::unique_ptr<engine::Backend> make_auto_backend(std::optional<int> device,
                                                   const std::filesystem::path& cache_dir,
                                                   std::string& note) {
    try {
        if (!device) device = device_from_environment();
        if (!device && find_devices().empty()) {
            note = "no OpenCL driver or device found, running on the CPU";
            return nullptr;
        }
        // OpenCL on a CPU (PoCL) is slower than the CPU backend: not a failure, no note.
        if (!device && !find_gpu()) return nullptr;
        return make_backend_on(choose_device(device), cache_dir);
    } catch (const std::exception& error) {
        note = std::string("OpenCL not used, running on the CPU: ") + error.what();
        return nullptr;
    }
}

}  // namespace fantasma::opencl
