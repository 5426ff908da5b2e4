// `fantasma-bench-opencl [--cache DIR]`: the OpenCL backend's two tuning questions on the
// first device (`fantasma devices` lists them), medians of several calls:
//   - the delta rule in chunks against token by token, on the 0.8B model's shapes (64 tokens
//     a call), for choosing Tuning::delta_chunked_min_tokens on a device;
//   - selecting the best k of a 248,320-entry logits row on the device against reading the
//     whole row back, and what the host then spends drawing a token from either.
// Compiled programs are kept in DIR when given (the first run compiles them: seconds on PoCL).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/sampling/sampler.hpp"
#include "opencl/device.hpp"
#include "opencl/opencl_backend.hpp"
#include "opencl/tuning.hpp"

namespace fe = fantasma::engine;
namespace fo = fantasma::opencl;

namespace {

// Median milliseconds of `repetitions` calls of `run`.
double median_ms(int repetitions, const std::function<void()>& run) {
    std::vector<double> seconds;
    for (int r = 0; r < repetitions; ++r) {
        const auto start = std::chrono::steady_clock::now();
        run();
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    return seconds[seconds.size() / 2] * 1e3;
}

// A tensor of uniform random values in [-scale, scale).
fe::Tensor random_tensor(fo::OpenclBackend& gpu, std::mt19937& random, int rows, int cols,
                         float scale = 1.0f) {
    std::uniform_real_distribution<float> uniform(-scale, scale);
    std::vector<float> values(std::size_t(rows) * std::size_t(cols));
    for (float& value : values) value = uniform(random);
    const fe::Tensor tensor = gpu.allocate(rows, cols);
    gpu.write(tensor, values);
    return tensor;
}

void delta_rule_speed(const fo::Device& device, const std::filesystem::path& cache) {
    const int Hk = 16, Hv = 16, D = 128, T = 64, repetitions = 7;
    const fe::DeltaShape shape{Hk, Hv, D, D, false};
    for (const bool chunked : {false, true}) {
        fo::Tuning tuning = fo::default_tuning(!device.info.is_gpu);
        tuning.delta_chunked_min_tokens = chunked ? 1 : 0;
        tuning.delta_chunked_min_head_dim = 0;
        fo::OpenclBackend gpu(device, cache, tuning);
        std::mt19937 random(1234);
        const fe::Tensor state = random_tensor(gpu, random, Hv * D, D, 0.1f);
        const fe::Tensor conv = random_tensor(gpu, random, T, 2 * Hk * D + Hv * D);
        const fe::Tensor g = random_tensor(gpu, random, T, Hv, 0.1f);
        const fe::Tensor beta = random_tensor(gpu, random, T, Hv);
        const fe::Tensor out = gpu.allocate(T, Hv * D);
        std::vector<float> one(1);
        const auto call = [&] {
            gpu.delta_rule(out, state, conv.col_range(0, Hk * D), conv.col_range(Hk * D, Hk * D),
                           conv.col_range(2 * Hk * D, Hv * D), g, beta, shape);
            gpu.read(one, out.row_range(0, 1).col_range(0, 1));  // waits for the kernel
        };
        call();  // untimed: the first launch
        std::printf("delta rule, %-14s %8.3f ms per call of %d tokens (median of %d)\n",
                    chunked ? "chunked:" : "token by token:", median_ms(repetitions, call), T,
                    repetitions);
    }
}

void top_k_speed(const fo::Device& device, const std::filesystem::path& cache) {
    const int vocab = 248320, repetitions = 21;
    fo::OpenclBackend gpu(device, cache);
    std::mt19937 random(1234);
    const fe::Tensor row = random_tensor(gpu, random, 1, vocab);
    std::vector<float> whole(static_cast<std::size_t>(vocab));
    std::printf("read the row:                %8.3f ms\n",
                median_ms(repetitions, [&] { gpu.read(whole, row); }));
    for (const int k : {1, 40}) {
        std::vector<fe::Candidate> best(static_cast<std::size_t>(k));
        std::printf("top_k %-2d on the device:      %8.3f ms\n", k,
                    median_ms(repetitions, [&] { gpu.top_k(best, row); }));
        fe::SamplingSettings settings;
        settings.temperature = k == 1 ? 0.0f : 0.8f;
        settings.top_k = k;
        fe::Sampler sampler(settings);
        std::printf("  host draw from the row:    %8.3f ms\n",
                    median_ms(repetitions, [&] { sampler.sample(whole, {}); }));
        std::printf("  host draw from the best k: %8.3f ms\n",
                    median_ms(repetitions, [&] { sampler.sample_best(best); }));
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::filesystem::path cache;
    if (argc == 3 && std::string(argv[1]) == "--cache") {
        cache = argv[2];
    } else if (argc != 1) {
        std::fprintf(stderr, "usage: fantasma-bench-opencl [--cache DIR]\n");
        return 2;
    }
    try {
        const fo::Device device = fo::choose_device();
        std::printf("device: %s\n", device.info.name.c_str());
        delta_rule_speed(device, cache);
        top_k_speed(device, cache);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "fantasma-bench-opencl: %s\n", error.what());
        return 1;
    }
    return 0;
}
