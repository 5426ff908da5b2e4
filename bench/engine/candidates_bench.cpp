// `fantasma-bench-candidates MODEL [--threads 2] [--prompt 200] [--gen 60] [--candidates 1,3,8]
// [--repetitions 3] [--kernels avx2]`: what a model rewrite costs for N candidates on the fast
// CPU backend, as the rewrite runs it (generator/engine_generator.cpp): one prefill of a fixed
// prompt, its state copied for each candidate, then the N candidates decoded together
// (Model::decode), each sampled with its own seed (temperature 0.7, top-p 0.9, top-k 40, from the
// backend's top-k), `gen` tokens each (no stop token ends one early). Each repetition runs every
// N in turn; the table shows medians and the ratio of each N's time to N = 1's within the same
// repetition (the median of those ratios). --kernels picks a kernel table (CpuOptions::kernels),
// e.g. the AVX2 one on a processor that has AVX-512.
#include "engine/cpu/cpu_backend.hpp"
#include "engine/error.hpp"
#include "engine/sampling/sampler.hpp"
#include "engine/session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/resource.h>

namespace fe = fantasma::engine;

namespace {

struct Settings {
    std::string model, kernels;  // kernels: a table's name, or empty for the fastest
    int threads = 2, prompt = 200, gen = 60, repetitions = 3;
    std::vector<int> candidates = {1, 3, 8};
};

Settings parse(int argc, char** argv) {
    Settings settings;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw fe::ModelError(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--threads")
            settings.threads = std::stoi(value());
        else if (arg == "--prompt")
            settings.prompt = std::stoi(value());
        else if (arg == "--gen")
            settings.gen = std::stoi(value());
        else if (arg == "--kernels")
            settings.kernels = value();
        else if (arg == "--repetitions")
            settings.repetitions = std::stoi(value());
        else if (arg == "--candidates") {
            settings.candidates.clear();
            std::stringstream list(value());
            for (std::string item; std::getline(list, item, ',');)
                settings.candidates.push_back(std::stoi(item));
        } else if (settings.model.empty() && !arg.starts_with("--"))
            settings.model = arg;
        else
            throw fe::ModelError("unknown argument '" + arg + "'");
    }
    if (settings.model.empty()) throw fe::ModelError("usage: fantasma-bench-candidates MODEL ...");
    return settings;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

struct Timing {
    double total = 0, prefill = 0;  // seconds of wall time
    double cpu = 0;                 // seconds of CPU time, all threads (user + system)
};

double cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](timeval t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// One rewrite-like generation of `count` candidates.
Timing generation(fe::Model& model, const Settings& settings, int count,
                  std::vector<fe::SequenceState>& sequences, fe::SequenceState& prefilled) {
    using Clock = std::chrono::steady_clock;
    const std::size_t vocab = std::size_t(model.config().vocab_size);
    std::vector<std::int32_t> prompt(std::size_t(settings.prompt));
    for (std::size_t i = 0; i < prompt.size(); ++i)
        prompt[i] = std::int32_t((i * 7919 + 13) % 150000);
    const auto start = Clock::now();
    const double cpu_start = cpu_seconds();
    model.reset(prefilled);
    model.forward(prefilled, std::span(prompt).first(prompt.size() - 1), {});
    const auto prefill_end = Clock::now();
    std::vector<fe::Sampler> samplers;
    std::vector<fe::SequenceState*> going;
    std::vector<std::int32_t> next(std::size_t(count), prompt.back());
    for (int i = 0; i < count; ++i) {
        fe::SequenceState& sequence = sequences[std::size_t(i)];
        model.copy_state(prefilled, sequence);
        going.push_back(&sequence);
        samplers.emplace_back(fe::SamplingSettings{
            .temperature = 0.7f, .top_k = 40, .top_p = 0.9f, .seed = std::uint64_t(i)});
    }
    // As the generator samples: from each row's largest logits, selected by the backend.
    const std::size_t needed = std::size_t(samplers.front().best_needed(int(vocab)));
    std::vector<fe::Candidate> best(std::size_t(count) * needed);
    for (int step = 0; step < settings.gen; ++step) {
        model.decode_best(going, next, best);
        for (std::size_t i = 0; i < going.size(); ++i)
            next[i] = samplers[i].sample_best(std::span(best).subspan(i * needed, needed));
    }
    const auto end = Clock::now();
    return {std::chrono::duration<double>(end - start).count(),
            std::chrono::duration<double>(prefill_end - start).count(), cpu_seconds() - cpu_start};
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const Settings settings = parse(argc, argv);
        fe::cpu::CpuBackend backend({.threads = settings.threads, .kernels = settings.kernels});
        auto loaded = fe::open_model(settings.model, backend);
        fe::Model& model = *loaded.model;
        const int capacity = settings.prompt + settings.gen;
        const int most = *std::max_element(settings.candidates.begin(), settings.candidates.end());
        std::vector<fe::SequenceState> sequences;
        for (int i = 0; i < most; ++i) sequences.push_back(model.new_sequence(capacity));
        fe::SequenceState prefilled = model.new_sequence(capacity);
        std::printf("%s, %s, %d threads: prompt %d tokens, %d tokens per candidate\n",
                    settings.model.c_str(), backend.name().c_str(), settings.threads,
                    settings.prompt, settings.gen);
        std::vector<std::vector<Timing>> runs(settings.candidates.size());
        std::vector<std::vector<double>> ratios(settings.candidates.size()),
            cpu_ratios(settings.candidates.size());
        for (int repetition = 0; repetition < settings.repetitions; ++repetition) {
            for (std::size_t c = 0; c < settings.candidates.size(); ++c) {
                runs[c].push_back(
                    generation(model, settings, settings.candidates[c], sequences, prefilled));
                const Timing& t = runs[c].back();
                std::printf("  run %d, %d candidates: %.2f s (prefill %.2f s), CPU %.2f s\n",
                            repetition + 1, settings.candidates[c], t.total, t.prefill, t.cpu);
                std::fflush(stdout);
            }
            for (std::size_t c = 0; c < settings.candidates.size(); ++c) {
                ratios[c].push_back(runs[c].back().total / runs[0].back().total);
                cpu_ratios[c].push_back(runs[c].back().cpu / runs[0].back().cpu);
            }
        }
        std::printf(
            "| candidates | total s | prefill s | decode s | decode tokens/s (all) | "
            "total / first row's, same run | CPU s | CPU / first row's |\n"
            "|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (std::size_t c = 0; c < settings.candidates.size(); ++c) {
            std::vector<double> totals, prefills, decodes, cpus;
            for (const Timing& t : runs[c]) {
                cpus.push_back(t.cpu);
                totals.push_back(t.total);
                prefills.push_back(t.prefill);
                decodes.push_back(t.total - t.prefill);
            }
            const double decode = median(decodes);
            std::printf("| %d | %.2f | %.2f | %.2f | %.1f | %.2f | %.2f | %.2f |\n",
                        settings.candidates[c], median(totals), median(prefills), decode,
                        settings.candidates[c] * settings.gen / decode, median(ratios[c]),
                        median(cpus), median(cpu_ratios[c]));
        }
        return 0;
    } catch (const std::exception& error) {
        std::cerr << "fantasma-bench-candidates: " << error.what() << "\n";
        return 1;
    }
}
