#pragma once

// The OpenCL backend next to the CPU reference backend: the same random inputs go to both,
// and the outputs are compared.

#include "engine/cpu/reference_backend.hpp"
#include "opencl/opencl_backend.hpp"
#include "opencl/program_cache.hpp"
#include "skip.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <vector>

namespace fantasma::opencl::testing {

namespace fe = fantasma::engine;

// Where the tests keep compiled programs: the build folder's, which CTest names.
inline std::filesystem::path test_cache_dir() {
    const char* dir = std::getenv("FANTASMA_OPENCL_CACHE_DIR");
    return dir != nullptr ? dir : "";
}

// Whether this machine has an OpenCL device; when not, the test is reported skipped.
inline bool have_device() {
    const bool found = !find_devices().empty();
    if (!found) fantasma::testing::skip("no OpenCL device");
    return found;
}

// The backend on the first device, or null (the test reported skipped) when this machine has
// no OpenCL device. One backend per test process: GENERATE runs a test case many times, and
// each new backend would load its programs again.
inline OpenclBackend* open_backend() {
    static const std::unique_ptr<OpenclBackend> backend =
        find_devices().empty() ? nullptr
                               : std::make_unique<OpenclBackend>(choose_device(), test_cache_dir());
    if (!backend) fantasma::testing::skip("no OpenCL device");
    return backend.get();
}

// A backend with matmul's other kernel: a work item per weight row (CPU devices' default) or
// a work-group per row (GPUs'), so both are tested on any device.
inline OpenclBackend* open_backend_with_matmul(bool row_per_item) {
    if (!open_backend()) return nullptr;
    const auto make = [](bool per_item) {
        Tuning tuning;
        tuning.matmul_row_per_item = per_item;
        return std::make_unique<OpenclBackend>(choose_device(), test_cache_dir(), tuning);
    };
    static const std::unique_ptr<OpenclBackend> per_item = make(true), per_group = make(false);
    return row_per_item ? per_item.get() : per_group.get();
}

// A backend whose delta rule runs in chunks (delta_rule_chunked) for every call and head size,
// or token by token for every call, whatever the device's default. Same programs as open_backend's (the
// choice is made at launch), so they come from the program cache.
inline OpenclBackend* open_backend_with_delta(bool chunked) {
    if (!open_backend()) return nullptr;
    const auto make = [](bool in_chunks) {
        const Device device = choose_device();
        Tuning tuning = default_tuning(!device.info.is_gpu);
        tuning.delta_chunked_min_tokens = in_chunks ? 1 : 0;
        tuning.delta_chunked_min_head_dim = 0;
        return std::make_unique<OpenclBackend>(device, test_cache_dir(), tuning);
    };
    static const std::unique_ptr<OpenclBackend> in_chunks = make(true), by_token = make(false);
    return chunked ? in_chunks.get() : by_token.get();
}

// A tensor on each backend holding the same values.
struct Twin {
    fe::Tensor cpu, gpu;

    Twin rows(int begin, int count) const {
        return {cpu.row_range(begin, count), gpu.row_range(begin, count)};
    }
    Twin cols(int begin, int count) const {
        return {cpu.col_range(begin, count), gpu.col_range(begin, count)};
    }
    Twin reshaped(int rows, int cols) const {
        return {cpu.reshaped(rows, cols), gpu.reshaped(rows, cols)};
    }
};

struct TwinWeight {
    fe::Weight cpu, gpu;
};

class Both {
  public:
    explicit Both(OpenclBackend& gpu) : gpu(gpu) {}

    fe::cpu::ReferenceBackend cpu;
    OpenclBackend& gpu;
    std::mt19937 random{1234};

    std::vector<float> values(std::size_t count, float scale = 1.0f) {
        std::uniform_real_distribution<float> uniform(-scale, scale);
        std::vector<float> out(count);
        for (auto& v : out) v = uniform(random);
        return out;
    }

    Twin tensor(int rows, int cols, float scale = 1.0f) {
        Twin t{cpu.allocate(rows, cols), gpu.allocate(rows, cols)};
        const auto v = values(std::size_t(rows) * std::size_t(cols), scale);
        cpu.write(t.cpu, v);
        gpu.write(t.gpu, v);
        return t;
    }

    TwinWeight weight(const fe::TensorData& data, int rows, int cols) {
        return {cpu.prepare_weight(data, rows, cols), gpu.prepare_weight(data, rows, cols)};
    }

    // Float32 weight values kept alive for the TensorData views.
    TwinWeight float_weight(int rows, int cols, float scale = 1.0f) {
        storage.push_back(values(std::size_t(rows) * std::size_t(cols), scale));
        const auto& v = storage.back();
        fe::TensorData data{
            "w", fe::DType::f32, {rows, cols}, std::as_bytes(std::span<const float>(v))};
        return weight(data, rows, cols);
    }

    // The largest |difference| of the two, relative to max(1, the largest |cpu value|).
    double difference(Twin t) {
        std::vector<float> a(std::size_t(t.cpu.rows) * std::size_t(t.cpu.cols));
        std::vector<float> b(a.size());
        cpu.read(a, t.cpu);
        gpu.read(b, t.gpu);
        double scale = 1, worst = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!std::isfinite(b[i])) return INFINITY;
            scale = std::max(scale, double(std::fabs(a[i])));
            worst = std::max(worst, double(std::fabs(a[i] - b[i])));
        }
        return worst / scale;
    }

    std::vector<std::vector<float>> storage;
};

}  // namespace fantasma::opencl::testing
