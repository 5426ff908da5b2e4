#pragma once
// `fantasma bench`: prefill and decode speed of a model on a backend, as llama-bench measures
// them (pp: one prefill of N tokens; tg: N tokens decoded one per call from an empty context).
#include <iosfwd>
#include <string>

#include "backends/backend_factory.hpp"

namespace CLI {
class App;
}

namespace fantasma::cli {

struct BenchOptions {
    std::string model;  // GGUF file, HF model folder, or .safetensors file with config.json
    int prompt_tokens = 512;
    int gen_tokens = 128;
    backends::BackendOptions backend;
    int threads = 0;  // 0: one per core
    int repetitions = 3;
    bool json = false;
};

CLI::App& add_bench_command(CLI::App& app, BenchOptions& options);

// Prints a table (or one JSON object with --json) on `out`: medians of the repetitions, peak
// resident memory, backend, threads, weight type and bytes. Exit status: 0, or 1 with one line
// on `err`.
int run_bench(const BenchOptions& options, std::ostream& out, std::ostream& err);

}  // namespace fantasma::cli
