#pragma once
// `fantasma tokenize`: show how a model's tokenizer splits a text.
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace fantasma::cli {

struct TokenizeOptions {
    std::string model;  // a model folder, or a tokenizer.json / sentencepiece .model file
    std::string text;
    bool ids = false;  // print the ids, comma-separated, instead of one token per line
};

CLI::App& add_tokenize_command(CLI::App& app, TokenizeOptions& options);

// Exit status: 0, or 1 when the tokenizer cannot be loaded (one line on `err`).
int run_tokenize(const TokenizeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace fantasma::cli
