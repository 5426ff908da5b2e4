// `fantasma-bench-matmul [--tables avx2,avx-vnni] [--types q4_0,q8_0,q4_k,q5_k,q6_k,iq4_xs]
// [--tokens 1,8] [--rows 3584] [--cols 1024] [--threads 1] [--repetitions 15]`: the CPU
// backend's matmul alone, each kernel table on each weight type and number of tokens, in
// multiply-adds per second (GMAC/s: rows × cols × tokens per call) and microseconds per call,
// the median of the repetitions after one warm-up call. The kernel tuning question behind a
// decode or a batch of candidates: how many instructions a weight costs, apart from the bus.
// The default matrix (ffn_gate of the 0.8B shape, 3584 × 1024: 2–4 MB) stays in a large L3
// between calls; --rows 65536 makes one that streams from memory.
#include "engine/cpu/cpu_backend.hpp"
#include "engine/error.hpp"
#include "engine/gguf/gguf_convert.hpp"
#include "engine/quants.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fe = fantasma::engine;
namespace cpu = fantasma::engine::cpu;

namespace {

struct Settings {
    std::vector<std::string> tables{"avx2", "avx-vnni", "avx512-vnni"};
    std::vector<std::string> types{"q4_0", "q8_0", "q4_k", "q5_k", "q6_k", "iq4_xs"};
    std::vector<int> tokens{1, 8};
    int rows = 3584, cols = 1024, threads = 1, repetitions = 15;
};

std::vector<std::string> split(const std::string& list) {
    std::vector<std::string> items;
    std::stringstream stream(list);
    for (std::string item; std::getline(stream, item, ',');) items.push_back(item);
    return items;
}

Settings parse(int argc, char** argv) {
    Settings settings;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i + 1 >= argc) throw fe::ModelError(arg + " needs a value");
        const std::string value = argv[++i];
        if (arg == "--tables")
            settings.tables = split(value);
        else if (arg == "--types")
            settings.types = split(value);
        else if (arg == "--tokens") {
            settings.tokens.clear();
            for (const auto& item : split(value)) settings.tokens.push_back(std::stoi(item));
        } else if (arg == "--rows")
            settings.rows = std::stoi(value);
        else if (arg == "--cols")
            settings.cols = std::stoi(value);
        else if (arg == "--threads")
            settings.threads = std::stoi(value);
        else if (arg == "--repetitions")
            settings.repetitions = std::stoi(value);
        else
            throw fe::ModelError("unknown argument '" + arg + "'");
    }
    return settings;
}

// "q4_k" or "Q4_K".
fe::DType type_named(std::string name) {
    for (auto& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
    for (const fe::DType type : {fe::DType::q4_0, fe::DType::q8_0, fe::DType::q4_k, fe::DType::q5_k,
                                 fe::DType::q6_k, fe::DType::iq4_xs})
        if (fe::dtype_name(type) == name) return type;
    throw fe::ModelError("no such weight type here: " + name);
}

// A [rows, cols] weight in `type`: random values quantized as `fantasma quantize` does, or
// (IQ4_XS, which has no quantizer here) random blocks with a small scale.
std::vector<std::byte> random_weight(fe::DType type, int rows, int cols) {
    std::mt19937 generator(1);
    if (type == fe::DType::iq4_xs) {
        const fe::BlockFormat format = fe::block_format(type);
        std::vector<std::byte> bytes(std::size_t(rows) * cols / format.values * format.bytes);
        for (auto& b : bytes) b = std::byte(generator() & 0xff);
        const std::uint16_t d = fe::f32_to_f16(0.002f);
        for (std::size_t at = 0; at < bytes.size(); at += format.bytes)
            std::memcpy(bytes.data() + at, &d, 2);
        return bytes;
    }
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> values(std::size_t(rows) * cols);
    for (auto& v : values) v = uniform(generator);
    return fe::encode_tensor(values, type);
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const Settings settings = parse(argc, argv);
        const int N = settings.rows, K = settings.cols;
        std::printf("%d x %d, %d thread(s), median of %d calls\n\n", N, K, settings.threads,
                    settings.repetitions);
        std::printf("| table | type | tokens | µs per call | GMAC/s |\n|---|---|--:|--:|--:|\n");
        for (const std::string& type_name : settings.types) {
            const fe::DType type = type_named(type_name);
            const auto bytes = random_weight(type, N, K);
            const fe::TensorData tensor{"w", type, {N, K}, bytes};
            for (const std::string& table : settings.tables) {
                cpu::CpuBackend backend({.threads = settings.threads, .kernels = table});
                const fe::Weight weight = backend.prepare_weight(tensor, N, K);
                for (const int T : settings.tokens) {
                    std::vector<float> x(std::size_t(T) * K);
                    std::mt19937 generator{std::uint32_t(T)};
                    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
                    for (auto& v : x) v = uniform(generator);
                    fe::Tensor in = backend.allocate(T, K), out = backend.allocate(T, N);
                    backend.write(in, x);
                    backend.matmul(out, in, weight);  // warm-up
                    std::vector<double> seconds;
                    for (int r = 0; r < settings.repetitions; ++r) {
                        const auto start = std::chrono::steady_clock::now();
                        backend.matmul(out, in, weight);
                        seconds.push_back(
                            std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                                .count());
                    }
                    const double s = median(seconds);
                    std::printf("| %s | %s | %d | %.1f | %.1f |\n", table.c_str(),
                                std::string(fe::dtype_name(type)).c_str(), T, s * 1e6,
                                double(N) * K * T / s * 1e-9);
                }
            }
        }
    } catch (const std::exception& error) {
        std::cerr << "fantasma-bench-matmul: " << error.what() << '\n';
        return 1;
    }
    return 0;
}
