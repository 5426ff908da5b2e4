// `fantasma-bench-load MODEL [--repetitions 5] [--threads 2]`: how long opening a model takes
// before the first token, phase by phase, with the model's files in the page cache (warm) and
// evicted from it (cold). MODEL is a GGUF file or a Hugging Face folder. Phases, in the order
// `fantasma generate` runs them:
//   parse      the file mapped and its header read: GGUF metadata and tensor infos, or the
//              safetensors headers and config.json (GgufModel / SafetensorsModel)
//   weights    load_weights and the Model: every tensor found and shape-checked, the CPU
//              backend's copies of vectors and small matrices (the large ones stay mapped)
//   token 1    the first one-token forward pass: it reads every weight for the first time, so
//              the page faults (and, cold, the disk reads) of the mapping land here
//   token 2    the second: the same work with the weights mapped, for comparison
//   tokenizer  load_tokenizer on the same path (the GGUF's own vocabulary, or tokenizer.json)
// Each phase: the median of the repetitions' wall time, of its CPU time (user + system, all
// threads: on a loaded machine the wall time counts other processes' turns), and of its page
// faults that needed the disk (major) and that only mapped a cached page (minor).
//
// Cold: before each repetition every file of the model is evicted from the page cache with
// posix_fadvise(POSIX_FADV_DONTNEED) (the file's own pages only: other processes' caches stay);
// mincore() then says what fraction of the file still was resident, printed as a check (pages
// another process holds mapped cannot be evicted).
#include "engine/config.hpp"
#include "engine/cpu/cpu_backend.hpp"
#include "engine/error.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/gguf/gguf_model.hpp"
#include "engine/model.hpp"
#include "engine/safetensors.hpp"
#include "engine/tokenizer/tokenizer.hpp"
#include "engine/weights.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace fe = fantasma::engine;
namespace fs = std::filesystem;

namespace {

constexpr std::array<const char*, 5> kPhases = {"parse", "weights", "token 1", "token 2",
                                                "tokenizer"};

struct Sample {
    double seconds = 0, cpu_seconds = 0;  // wall; user + system of all threads
    long major_faults = 0, minor_faults = 0;
};

// Times `work`, with the page faults it caused.
template <typename Work>
Sample measure(const Work& work) {
    rusage before{}, after{};
    getrusage(RUSAGE_SELF, &before);
    const auto start = std::chrono::steady_clock::now();
    work();
    const auto end = std::chrono::steady_clock::now();
    getrusage(RUSAGE_SELF, &after);
    const auto cpu = [](const rusage& u) {
        return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
               double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
    };
    return {std::chrono::duration<double>(end - start).count(), cpu(after) - cpu(before),
            after.ru_majflt - before.ru_majflt, after.ru_minflt - before.ru_minflt};
}

// The files a model is read from: a GGUF and the tokenizer files beside it, or a folder's files.
std::vector<fs::path> model_files(const fs::path& model) {
    if (!fs::is_directory(model)) {
        std::vector<fs::path> files = {model};
        for (const char* tokenizer : {"tokenizer.json", "tokenizer.model"})
            if (fs::exists(model.parent_path() / tokenizer))
                files.push_back(model.parent_path() / tokenizer);
        return files;
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(model))
        if (entry.is_regular_file()) files.push_back(entry.path());
    return files;
}

// Evicts `file` from the page cache; returns the fraction of its pages still resident after.
double evict(const fs::path& file) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw fe::ModelError(file.string() + ": cannot open");
    struct stat info {};
    ::fstat(fd, &info);
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    const std::size_t size = std::size_t(info.st_size);
    double resident = 0;
    if (size > 0) {
        void* mapped = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (mapped != MAP_FAILED) {
            const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE));
            std::vector<unsigned char> pages((size + page - 1) / page);
            if (::mincore(mapped, size, pages.data()) == 0)
                resident = double(std::count_if(pages.begin(), pages.end(),
                                                [](unsigned char p) { return p & 1; })) /
                           double(pages.size());
            ::munmap(mapped, size);
        }
    }
    ::close(fd);
    return resident;
}

// One load of the model, phase by phase.
std::array<Sample, kPhases.size()> load_once(const fs::path& model, int threads,
                                             bool with_tokenizer) {
    std::array<Sample, kPhases.size()> samples;
    fe::cpu::CpuBackend backend({.threads = threads});
    std::unique_ptr<fe::TensorSource> source;
    fe::ModelConfig config;
    samples[0] = measure([&] {
        if (!fs::is_directory(model) && fe::is_gguf_file(model)) {
            auto gguf = std::make_unique<fe::GgufModel>(model);
            config = gguf->config();
            source = std::move(gguf);
        } else {
            config = fe::load_hf_config(model / "config.json");
            source = std::make_unique<fe::SafetensorsModel>(model);
        }
    });
    std::unique_ptr<fe::Model> loaded;
    samples[1] = measure([&] {
        loaded = std::make_unique<fe::Model>(config, fe::load_weights(config, *source, backend),
                                             backend, 1);
    });
    fe::SequenceState sequence = loaded->new_sequence(2);
    std::vector<float> logits(std::size_t(config.vocab_size));
    const std::int32_t tokens[] = {100, 2000};
    for (int t = 0; t < 2; ++t)
        samples[2 + std::size_t(t)] =
            measure([&] { loaded->forward(sequence, std::span(tokens + t, 1), logits); });
    if (with_tokenizer) samples[4] = measure([&] { fe::load_tokenizer(model); });
    return samples;
}

template <typename Field>
double median_of(const std::vector<std::array<Sample, kPhases.size()>>& runs, std::size_t phase,
                 Field field) {
    std::vector<double> values;
    for (const auto& run : runs) values.push_back(double(field(run[phase])));
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        int repetitions = 5, threads = 2;
        fs::path model;
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i];
            if (arg == "--repetitions" && i + 1 < argc)
                repetitions = std::max(1, std::stoi(argv[++i]));
            else if (arg == "--threads" && i + 1 < argc)
                threads = std::max(1, std::stoi(argv[++i]));
            else
                model = arg;
        }
        if (model.empty())
            throw fe::ModelError(
                "usage: fantasma-bench-load MODEL [--repetitions N] [--threads N]");
        bool with_tokenizer = true;
        try {
            fe::load_tokenizer(model);
        } catch (const fe::ModelError& error) {
            std::printf("no tokenizer phase: %s\n", error.what());
            with_tokenizer = false;
        }
        std::uintmax_t bytes = 0;
        for (const fs::path& file : model_files(model)) bytes += fs::file_size(file);
        std::printf("%s: %.1f MB, %d repetitions, %d threads\n", model.c_str(), double(bytes) / 1e6,
                    repetitions, threads);
        for (const bool cold : {true, false}) {
            std::vector<std::array<Sample, kPhases.size()>> runs;
            double resident = 0;
            if (!cold) load_once(model, threads, with_tokenizer);  // fills the cache
            for (int r = 0; r < repetitions; ++r) {
                if (cold)
                    for (const fs::path& file : model_files(model))
                        resident = std::max(resident, evict(file));
                runs.push_back(load_once(model, threads, with_tokenizer));
            }
            if (cold)
                std::printf("cold (after eviction, at most %.1f %% of a file still cached)\n",
                            resident * 100);
            else
                std::printf("warm\n");
            double total = 0;
            for (std::size_t phase = 0; phase < kPhases.size(); ++phase) {
                if (phase == 4 && !with_tokenizer) continue;
                const double seconds =
                    median_of(runs, phase, [](const Sample& s) { return s.seconds; });
                if (phase != 3) total += seconds;  // token 2 is for comparison
                std::printf("  %-10s %8.3f s  CPU %6.3f s  page faults: %6.0f major %6.0f minor\n",
                            kPhases[phase], seconds,
                            median_of(runs, phase, [](const Sample& s) { return s.cpu_seconds; }),
                            median_of(runs, phase, [](const Sample& s) { return s.major_faults; }),
                            median_of(runs, phase, [](const Sample& s) { return s.minor_faults; }));
            }
            std::printf("  %-10s %8.3f s   (parse + weights + token 1 + tokenizer)\n", "total",
                        total);
        }
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "fantasma-bench-load: %s\n", error.what());
        return 1;
    }
}
