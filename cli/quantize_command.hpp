#pragma once
// `fantasma quantize IN OUT --type q8_0|q4_0|q4_k`: a model as a llama.cpp-style GGUF file.
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace fantasma::cli {

struct QuantizeOptions {
    std::string input;   // HF model folder, .safetensors file (config.json beside it), or GGUF
    std::string output;  // the GGUF file to write
    std::string type = "q8_0";  // q8_0, q4_0, q4_k, f16 or f32
};

CLI::App& add_quantize_command(CLI::App& app, QuantizeOptions& options);

// Converts an HF model (with tokenizer metadata from its folder) or requantizes a GGUF file's
// float weights. Progress and a summary on `err`. Exit status: 0, or 1 with one line on `err`.
int run_quantize(const QuantizeOptions& options, std::ostream& err);

}  // namespace fantasma::cli
