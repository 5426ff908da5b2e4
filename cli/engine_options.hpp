#pragma once
// Flags and helpers shared by the subcommands that run the inference engine: `tokenize`,
// `logits`, `generate`, `rewrite --model` and `bench`. Backends come from the one factory
// (backends/backend_factory.hpp); this file adds the command line and the environment.
#include <filesystem>
#include <memory>
#include <string>

#include "backends/backend_factory.hpp"

namespace CLI {
class App;
}

namespace fantasma::cli {

// Registers `--backend auto|cpu|reference|opencl` and `--device N|NAME` on `command`.
void add_backend_option(CLI::App& command, backends::BackendOptions& backend);
// Registers `--kernels NAME`: the cpu backend's kernel table (`bench` and `logits`, to compare
// the tables on one machine: their speed, and that each computes the same logits).
void add_kernels_option(CLI::App& command, backends::BackendOptions& backend);

// The options the flags give, with what the environment says filled in (FANTASMA_OPENCL_*, the
// kernel cache folder): the CLI is the program's edge, the only place it is read.
backends::BackendOptions backend_options(backends::BackendOptions flags);
// The model on the backend the flags name (backend_options), the factory's note, when it has
// one, on stderr as one line.
backends::ModelOnBackend load_model(const backends::BackendOptions& flags,
                                    const std::filesystem::path& model);

}  // namespace fantasma::cli
