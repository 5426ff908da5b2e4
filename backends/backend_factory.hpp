#pragma once
// The one way fantasma makes an engine backend: the CLI's --backend/--device, the rewriter and
// the language server's `backend`/`device` settings all come here with explicit options. The
// environment is read only by the programs' main() (with_environment), never below.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/backend.hpp"
#include "engine/session.hpp"

namespace fantasma::backends {

enum class BackendKind {
    Auto,       // the best OpenCL GPU with room for the model, else the fast CPU backend
    Cpu,        // the fast CPU backend
    Reference,  // the single-threaded float32 reference backend (tests, debugging)
    Opencl,     // an OpenCL device (a GPU, or PoCL on the CPU), or a clear error
};
// "auto", "cpu", "reference", "opencl" (any case); nothing for another name.
std::optional<BackendKind> backend_kind_from_name(std::string_view name);
const char* backend_kind_name(BackendKind kind);

struct BackendOptions {
    BackendKind kind = BackendKind::Auto;
    // The OpenCL device: empty to choose, a number as `fantasma devices` lists them, or part of
    // a device's name ("H200", "pthread"). Naming one makes auto consider it even if it is not
    // a GPU.
    std::string device{};
    int threads = 0;  // the CPU backend's threads; 0: one per core
    // The CPU backend's kernel table ("scalar", "avx2", "avx-vnni", "avx512-vnni"); empty: the
    // fastest this processor runs. Naming one compares the tables on one machine (`fantasma
    // bench`).
    std::string cpu_kernels{};
    // At most this much of the device's memory (MiB, fractions allowed); 0: all of it.
    double memory_limit_mib = 0;
    std::filesystem::path kernel_cache_dir{};  // compiled OpenCL programs; empty: not kept
    // OpenCL tuning overrides (opencl/tuning.hpp), for measuring against the defaults.
    std::optional<int> gemm_min_tokens{};
    std::optional<int> delta_chunked_min_tokens{};
};

// What a program's main() reads from its environment, when the options leave it open:
// FANTASMA_OPENCL_DEVICE, FANTASMA_OPENCL_MEMORY_MIB, FANTASMA_OPENCL_CACHE_DIR (else
// $XDG_CACHE_HOME/fantasma/opencl, else ~/.cache/fantasma/opencl),
// FANTASMA_OPENCL_GEMM_MIN_TOKENS, FANTASMA_OPENCL_DELTA_CHUNKED_MIN_TOKENS. `lookup` is
// std::getenv in the programs, a table in tests. Throws engine::ModelError for a value that
// is not a number.
using EnvironmentLookup = std::function<const char*(const char*)>;
BackendOptions with_environment(BackendOptions options, const EnvironmentLookup& lookup);

// Whether this build has the OpenCL backend (cmake -DFANTASMA_OPENCL=OFF leaves it out).
bool built_with_opencl();

struct ChosenBackend {
    std::unique_ptr<engine::Backend> backend;
    // One line: where the model runs and why ("running on OpenCL device 0 (NVIDIA H200)",
    // "running on the CPU: no OpenCL GPU found"). Empty when the kind was named outright.
    std::string note;
};

// The backend the options name. Throws engine::ModelError with a one-line reason for an
// OpenCL backend that cannot be had (no driver, no such device, kernels that do not build, a
// build without OpenCL); under auto those reasons become the note and the CPU is used.
ChosenBackend make_backend(const BackendOptions& options);

// A model loaded on the backend the options name. Under auto, a device without room for the
// model (engine::DeviceMemoryError: its files are larger than the device's memory, or a
// weight or work buffer did not fit) means the CPU backend, and the note says so; under
// opencl that error is the caller's. Members in this order: the backend outlives the model.
struct ModelOnBackend {
    std::unique_ptr<engine::Backend> backend;
    engine::LoadedModel loaded;
    std::string note;
};
ModelOnBackend open_model_on_backend(const BackendOptions& options,
                                     const std::filesystem::path& model);

}  // namespace fantasma::backends
