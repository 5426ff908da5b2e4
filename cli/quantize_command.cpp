#include "cli/quantize_command.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "engine/config.hpp"
#include "engine/error.hpp"
#include "engine/gguf/gguf_convert.hpp"
#include "engine/gguf/gguf_requantize.hpp"
#include "engine/safetensors.hpp"
#include "support/json_read.hpp"

namespace fantasma::cli {

namespace {

namespace fs = std::filesystem;

engine::DType parse_type(const std::string& name) {
    if (name == "q8_0") return engine::DType::q8_0;
    if (name == "q4_0") return engine::DType::q4_0;
    if (name == "q4_k") return engine::DType::q4_k;
    if (name == "q5_k") return engine::DType::q5_k;
    if (name == "q6_k") return engine::DType::q6_k;
    if (name == "f16") return engine::DType::f16;
    return engine::DType::f32;
}

bool starts_with_gguf_magic(const fs::path& path) {
    char magic[4] = {};
    std::ifstream in(path, std::ios::binary);
    in.read(magic, 4);
    return in && std::string_view(magic, 4) == "GGUF";
}

// max_position_embeddings from config.json (top level or text_config), when present.
std::optional<std::uint32_t> context_length(const fs::path& config_path) {
    const JsonRead read = read_json_file(config_path);
    const nlohmann::json& config = read.value;
    if (!config.is_object()) return std::nullopt;
    for (const auto* scope :
         {&config, config.contains("text_config") ? &config["text_config"] : nullptr}) {
        if (scope == nullptr || !scope->is_object()) continue;
        const auto found = scope->find("max_position_embeddings");
        if (found != scope->end() && found->is_number_unsigned() &&
            found->get<std::uint64_t>() <= UINT32_MAX)
            return found->get<std::uint32_t>();
    }
    return std::nullopt;
}

// Progress as a percentage, rewritten in place on a terminal and silent elsewhere (logs and
// tests get the summary line only).
std::function<void(std::size_t, std::size_t)> progress_printer(std::ostream& err) {
    if (!isatty(STDERR_FILENO)) return {};
    return [&err, shown = -1](std::size_t done, std::size_t total) mutable {
        const int percent = int(done * 100 / std::max<std::size_t>(total, 1));
        if (percent == shown) return;
        shown = percent;
        err << "\rfantasma: quantizing " << percent << "% (" << done << " of " << total
            << " tensors)" << (done == total ? "\n" : "") << std::flush;
    };
}

}  // namespace

CLI::App& add_quantize_command(CLI::App& app, QuantizeOptions& options) {
    CLI::App& quantize = *app.add_subcommand(
        "quantize",
        "Write a model as a GGUF file with quantized weights, in llama.cpp's conventions");
    quantize
        .add_option("input", options.input,
                    "Hugging Face model folder, .safetensors file (config.json beside it), or a "
                    "GGUF file with float weights")
        ->required();
    quantize.add_option("output", options.output, "the GGUF file to write")->required();
    quantize
        .add_option("--type", options.type,
                    "weight type: q8_0 (8 bits), q6_k (6.6 bits), q5_k (5.5 bits), q4_0 or "
                    "q4_k (4.5 bits; q4_k is the more accurate), f16, f32")
        ->transform(
            CLI::IsMember({"q8_0", "q6_k", "q5_k", "q4_0", "q4_k", "f16", "f32"}, CLI::ignore_case))
        ->capture_default_str();
    return quantize;
}

int run_quantize(const QuantizeOptions& options, std::ostream& err) {
    try {
        const fs::path input = options.input, output = options.output;
        if (!fs::exists(input))
            throw engine::ModelError(input.string() + ": no such file or folder");
        if (fs::is_directory(output))
            throw engine::ModelError(output.string() + ": is a folder; give the file to write");
        // Before the minutes of work, not after them.
        const fs::path output_folder = output.has_parent_path() ? output.parent_path() : ".";
        if (!fs::is_directory(output_folder))
            throw engine::ModelError(output_folder.string() +
                                     ": no such folder to write the file into (create it first)");
        const auto start = std::chrono::steady_clock::now();
        engine::GgufWriteSettings settings;
        settings.matrix_type = parse_type(options.type);
        settings.progress = progress_printer(err);
        if (!fs::is_directory(input) && starts_with_gguf_magic(input)) {
            engine::requantize_gguf(input, settings, output);
        } else {
            const fs::path folder = fs::is_directory(input) ? input : input.parent_path();
            const engine::ModelConfig config = engine::load_hf_config(folder / "config.json");
            const engine::SafetensorsModel weights(input);
            if (fs::exists(folder / "tokenizer.json"))
                settings.tokenizer_folder = folder;
            else
                err << "fantasma: note: no tokenizer.json in " << folder.string()
                    << ": the file will have no tokenizer, which llama.cpp needs\n";
            settings.context_length = context_length(folder / "config.json").value_or(262144);
            engine::write_qwen35_gguf(config, weights, settings, output);
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char summary[512];
        std::snprintf(summary, sizeof summary, "fantasma: wrote %s (%s, %.1f MB) in %.1f s",
                      output.string().c_str(), options.type.c_str(),
                      double(fs::file_size(output)) / 1e6, seconds);
        err << summary << '\n';
    } catch (const std::exception& error) {
        err << "fantasma: " << error.what() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace fantasma::cli
