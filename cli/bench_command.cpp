#include "cli/bench_command.hpp"

#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cli/engine_options.hpp"
#include "engine/error.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/session.hpp"

namespace fantasma::cli {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// What the weights are stored as: the type holding most bytes of the 2-D tensors, the bytes
// of all tensors, and the bytes one token reads (all but an untied embedding table, of which a
// token reads one row).
struct WeightSummary {
    std::string type;   // the matrices' type that holds the most bytes
    std::string types;  // every matrix type with its share of their bytes, largest first
    std::uint64_t bytes = 0;
    std::uint64_t bytes_per_token = 0;
};

WeightSummary summarize_weights(const fs::path& path) {
    // A GGUF alone in a folder stands for the folder, as engine::open_model takes it.
    if (fs::is_directory(path) && !fs::exists(path / "config.json"))
        if (const auto gguf = engine::lone_gguf(path)) return summarize_weights(*gguf);
    WeightSummary summary;
    if (fs::is_directory(path) || path.extension() == ".safetensors") {
        const fs::path folder = fs::is_directory(path) ? path : path.parent_path();
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().extension() == ".safetensors") summary.bytes += entry.file_size();
        summary.type = "safetensors";
        summary.bytes_per_token = summary.bytes;
        return summary;
    }
    const engine::GgufFile file(path);
    std::map<std::string, std::uint64_t> bytes_by_type;
    bool untied = false;
    std::uint64_t embedding = 0;
    for (const auto& tensor : file.contents().tensors) {
        summary.bytes += tensor.bytes.size();
        if (tensor.shape.size() == 2)
            bytes_by_type[std::string(engine::dtype_name(tensor.dtype))] += tensor.bytes.size();
        if (tensor.name == "token_embd.weight") embedding = tensor.bytes.size();
        if (tensor.name == "output.weight") untied = true;
    }
    summary.bytes_per_token = summary.bytes - (untied ? embedding : 0);
    // A preset mixes types (Q4_K_M: Q4_K, and Q6_K for the head and some matrices), and its
    // largest share alone would misname it.
    std::vector<std::pair<std::string, std::uint64_t>> shares(bytes_by_type.begin(),
                                                              bytes_by_type.end());
    std::stable_sort(shares.begin(), shares.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    std::uint64_t matrix_bytes = 0;
    for (const auto& [type, bytes] : shares) matrix_bytes += bytes;
    summary.type = shares.empty() ? "none" : shares.front().first;
    summary.types = summary.type;
    if (shares.size() > 1) {
        summary.types.clear();
        for (const auto& [type, bytes] : shares) {
            const std::uint64_t percent = (200 * bytes + matrix_bytes) / (2 * matrix_bytes);
            if (percent == 0) break;  // the rest are smaller still
            summary.types +=
                (summary.types.empty() ? "" : ", ") + type + " " + std::to_string(percent) + " %";
        }
    }
    return summary;
}

// Fixed pseudo-random prompt ids, the same every run.
std::vector<std::int32_t> prompt_ids(int count, int vocab) {
    std::vector<std::int32_t> ids(static_cast<std::size_t>(count));
    std::uint32_t state = 2024;
    for (auto& id : ids) {
        state = state * 1664525u + 1013904223u;
        id = std::int32_t((state >> 8) % std::uint32_t(vocab));
    }
    return ids;
}

// One prefill: all tokens but the last without logits, the last with them. Tokens/s.
double time_prefill(engine::Model& model, const std::vector<std::int32_t>& prompt) {
    std::vector<float> logits(std::size_t(model.config().vocab_size));
    engine::SequenceState sequence = model.new_sequence(int(prompt.size()));
    const auto start = Clock::now();
    const std::span<const std::int32_t> ids(prompt);
    if (ids.size() > 1) model.forward(sequence, ids.first(ids.size() - 1), {});
    model.forward(sequence, ids.last(1), logits);
    return double(prompt.size()) / seconds_since(start);
}

// Greedy decoding from an empty context, one token per call. Tokens/s.
double time_decode(engine::Model& model, int count) {
    engine::SequenceState sequence = model.new_sequence(count);
    engine::Candidate best;
    std::int32_t next = 0;
    const auto start = Clock::now();
    for (int i = 0; i < count; ++i) {
        model.forward_best(sequence, std::span(&next, 1), std::span(&best, 1));  // greedy
        next = best.index;
    }
    return double(count) / seconds_since(start);
}

std::uint64_t peak_rss_bytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return std::uint64_t(usage.ru_maxrss) * 1024;  // Linux reports kilobytes
}

}  // namespace

CLI::App& add_bench_command(CLI::App& app, BenchOptions& options) {
    CLI::App& bench = *app.add_subcommand(
        "bench", "Measure a model's prefill and decode speed (tokens per second)");
    bench
        .add_option("--model", options.model,
                    "GGUF file, Hugging Face model folder, or .safetensors file")
        ->required();
    bench.add_option("--prompt-tokens", options.prompt_tokens, "tokens in the timed prefill")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    bench.add_option("--gen-tokens", options.gen_tokens, "tokens decoded one at a time")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    add_backend_option(bench, options.backend);
    bench.add_option("--threads", options.threads, "threads of the cpu backend; 0: one per core")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    add_kernels_option(bench, options.backend);
    bench
        .add_option("--repetitions", options.repetitions, "runs of each test; the median is shown")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    bench.add_flag("--json", options.json, "one JSON object instead of a table");
    return bench;
}

int run_bench(const BenchOptions& options, std::ostream& out, std::ostream& err) {
    try {
        if (options.prompt_tokens == 0 && options.gen_tokens == 0)
            throw engine::ModelError("nothing to measure: --prompt-tokens and --gen-tokens are 0");
        const WeightSummary weights = summarize_weights(options.model);
        const auto load_start = Clock::now();
        backends::BackendOptions backend = options.backend;
        backend.threads = options.threads;
        const backends::ModelOnBackend on_backend = load_model(backend, options.model);
        const engine::LoadedModel& loaded = on_backend.loaded;
        const double load_seconds = seconds_since(load_start);
        engine::Model& model = *loaded.model;
        const std::vector<std::int32_t> prompt =
            prompt_ids(options.prompt_tokens, model.config().vocab_size);

        // Warm-up, untimed: first touches of the mapped weights and of the scratch memory.
        const std::vector<std::int32_t> warm_up(
            prompt.begin(),
            prompt.begin() + std::ptrdiff_t(std::min<std::size_t>(8, prompt.size())));
        if (!warm_up.empty()) time_prefill(model, warm_up);
        time_decode(model, 2);

        std::vector<double> prefill, decode;
        for (int r = 0; r < options.repetitions; ++r) {
            if (options.prompt_tokens > 0) prefill.push_back(time_prefill(model, prompt));
            if (options.gen_tokens > 0) decode.push_back(time_decode(model, options.gen_tokens));
        }
        const int threads = options.threads > 0
                                ? options.threads
                                : int(std::max(1u, std::thread::hardware_concurrency()));
        nlohmann::json report = {
            {"model", options.model},
            {"file_type", weights.type},
            {"matrix_types", weights.types},
            {"weight_bytes", weights.bytes},
            {"bytes_per_token", weights.bytes_per_token},
            // read and written by every decode step, beside the weights
            {"state_bytes", model.config().recurrent_state_bytes()},
            {"backend", on_backend.backend->name()},
            {"threads", threads},
            {"prompt_tokens", options.prompt_tokens},
            {"gen_tokens", options.gen_tokens},
            {"repetitions", options.repetitions},
            {"load_seconds", load_seconds},
            {"prefill_tokens_per_s", median(prefill)},
            {"decode_tokens_per_s", median(decode)},
            {"prefill_runs_tokens_per_s", prefill},
            {"decode_runs_tokens_per_s", decode},
            {"peak_rss_bytes", peak_rss_bytes()},
        };
        if (options.json) {
            out << report.dump(2) << '\n';
            return 0;
        }
        char line[512];
        std::snprintf(line, sizeof line,
                      "model %s: %s, %.1f MB of weights; backend %s, %d threads\n"
                      "pp%-5d %10.2f tokens/s (median of %d)\n"
                      "tg%-5d %10.2f tokens/s (median of %d)\n"
                      "peak resident memory %.1f MB, load %.2f s\n",
                      options.model.c_str(), weights.types.c_str(), double(weights.bytes) / 1e6,
                      on_backend.backend->name().c_str(), threads, options.prompt_tokens,
                      median(prefill), options.repetitions, options.gen_tokens, median(decode),
                      options.repetitions, double(peak_rss_bytes()) / 1e6, load_seconds);
        out << line;
    } catch (const std::exception& error) {
        err << "fantasma: " << error.what() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace fantasma::cli
