#include "cli/engine_options.hpp"

#include <CLI/CLI.hpp>

#include "engine/cpu/reference_backend.hpp"
#include "engine/error.hpp"

namespace fantasma::cli {

void add_backend_option(CLI::App& command, std::string& backend_name) {
    command
        .add_option("--backend", backend_name,
                    "cpu (the float32 reference backend for now), reference (the float32 "
                    "reference backend, for debugging) or auto (the best one available: cpu for "
                    "now); opencl is planned")
        ->check(CLI::IsMember({"cpu", "auto", "reference", "opencl"}, CLI::ignore_case));
}

std::unique_ptr<engine::Backend> make_backend(const std::string& backend_name, int threads) {
    if (threads < 0) throw engine::ModelError("--threads must be 0 (one per core) or more");
    // Accepted by the parser so that the message can say why it is refused, not just "invalid".
    if (backend_name == "opencl")
        throw engine::ModelError(
            "--backend opencl: the OpenCL backend does not exist yet (use cpu or auto)");
    return std::make_unique<engine::cpu::ReferenceBackend>();
}

std::filesystem::path model_folder(const std::filesystem::path& model_path) {
    if (std::filesystem::is_directory(model_path)) return model_path;
    const std::filesystem::path parent = model_path.parent_path();
    return parent.empty() ? "." : parent;
}

}  // namespace fantasma::cli
