#include "backends/backend_factory.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "engine/cpu/cpu_backend.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/error.hpp"

#if FANTASMA_HAS_OPENCL
#include "opencl/device.hpp"
#include "opencl/opencl_backend.hpp"
#endif

namespace fantasma::backends {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t(1) << 20;

// Used only in the OpenCL device checks, which builds without OpenCL leave out.
[[maybe_unused]] std::string bytes_text(std::uint64_t bytes) {
    char text[32];
    if (bytes >= (std::uint64_t(1) << 30))
        std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1 << 30));
    else
        std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(kMiB));
    return text;
}

std::unique_ptr<engine::Backend> cpu_backend(const BackendOptions& options) {
    if (options.threads < 0) throw engine::ModelError("threads must be 0 (one per core) or more");
    return std::make_unique<engine::cpu::CpuBackend>(
        engine::cpu::CpuOptions{.threads = options.threads, .kernels = options.cpu_kernels});
}

// The bytes of a model's weight files: a GGUF or .safetensors file, or a folder's .safetensors
// (or its one GGUF, which then stands for the folder).
std::uint64_t model_file_bytes(const std::filesystem::path& model) {
    std::error_code error;
    if (!std::filesystem::is_directory(model, error)) {
        const auto size = std::filesystem::file_size(model, error);
        return error ? 0 : size;
    }
    std::uint64_t bytes = 0;
    for (const auto& entry : std::filesystem::directory_iterator(model, error))
        if (entry.path().extension() == ".safetensors" || entry.path().extension() == ".gguf")
            bytes += entry.file_size(error);
    return bytes;
}

#if FANTASMA_HAS_OPENCL

std::unique_ptr<opencl::OpenclBackend> opencl_backend_on(const opencl::Device& device,
                                                         const BackendOptions& options) {
    opencl::Tuning tuning = opencl::default_tuning(!device.info.is_gpu);
    if (options.gemm_min_tokens) tuning.gemm_min_tokens = std::max(0, *options.gemm_min_tokens);
    if (options.delta_chunked_min_tokens)
        tuning.delta_chunked_min_tokens = std::max(0, *options.delta_chunked_min_tokens);
    auto backend =
        std::make_unique<opencl::OpenclBackend>(device, options.kernel_cache_dir, tuning);
    if (options.memory_limit_mib > 0)
        backend->set_memory_budget(std::min<std::uint64_t>(
            std::uint64_t(std::min(options.memory_limit_mib, 1e12) * double(kMiB)),
            backend->memory_budget()));
    return backend;
}

std::string device_text(const opencl::DeviceInfo& info) {
    return "OpenCL device " + std::to_string(info.index) + " (" + info.name + ", " +
           bytes_text(info.global_memory_bytes) + ")";
}

// Auto: the GPU with the most memory (or the device named), when the model fits in what it
// may use; else the CPU, and the note says why.
ChosenBackend auto_backend(const BackendOptions& options, std::uint64_t model_bytes) {
    try {
        const std::vector<opencl::Device> devices = opencl::find_devices();
        if (devices.empty())
            return {cpu_backend(options), "running on the CPU: no OpenCL driver or device found"};
        std::optional<opencl::Device> device;
        if (!options.device.empty()) {
            device = opencl::choose_device(options.device);
        } else {
            for (const opencl::Device& candidate : devices)
                if (candidate.info.is_gpu && candidate.info.opencl_c_1_2 &&
                    (!device ||
                     candidate.info.global_memory_bytes > device->info.global_memory_bytes))
                    device = candidate;
        }
        if (!device)
            return {cpu_backend(options),
                    "running on the CPU: no OpenCL GPU found (OpenCL on a CPU is slower than "
                    "the CPU backend)"};
        std::uint64_t room = device->info.global_memory_bytes;
        if (options.memory_limit_mib > 0)
            room = std::min<std::uint64_t>(room, std::uint64_t(options.memory_limit_mib * kMiB));
        if (model_bytes > room)
            return {cpu_backend(options), "running on the CPU: the model (" +
                                              bytes_text(model_bytes) + ") does not fit in " +
                                              device_text(device->info) + "'s " + bytes_text(room)};
        return {opencl_backend_on(*device, options), "running on " + device_text(device->info)};
    } catch (const std::exception& error) {
        return {cpu_backend(options),
                std::string("running on the CPU: OpenCL not used: ") + error.what()};
    }
}

std::unique_ptr<engine::Backend> named_opencl_backend(const BackendOptions& options) {
    return opencl_backend_on(opencl::choose_device(options.device), options);
}

#else

ChosenBackend auto_backend(const BackendOptions& options, std::uint64_t) {
    return {cpu_backend(options), "running on the CPU: this build of fantasma has no OpenCL"};
}

std::unique_ptr<engine::Backend> named_opencl_backend(const BackendOptions&) {
    throw engine::ModelError(
        "this build of fantasma has no OpenCL backend (it was configured with "
        "-DFANTASMA_OPENCL=OFF); use --backend cpu or auto");
}

#endif

ChosenBackend make_for_model(const BackendOptions& options, std::uint64_t model_bytes) {
    switch (options.kind) {
        case BackendKind::Reference:
            return {std::make_unique<engine::cpu::ReferenceBackend>(), ""};
        case BackendKind::Cpu:
            return {cpu_backend(options), ""};
        case BackendKind::Opencl:
            return {named_opencl_backend(options), ""};
        case BackendKind::Auto:
            break;
    }
    return auto_backend(options, model_bytes);
}

// `unit`: what the number counts, for the message (" of MiB", " of tokens").
double number_from(const char* name, const char* value, const char* unit) {
    char* end = nullptr;
    const double number = std::strtod(value, &end);
    if (end == value || *end != '\0' || !(number >= 0))
        throw engine::ModelError(std::string(name) + "=" + value + ": not a number" + unit);
    return number;
}

}  // namespace

std::optional<BackendKind> backend_kind_from_name(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (lower == "auto") return BackendKind::Auto;
    if (lower == "cpu") return BackendKind::Cpu;
    if (lower == "reference") return BackendKind::Reference;
    if (lower == "opencl") return BackendKind::Opencl;
    return std::nullopt;
}

const char* backend_kind_name(BackendKind kind) {
    switch (kind) {
        case BackendKind::Auto:
            return "auto";
        case BackendKind::Cpu:
            return "cpu";
        case BackendKind::Reference:
            return "reference";
        case BackendKind::Opencl:
            return "opencl";
    }
    return "auto";
}

BackendOptions with_environment(BackendOptions options, const EnvironmentLookup& lookup) {
    const auto set = [&](const char* name) -> const char* {
        const char* value = lookup(name);
        return value != nullptr && *value != '\0' ? value : nullptr;
    };
    if (const char* value = set("FANTASMA_OPENCL_DEVICE"); value && options.device.empty())
        options.device = value;
    if (const char* value = set("FANTASMA_OPENCL_MEMORY_MIB");
        value && options.memory_limit_mib == 0)
        options.memory_limit_mib = number_from("FANTASMA_OPENCL_MEMORY_MIB", value, " of MiB");
    if (options.kernel_cache_dir.empty()) {
        if (const char* dir = set("FANTASMA_OPENCL_CACHE_DIR"))
            options.kernel_cache_dir = dir;
        else if (const char* cache = set("XDG_CACHE_HOME"))
            options.kernel_cache_dir = std::filesystem::path(cache) / "fantasma" / "opencl";
        else if (const char* home = set("HOME"))
            options.kernel_cache_dir =
                std::filesystem::path(home) / ".cache" / "fantasma" / "opencl";
    }
    if (const char* value = set("FANTASMA_OPENCL_GEMM_MIN_TOKENS");
        value && !options.gemm_min_tokens)
        options.gemm_min_tokens =
            int(number_from("FANTASMA_OPENCL_GEMM_MIN_TOKENS", value, " of tokens"));
    if (const char* value = set("FANTASMA_OPENCL_DELTA_CHUNKED_MIN_TOKENS");
        value && !options.delta_chunked_min_tokens)
        options.delta_chunked_min_tokens =
            int(number_from("FANTASMA_OPENCL_DELTA_CHUNKED_MIN_TOKENS", value, " of tokens"));
    return options;
}

bool built_with_opencl() {
    return FANTASMA_HAS_OPENCL != 0;
}

ChosenBackend make_backend(const BackendOptions& options) {
    return make_for_model(options, 0);
}

ModelOnBackend open_model_on_backend(const BackendOptions& options,
                                     const std::filesystem::path& model) {
    const std::uint64_t bytes = model_file_bytes(model);
    ChosenBackend chosen = make_for_model(options, bytes);
    ModelOnBackend result{std::move(chosen.backend), {}, std::move(chosen.note)};
    try {
        result.backend->check_model_size(bytes);
        result.loaded = engine::open_model(model, *result.backend);
    } catch (const engine::DeviceMemoryError& error) {
        if (options.kind != BackendKind::Auto) throw;
        result.loaded = {};  // before the backend it lives on
        result.backend = cpu_backend(options);
        result.note = std::string("running on the CPU: ") + error.what();
        result.loaded = engine::open_model(model, *result.backend);
    }
    return result;
}

}  // namespace fantasma::backends
