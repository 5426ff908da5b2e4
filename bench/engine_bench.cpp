// `fantasma-engine-bench MODEL [--threads N] [--backend cpu|reference] [--prompt N] [--gen N]
// [--runs R]`: prefill and decode speed of the engine on a model file, median of R runs.
// Prefill: N prompt tokens, logits of the last one only (what generation needs); decode: one
// token per call with its logits, as `fantasma generate` runs.
#include "engine/cpu/cpu_backend.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <vector>

namespace fe = fantasma::engine;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

struct Options {
    std::string model;
    std::string backend = "cpu";
    int threads = 0;
    int prompt = 512;
    int gen = 64;
    int runs = 3;
};

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--threads")
            options.threads = std::stoi(value());
        else if (arg == "--backend")
            options.backend = value();
        else if (arg == "--prompt")
            options.prompt = std::stoi(value());
        else if (arg == "--gen")
            options.gen = std::stoi(value());
        else if (arg == "--runs")
            options.runs = std::stoi(value());
        else
            options.model = arg;
    }
    if (options.model.empty()) throw std::runtime_error("usage: fantasma-engine-bench MODEL ...");
    return options;
}

}  // namespace

int main(int argc, char** argv) try {
    const Options options = parse(argc, argv);
    std::unique_ptr<fe::Backend> backend;
    if (options.backend == "reference")
        backend = std::make_unique<fe::cpu::ReferenceBackend>();
    else
        backend = std::make_unique<fe::cpu::CpuBackend>(fe::cpu::CpuOptions{options.threads});
    const auto load_start = std::chrono::steady_clock::now();
    auto loaded = fe::open_model(options.model, *backend);
    fe::Model& model = *loaded.model;
    const int vocab = model.config().vocab_size;
    std::printf("%s: %s, loaded in %.2f s\n", options.model.c_str(), backend->name().c_str(),
                seconds_since(load_start));

    std::vector<std::int32_t> tokens(std::size_t(options.prompt + options.gen));
    for (std::size_t i = 0; i < tokens.size(); ++i) tokens[i] = std::int32_t((i * 7919) % 50000);
    const std::span<const std::int32_t> all(tokens);
    std::vector<float> logits(static_cast<std::size_t>(vocab));
    auto sequence = model.new_sequence(int(tokens.size()));
    std::vector<double> prefill_rates, decode_rates;
    for (int run = 0; run < options.runs; ++run) {
        model.reset(sequence);
        auto start = std::chrono::steady_clock::now();
        if (options.prompt > 1) model.forward(sequence, all.subspan(0, options.prompt - 1), {});
        model.forward(sequence, all.subspan(std::size_t(options.prompt) - 1, 1), logits);
        prefill_rates.push_back(options.prompt / seconds_since(start));
        start = std::chrono::steady_clock::now();
        for (int i = 0; i < options.gen; ++i)
            model.forward(sequence, all.subspan(std::size_t(options.prompt + i), 1), logits);
        decode_rates.push_back(options.gen / seconds_since(start));
        std::printf("run %d: prefill %d tokens %.1f tok/s, decode %d tokens %.2f tok/s\n", run + 1,
                    options.prompt, prefill_rates.back(), options.gen, decode_rates.back());
    }
    std::printf("median of %d: prefill %.1f tok/s, decode %.2f tok/s\n", options.runs,
                median(prefill_rates), median(decode_rates));
    return 0;
} catch (const std::exception& error) {
    std::fprintf(stderr, "fantasma-engine-bench: %s\n", error.what());
    return 1;
}
