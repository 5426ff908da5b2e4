#pragma once
// `fantasma model info PATH`: what a downloaded model holds (architecture, layers, tensor
// types, vocabulary, memory needed) and whether fantasma can run all of it.
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace fantasma::cli {

struct ModelInfoOptions {
    std::string path;
};

// Adds `model` with its `info` subcommand; returns `info`.
CLI::App& add_model_command(CLI::App& app, ModelInfoOptions& options);

// The report on `out`. Exit status 0 when everything is supported, 1 when not (the report
// says why) or when the path is no model at all (one line on `err`).
int run_model_info(const ModelInfoOptions& options, std::ostream& out, std::ostream& err);

}  // namespace fantasma::cli
