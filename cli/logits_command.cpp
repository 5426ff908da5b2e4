#include "cli/logits_command.hpp"

#include <CLI/CLI.hpp>
#include <climits>
#include <exception>
#include <ostream>

#include "cli/engine_options.hpp"
#include "engine/error.hpp"
#include "engine/npy.hpp"
#include "engine/session.hpp"

namespace fantasma::cli {

namespace {

std::vector<std::int32_t> parse_token_list(const std::string& list) {
    std::vector<std::int32_t> tokens;
    std::size_t pos = 0;
    while (pos <= list.size()) {
        const std::size_t comma = std::min(list.find(',', pos), list.size());
        const std::string item = list.substr(pos, comma - pos);
        std::size_t used = 0;
        long long id = -1;
        try {
            id = std::stoll(item, &used);
        } catch (const std::exception&) {
            used = 0;  // not a number: refused just below
        }
        if (item.empty() || used != item.size() || id < 0 || id > INT32_MAX)
            throw engine::ModelError("--tokens: '" + item + "' is not a token id");
        tokens.push_back(static_cast<std::int32_t>(id));
        pos = comma + 1;
    }
    return tokens;
}

}  // namespace

CLI::App& add_logits_command(CLI::App& app, LogitsOptions& options) {
    CLI::App& logits = *app.add_subcommand(
        "logits",
        "Write a model's next-token logits at every position of a token list to a .npy file "
        "(float32, [tokens, vocab])");
    logits
        .add_option("--model", options.model,
                    "GGUF file, Hugging Face model folder, or .safetensors file with "
                    "config.json beside it")
        ->required();
    logits.add_option("--tokens", options.tokens, "token ids, comma-separated: 1,2,3")->required();
    logits.add_option("--out", options.out, "the .npy file to write")->required();
    add_backend_option(logits, options.backend);
    add_kernels_option(logits, options.backend);
    logits
        .add_option("--mode", options.mode,
                    "prefill (all tokens at once) or decode (one token per call, as generation "
                    "runs)")
        ->check(CLI::IsMember({"prefill", "decode"}));
    return logits;
}

int run_logits(const LogitsOptions& options, std::ostream& err) {
    try {
        const std::vector<std::int32_t> tokens = parse_token_list(options.tokens);
        const backends::ModelOnBackend on_backend = load_model(options.backend, options.model);
        const engine::LoadedModel& loaded = on_backend.loaded;
        const int vocab = loaded.model->config().vocab_size;
        for (const std::int32_t id : tokens)
            if (id >= vocab)
                throw engine::ModelError("--tokens: " + std::to_string(id) +
                                         " is past the model's vocabulary of " +
                                         std::to_string(vocab));
        const engine::LogitsMode mode =
            options.mode == "decode" ? engine::LogitsMode::decode : engine::LogitsMode::prefill;
        engine::write_npy(options.out, {{static_cast<std::int64_t>(tokens.size()), vocab},
                                        engine::compute_logits(*loaded.model, tokens, mode)});
    } catch (const std::exception& error) {
        err << "fantasma: " << error.what() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace fantasma::cli
