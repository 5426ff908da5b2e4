#pragma once
// `fantasma generate`: run a model on a prompt and stream the text it writes.
#include <cstdint>
#include <iosfwd>
#include <string>

#include "backends/backend_factory.hpp"

namespace CLI {
class App;
}

namespace fantasma::cli {

struct GenerateOptions {
    std::string model;   // GGUF file, HF model folder, or .safetensors file; tokenizer beside it
    std::string prompt;  // raw text, tokenized as is
    std::string chat;    // a user message, laid out as the model's chat template does
    int max_tokens = 256;
    float temperature = 0.7f;  // 0: always the most likely token
    float top_p = 0.95f;
    int top_k = 20;
    std::uint64_t seed = 0;
    backends::BackendOptions backend;
    int threads = 0;   // accepted for scripts; the reference CPU backend uses one thread
    bool ids = false;  // print token ids instead of text
};

CLI::App& add_generate_command(CLI::App& app, GenerateOptions& options);

// Streams the generated text to `out` as tokens come, and a one-line summary (tokens,
// tokens/s) to `err`. Exit status: 0, or 1 with one line on `err` when the model or its
// tokenizer cannot be loaded.
int run_generate(const GenerateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace fantasma::cli
