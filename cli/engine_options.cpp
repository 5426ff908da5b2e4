#include "cli/engine_options.hpp"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>

namespace fantasma::cli {
void add_backend_option(CLI::App& command, backends::BackendOptions& backend) {
    command
        .add_option_function<std::string>(
            "--backend",
            [&backend](const std::string& name) {
                backend.kind = *backends::backend_kind_from_name(name);
            },
            "auto (the default: an OpenCL GPU with room for the model, else cpu; one line says "
            "which), cpu (the fast CPU backend: threads, AVX2, AVX-VNNI or AVX-512 where "
            "available, quantized weights in place), reference (the single-threaded float32 "
            "reference backend, for debugging) or opencl (an OpenCL device: see fantasma "
            "devices)")
        ->check(CLI::IsMember({"cpu", "auto", "reference", "opencl"}, CLI::ignore_case));
    command.add_option("--device", backend.device,
                       "the OpenCL device, as `fantasma devices` numbers it or part of its name "
                       "(also FANTASMA_OPENCL_DEVICE)");
}

void add_kernels_option(CLI::App& command, backends::BackendOptions& backend) {
    command.add_option(
        "--kernels", backend.cpu_kernels,
        "the cpu backend's kernel table (scalar, avx2, avx-vnni, avx512-vnni), to compare "
        "them on one machine; default: the fastest this processor runs");
}

backends::BackendOptions backend_options(backends::BackendOptions flags) {
    return backends::with_environment(std::move(flags),
                                      [](const char* name) { return std::getenv(name); });
}

backends::ModelOnBackend load_model(const backends::BackendOptions& flags,
                                    const std::filesystem::path& model) {
    backends::ModelOnBackend on_backend =
        backends::open_model_on_backend(backend_options(flags), model);
    if (!on_backend.note.empty()) std::cerr << "fantasma: " << on_backend.note << '\n';
    return on_backend;
}

}  // namespace fantasma::cli
