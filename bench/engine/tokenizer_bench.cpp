// `fantasma-bench-tokenizer FILE... [--repetitions 5]`: how long load_tokenizer takes for each
// file (a tokenizer.json, or a GGUF with its vocabulary): the median of the repetitions in wall
// and in CPU time (on a loaded machine the wall time counts other processes' turns too), with
// the vocabulary size and the ids of a short text as a check that the tokenizer works. A
// real-sized tokenizer.json (Qwen3.5's 248k tokens) comes from
// tests/reference/tokenizer/make_tokenizer_cases.py --full PATH.
#include "engine/error.hpp"
#include "engine/tokenizer/tokenizer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <sys/resource.h>

namespace fe = fantasma::engine;

namespace {

// This process's CPU time so far (user + system): on a shared machine, the work a load does.
double cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](timeval t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

int main(int argc, char** argv) {
    try {
        int repetitions = 5;
        std::vector<std::string> files;
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i];
            if (arg == "--repetitions" && i + 1 < argc)
                repetitions = std::max(1, std::stoi(argv[++i]));
            else
                files.push_back(arg);
        }
        if (files.empty())
            throw fe::ModelError("usage: fantasma-bench-tokenizer FILE... [--repetitions N]");
        for (const std::string& file : files) {
            std::vector<double> seconds, cpu;
            std::size_t vocab = 0, ids = 0;
            for (int r = 0; r < repetitions; ++r) {
                const auto start = std::chrono::steady_clock::now();
                const double cpu_start = cpu_seconds();
                const auto tokenizer = fe::load_tokenizer(file);
                cpu.push_back(cpu_seconds() - cpu_start);
                seconds.push_back(
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                        .count());
                vocab = tokenizer->vocab_size();
                ids = tokenizer->encode("The colour of the sky, whilst grey, is 42.").size();
            }
            std::sort(seconds.begin(), seconds.end());
            std::sort(cpu.begin(), cpu.end());
            std::printf(
                "%s: load %.3f s median of %d (%.3f–%.3f), CPU time %.3f s; %zu ids, sample "
                "text %zu ids\n",
                file.c_str(), seconds[seconds.size() / 2], repetitions, seconds.front(),
                seconds.back(), cpu[cpu.size() / 2], vocab, ids);
        }
        return 0;
    } catch (const std::exception& error) {
        std::cerr << "fantasma-bench-tokenizer: " << error.what() << "\n";
        return 1;
    }
}
