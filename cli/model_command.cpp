#include "cli/model_command.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <ostream>

#include "engine/model_info.hpp"

namespace fantasma::cli {

namespace {

std::string mebibytes(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / (1024.0 * 1024.0));
    return text;
}

std::string layers_line(const engine::ModelConfig& c) {
    int attention = 0;
    for (const auto kind : c.layer_types) attention += kind == engine::LayerKind::full_attention;
    std::string line = std::to_string(c.num_layers()) + " (" +
                       std::to_string(c.num_layers() - attention) + " Gated DeltaNet, " +
                       std::to_string(attention) + " gated attention)";
    if (c.mtp_layers > 0)
        line += " + " + std::to_string(c.mtp_layers) + " multi-token-prediction (carried, not run)";
    return line;
}

}  // namespace

CLI::App& add_model_command(CLI::App& app, ModelInfoOptions& options) {
    CLI::App& model = *app.add_subcommand("model", "Inspect a model before using it");
    model.require_subcommand(1);
    CLI::App& info = *model.add_subcommand(
        "info", "What a model file or folder holds, and whether fantasma can run all of it");
    info.add_option("PATH", options.path,
                    "a GGUF file, a folder with one GGUF, or a Hugging Face model folder")
        ->required();
    return info;
}

int run_model_info(const ModelInfoOptions& options, std::ostream& out, std::ostream& err) {
    engine::ModelInfo info;
    try {
        info = engine::inspect_model(options.path);
    } catch (const std::exception& error) {
        err << "fantasma: " << error.what() << '\n';
        return 1;
    }
    out << "file:          " << info.file.string() << '\n';
    out << "format:        " << info.format << '\n';
    out << "architecture:  " << info.architecture << '\n';
    if (info.config) {
        const engine::ModelConfig& c = *info.config;
        out << "layers:        " << layers_line(c) << '\n';
        out << "widths:        hidden " << c.hidden_size << ", feed-forward " << c.intermediate_size
            << ", embedding rows " << c.vocab_size
            << (c.tie_word_embeddings ? " (tied output)" : "") << '\n';
    }
    out << "tensor types:  ";
    for (std::size_t i = 0; i < info.types.size(); ++i) {
        const auto& type = info.types[i];
        out << (i ? "; " : "") << type.name << " × " << type.tensors;
        if (type.supported)
            out << " (" << mebibytes(type.bytes) << ")";
        else
            out << " (not supported)";
    }
    out << '\n';
    out << "tokenizer:     ";
    if (info.tokenizer_vocabulary)
        out << *info.tokenizer_vocabulary << " tokens\n";
    else
        out << "none that fantasma can read\n";
    out << "memory:        " << mebibytes(info.weight_bytes) << " of weights";
    if (info.config)
        out << " + " << mebibytes(info.state_bytes()) << " of state per sequence + "
            << mebibytes(info.kv_bytes_per_token() * 4096) << " of KV cache per 4,096 tokens";
    out << '\n';
    if (info.problems.empty()) {
        out << "supported:     yes\n";
        return 0;
    }
    out << "supported:     no\n";
    for (const auto& problem : info.problems) out << "  - " << problem << '\n';
    return 1;
}

}  // namespace fantasma::cli
