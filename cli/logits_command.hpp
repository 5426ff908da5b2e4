#pragma once
// `fantasma logits`: a model's next-token logits at every position of a token list, as .npy.
#include <iosfwd>
#include <string>

#include "backends/backend_factory.hpp"

namespace CLI {
class App;
}

namespace fantasma::cli {

struct LogitsOptions {
    std::string model;   // GGUF file, HF model folder, or .safetensors file with config.json
    std::string tokens;  // comma-separated ids: 1,2,3
    std::string out;     // the .npy file to write
    backends::BackendOptions backend;
    std::string mode = "prefill";  // prefill or decode
};

CLI::App& add_logits_command(CLI::App& app, LogitsOptions& options);

// Writes float32 [n_tokens, vocab]. Exit status: 0, or 1 with one line on `err` when the
// model cannot be loaded, a token is out of range or the file cannot be written.
int run_logits(const LogitsOptions& options, std::ostream& err);

}  // namespace fantasma::cli
