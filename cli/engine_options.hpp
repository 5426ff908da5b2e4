#pragma once
// Flags and helpers shared by the subcommands that run the inference engine: `tokenize`,
// `logits`, `generate` (and `bench`, `quantize`).
#include <filesystem>
#include <memory>
#include <string>

#include "engine/backend.hpp"
#include "engine/session.hpp"

namespace CLI {
class App;
}

namespace fantasma::cli {

// Registers `--backend cpu|auto|reference|opencl` on `command`, filling `backend_name`.
void add_backend_option(CLI::App& command, std::string& backend_name);

// The backend `--backend` names: `cpu` and `auto` the fast CPU backend on `threads` threads
// (0: one per hardware core), `reference` the single-threaded float32 reference backend (for
// debugging). Throws engine::ModelError for one that does not exist yet (opencl).
std::unique_ptr<engine::Backend> make_backend(const std::string& backend_name, int threads = 0);

// A model loaded on the backend `--backend` names. With `auto`, a device without room for
// the model (engine::DeviceMemoryError: its files are larger than the device's memory, or a
// weight or work buffer did not fit) means the CPU backend, after a one-line note on stderr;
// with `opencl` that error is the caller's to show. Members in this order: the backend
// outlives the model.
struct ModelOnBackend {
    std::unique_ptr<engine::Backend> backend;
    engine::LoadedModel loaded;
};
ModelOnBackend open_model_on_backend(const std::string& backend_name,
                                     const std::filesystem::path& model, int threads = 0);

// The folder a model's side files (tokenizer.json, generation_config.json) live in: the
// model path itself when it is a folder, else the folder holding the file.
std::filesystem::path model_folder(const std::filesystem::path& model_path);

}  // namespace fantasma::cli
