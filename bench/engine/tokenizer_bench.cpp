// `fantasma-bench-tokenizer FILE... [--repetitions 5]`: how long load_tokenizer takes for each
// file (a tokenizer.json, or a GGUF with its vocabulary): the median of the repetitions, with
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

namespace fe = fantasma::engine;

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
            std::vector<double> seconds;
            std::size_t vocab = 0, ids = 0;
            for (int r = 0; r < repetitions; ++r) {
                const auto start = std::chrono::steady_clock::now();
                const auto tokenizer = fe::load_tokenizer(file);
                seconds.push_back(
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                        .count());
                vocab = tokenizer->vocab_size();
                ids = tokenizer->encode("The colour of the sky, whilst grey, is 42.").size();
            }
            std::sort(seconds.begin(), seconds.end());
            std::printf("%s: load %.3f s median of %d (%.3f–%.3f), %zu ids, sample text %zu ids\n",
                        file.c_str(), seconds[seconds.size() / 2], repetitions, seconds.front(),
                        seconds.back(), vocab, ids);
        }
        return 0;
    } catch (const std::exception& error) {
        std::cerr << "fantasma-bench-tokenizer: " << error.what() << "\n";
        return 1;
    }
}
