#include "cli/engine_options.hpp"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>

#include "engine/cpu/cpu_backend.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/error.hpp"
#include "opencl/backend_choice.hpp"
#include "opencl/program_cache.hpp"

namespace fantasma::cli {

void add_backend_option(CLI::App& command, std::string& backend_name) {
    command
        .add_option("--backend", backend_name,
                    "cpu (the fast CPU backend: threads, AVX2 where available, quantized "
                    "weights in place), reference (the single-threaded float32 reference "
                    "backend, for debugging), opencl (an OpenCL device: see fantasma devices) or "
                    "auto (an OpenCL GPU if there is one, else cpu)")
        ->check(CLI::IsMember({"cpu", "auto", "reference", "opencl"}, CLI::ignore_case));
    // The same as FANTASMA_OPENCL_DEVICE=N, which the OpenCL backend reads.
    command
        .add_option_function<int>(
            "--device",
            [](int index) { ::setenv("FANTASMA_OPENCL_DEVICE", std::to_string(index).c_str(), 1); },
            "the OpenCL device to run on, as `fantasma devices` numbers them")
        ->check(CLI::NonNegativeNumber);
}

std::unique_ptr<engine::Backend> make_backend(const std::string& backend_name, int threads) {
    if (threads < 0) throw engine::ModelError("--threads must be 0 (one per core) or more");
    if (backend_name == "opencl")
        return opencl::make_opencl_backend(std::nullopt, opencl::default_cache_dir());
    if (backend_name == "auto") {
        std::string note;  // why an OpenCL device that is there was not used
        if (auto backend =
                opencl::make_auto_backend(std::nullopt, opencl::default_cache_dir(), note))
            return backend;
        if (!note.empty()) std::cerr << "fantasma: " << note << '\n';
    }
    if (backend_name == "reference") return std::make_unique<engine::cpu::ReferenceBackend>();
    return std::make_unique<engine::cpu::CpuBackend>(engine::cpu::CpuOptions{.threads = threads});
}

namespace {

// The bytes of a model's weight files: a GGUF or .safetensors file, or a folder's .safetensors.
std::uint64_t model_file_bytes(const std::filesystem::path& model) {
    if (!std::filesystem::is_directory(model))
        return std::filesystem::exists(model) ? std::filesystem::file_size(model) : 0;
    std::uint64_t bytes = 0;
    for (const auto& entry : std::filesystem::directory_iterator(model))
        if (entry.path().extension() == ".safetensors") bytes += entry.file_size();
    return bytes;
}

}  // namespace

ModelOnBackend open_model_on_backend(const std::string& backend_name,
                                     const std::filesystem::path& model, int threads) {
    ModelOnBackend result{make_backend(backend_name, threads), {}};
    try {
        result.backend->check_model_size(model_file_bytes(model));
        result.loaded = engine::open_model(model, *result.backend);
    } catch (const engine::DeviceMemoryError& error) {
        if (backend_name != "auto") throw;
        std::cerr << "fantasma: " << error.what() << ", running on the CPU\n";
        result.loaded = {};
        result.backend =
            std::make_unique<engine::cpu::CpuBackend>(engine::cpu::CpuOptions{.threads = threads});
        result.loaded = engine::open_model(model, *result.backend);
    }
    return result;
}

std::filesystem::path model_folder(const std::filesystem::path& model_path) {
    if (std::filesystem::is_directory(model_path)) return model_path;
    const std::filesystem::path parent = model_path.parent_path();
    return parent.empty() ? "." : parent;
}

}  // namespace fantasma::cli
