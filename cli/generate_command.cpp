#include "cli/generate_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <ostream>

#include "cli/engine_options.hpp"
#include "engine/error.hpp"
#include "engine/sampling/sampler.hpp"
#include "engine/session.hpp"
#include "engine/tokenizer/chat_template.hpp"
#include "engine/tokenizer/tokenizer.hpp"

namespace fantasma::cli {

namespace {

using engine::TokenId;

std::vector<TokenId> prompt_tokens(const GenerateOptions& options,
                                   const engine::Tokenizer& tokenizer, int vocab) {
    const std::string text =
        options.chat.empty()
            ? options.prompt
            : engine::chat_prompt(engine::chat_format(tokenizer.chat_template()),
                                  std::vector<engine::ChatMessage>{{"user", options.chat}});
    std::vector<TokenId> tokens = tokenizer.encode(text);
    if (tokens.empty()) throw engine::ModelError("the prompt is empty");
    // A tokenizer from another model would index past the embedding table.
    for (const TokenId id : tokens)
        if (id < 0 || id >= vocab)
            throw engine::ModelError("the prompt has token " + std::to_string(id) +
                                     ", past the model's vocabulary of " + std::to_string(vocab) +
                                     ": the tokenizer does not belong to this model");
    return tokens;
}

// Writes the text of the tokens so far past what is already written. Decoding the whole list
// each time (not token by token) keeps tokenizers that join pieces (sentencepiece's leading
// spaces) right; the cost is small next to a forward pass.
class TextStream {
  public:
    TextStream(const engine::Tokenizer& tokenizer, std::ostream& out)
        : tokenizer_(tokenizer), out_(out) {}

    void write(std::span<const TokenId> generated) {
        const std::string text = tokenizer_.decode(generated);
        if (text.size() > written_) out_ << std::string_view(text).substr(written_);
        written_ = std::max(written_, text.size());
        out_.flush();
    }

  private:
    const engine::Tokenizer& tokenizer_;
    std::ostream& out_;
    std::size_t written_ = 0;
};

}  // namespace

CLI::App& add_generate_command(CLI::App& app, GenerateOptions& options) {
    CLI::App& generate = *app.add_subcommand(
        "generate", "Run a model on a prompt and print the text it writes as it writes it");
    generate
        .add_option("--model", options.model,
                    "GGUF file (its own tokenizer, or tokenizer.json beside it), Hugging Face "
                    "model folder, or .safetensors file with tokenizer.json in its folder")
        ->required();
    CLI::Option* prompt =
        generate.add_option("--prompt", options.prompt, "raw text to continue, tokenized as is");
    CLI::Option* chat = generate.add_option(
        "--chat", options.chat,
        "a user message, laid out as the model's chat template does (Qwen's ChatML; no "
        "thinking)");
    prompt->excludes(chat);  // that one of them is given is checked by run_generate
    generate.add_option("--max-tokens", options.max_tokens, "the most tokens to generate")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    generate.add_option("--temp", options.temperature, "temperature; 0 picks the likeliest token")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    generate.add_option("--top-p", options.top_p, "keep the likeliest tokens up to this mass")
        ->check(CLI::Range(0.0f, 1.0f))
        ->capture_default_str();
    generate.add_option("--top-k", options.top_k, "keep the k likeliest tokens; 0 keeps all")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    generate.add_option("--seed", options.seed, "random seed: the same seed gives the same text")
        ->capture_default_str();
    add_backend_option(generate, options.backend);
    generate
        .add_option("--threads", options.threads,
                    "accepted but not used yet: the cpu backend runs on one thread")
        ->check(CLI::NonNegativeNumber);
    generate.add_flag("--ids", options.ids,
                      "print the generated token ids, comma-separated, instead of text");
    return generate;
}

int run_generate(const GenerateOptions& options, std::ostream& out, std::ostream& err) {
    try {
        if (options.prompt.empty() == options.chat.empty())
            throw engine::ModelError("give one of --prompt and --chat");
        const backends::ModelOnBackend on_backend = load_model(options.backend, options.model);
        const engine::LoadedModel& loaded = on_backend.loaded;
        const auto tokenizer = engine::load_tokenizer(options.model);
        engine::Model& model = *loaded.model;
        const int vocab = model.config().vocab_size;
        std::vector<TokenId> history = prompt_tokens(options, *tokenizer, vocab);
        const std::size_t prompt_size = history.size();
        const std::vector<TokenId> stops = engine::stop_tokens(options.model, *tokenizer);

        engine::SamplingSettings settings;
        settings.temperature = options.temperature;
        settings.top_p = options.top_p;
        settings.top_k = options.top_k;
        settings.seed = options.seed;
        engine::Sampler sampler(settings, tokenizer->vocab_size());

        engine::SequenceState sequence =
            model.new_sequence(static_cast<int>(prompt_size) + options.max_tokens);
        std::vector<float> logits(static_cast<std::size_t>(vocab));
        // Greedy and top-k draws need only the best few logits: the backend selects them.
        std::vector<engine::Candidate> best(static_cast<std::size_t>(sampler.best_needed(vocab)));
        // Prefill: only the last position's logits are needed.
        if (prompt_size > 1) model.forward(sequence, std::span(history).first(prompt_size - 1), {});
        // Timed from here: the rate of generation, not of reading the prompt.
        const auto start = std::chrono::steady_clock::now();
        std::vector<TokenId> generated;
        TextStream text(*tokenizer, out);
        bool stopped = false;
        TokenId next = history.back();
        while (int(generated.size()) < options.max_tokens) {
            if (best.empty()) {
                model.forward(sequence, std::span(&next, 1), logits);
                next = sampler.sample(logits, history);
            } else {
                model.forward_best(sequence, std::span(&next, 1), best);
                next = sampler.sample_best(best);
            }
            if (std::find(stops.begin(), stops.end(), next) != stops.end()) {
                stopped = true;
                break;
            }
            generated.push_back(next);
            history.push_back(next);
            if (options.ids) {
                out << (generated.size() > 1 ? "," : "") << next << std::flush;
            } else {
                text.write(generated);
            }
        }
        out << '\n' << std::flush;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char summary[160];
        std::snprintf(summary, sizeof summary,
                      "fantasma: %zu prompt + %zu generated tokens in %.2f s (%.1f tokens/s), %s",
                      prompt_size, generated.size(), seconds,
                      seconds > 0 ? double(generated.size()) / seconds : 0.0,
                      stopped ? "ended at a stop token" : "reached --max-tokens");
        err << summary << '\n';
    } catch (const std::exception& error) {
        err << "fantasma: " << error.what() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace fantasma::cli
