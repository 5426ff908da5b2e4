#include "opencl/program_cache.hpp"

#include "engine/error.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <vector>

#include <unistd.h>

namespace fantasma::opencl {
namespace {

namespace fs = std::filesystem;

// FNV-1a, 64 bits: enough to tell programs apart, and stable across runs and compilers.
std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 0xcbf29ce484222325ULL) {
    for (const char c : text) {
        hash ^= std::uint8_t(c);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

std::string first_error_line(const std::string& log) {
    std::istringstream lines(log);
    std::string line;
    while (std::getline(lines, line))
        if (line.find("error") != std::string::npos) return line;
    return log.substr(0, log.find('\n'));
}

std::vector<unsigned char> read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Written to a temporary name then renamed, so a reader never sees half a binary.
void write_file_atomically(const fs::path& path, const std::vector<unsigned char>& bytes) {
    std::error_code ignored;
    fs::create_directories(path.parent_path(), ignored);
    const fs::path temporary = path.string() + ".tmp" + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out) {
            fs::remove(temporary, ignored);
            return;
        }
    }
    fs::rename(temporary, path, ignored);
    if (ignored) fs::remove(temporary, ignored);
}

std::optional<cl::Program> load_cached(const cl::Context& context, const cl::Device& device,
                                       const fs::path& path, const std::string& options) {
    std::vector<unsigned char> binary = read_file(path);
    if (binary.empty()) return std::nullopt;
    try {
        cl::Program program(context, {device}, cl::Program::Binaries{binary});
        program.build({device}, options.c_str());
        return program;
    } catch (const cl::Error&) {
        return std::nullopt;  // a damaged or foreign binary: compile from source instead
    }
}

void store_cached(const cl::Program& program, const fs::path& path) {
    try {
        const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
        if (binaries.size() == 1 && !binaries[0].empty()) write_file_atomically(path, binaries[0]);
    } catch (const cl::Error&) {
        // Some drivers give no binaries; the program still runs, it is just compiled again.
    }
}

}  // namespace

fs::path cached_program_path(const fs::path& cache_dir, const cl::Device& device,
                             std::string_view source, const std::string& options) {
    std::uint64_t key = fnv1a(device.getInfo<CL_DEVICE_NAME>());
    key = fnv1a(std::string("\n") + device.getInfo<CL_DRIVER_VERSION>(), key);
    key = fnv1a("\n" + options + "\n", key);
    key = fnv1a(source, key);
    char name[32];
    std::snprintf(name, sizeof name, "%016llx.bin", static_cast<unsigned long long>(key));
    return cache_dir / name;
}

cl::Program build_program(const cl::Context& context, const cl::Device& device,
                          std::string_view source, const std::string& options,
                          const fs::path& cache_dir) {
    const fs::path path =
        cache_dir.empty() ? fs::path() : cached_program_path(cache_dir, device, source, options);
    if (!path.empty())
        if (auto program = load_cached(context, device, path, options)) return *program;

    cl::Program program(context, std::string(source));
    try {
        program.build({device}, options.c_str());
    } catch (const cl::Error&) {
        std::string log;
        try {
            log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
        } catch (const cl::Error&) {
        }
        throw engine::ModelError("OpenCL kernels do not build on " +
                                 device.getInfo<CL_DEVICE_NAME>() + ": " + first_error_line(log));
    }
    if (!path.empty()) store_cached(program, path);
    return program;
}

}  // namespace fantasma::opencl
