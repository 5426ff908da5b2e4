#include "generator/engine_generator.hpp"

#include <algorithm>
#include <limits>

#include "engine/error.hpp"
#include "engine/sampling/sampler.hpp"
#include "engine/tokenizer/chat_template.hpp"

namespace fantasma::rewriter {

namespace {

using engine::TokenId;

// Only in the first character of a message: a model that starts with `<think>` despite the
// template (or with the empty block) has its thinking dropped.
std::string without_thinking(std::string text) {
    const std::string close = "</think>";
    if (text.find("<think>") == 0) {
        const std::size_t end = text.find(close);
        text = end == std::string::npos ? std::string() : text.substr(end + close.size());
    }
    return text;
}

}  // namespace

std::string chat_text(const RewritePrompt& prompt, engine::ChatFormat format) {
    const std::vector<engine::ChatMessage> messages = {{"system", prompt.system},
                                                       {"user", prompt.user}};
    return engine::chat_prompt(format, messages, /*thinking=*/false);
}

EngineGenerator::EngineGenerator(const std::filesystem::path& model,
                                 const backends::BackendOptions& backend,
                                 GenerationSettings settings)
    : settings_(settings) {
    if (!std::filesystem::exists(model))
        throw engine::ModelError(model.string() + ": no such file or folder");
    backends::ModelOnBackend on_backend = backends::open_model_on_backend(backend, model);
    backend_ = std::move(on_backend.backend);
    loaded_ = std::move(on_backend.loaded);
    backend_note_ = std::move(on_backend.note);
    tokenizer_ = engine::load_tokenizer(model);
    stops_ = engine::stop_tokens(model, *tokenizer_);
    chat_format_ = engine::chat_format(tokenizer_->chat_template());
}

EngineGenerator::~EngineGenerator() = default;

engine::SequenceState& EngineGenerator::ready_sequence(const std::vector<TokenId>& prompt,
                                                       int capacity) {
    engine::Model& model = *loaded_.model;
    if (capacity > prefilled_.capacity) {
        const int grown = std::max(capacity, 2 * prefilled_.capacity);
        prefilled_ = model.new_sequence(grown);
        working_ = model.new_sequence(grown);
        prefilled_tokens_.clear();
    }
    const std::vector<TokenId> prefix(prompt.begin(), prompt.end() - 1);
    if (prefix != prefilled_tokens_) {
        model.reset(prefilled_);
        if (!prefix.empty()) model.forward(prefilled_, prefix, {});
        prefilled_tokens_ = prefix;
    }
    for (std::size_t layer = 0; layer < working_.layers.size(); ++layer) {
        const engine::LayerState& from = prefilled_.layers[layer];
        engine::LayerState& to = working_.layers[layer];
        for (auto [source, target] :
             {std::pair{from.k_cache, to.k_cache}, std::pair{from.v_cache, to.v_cache},
              std::pair{from.conv_state, to.conv_state},
              std::pair{from.delta_state, to.delta_state}})
            if (source.handle != nullptr) backend_->copy(target, source);
    }
    working_.position = prefilled_.position;
    return working_;
}

std::string EngineGenerator::generate(const RewritePrompt& prompt, std::uint64_t seed,
                                      std::stop_token stop,
                                      const std::function<void(std::size_t tokens)>& on_token) {
    engine::Model& model = *loaded_.model;
    const int vocab = model.config().vocab_size;
    std::vector<TokenId> history = tokenizer_->encode(chat_text(prompt, chat_format_));
    for (const TokenId id : history)
        if (id < 0 || id >= vocab)
            throw engine::ModelError("the prompt has token " + std::to_string(id) +
                                     ", past the model's vocabulary of " + std::to_string(vocab) +
                                     ": the tokenizer does not belong to this model");
    const std::string& passage = prompt.passage.empty() ? prompt.user : prompt.passage;
    const int limit = std::min(settings_.max_tokens,
                               2 * static_cast<int>(tokenizer_->encode(passage).size()) + 16);

    engine::SamplingSettings sampling;
    sampling.temperature = settings_.temperature;
    sampling.top_p = settings_.top_p;
    sampling.top_k = settings_.top_k;
    sampling.seed = seed;
    // Ids past the tokenizer's vocabulary (the model's padding rows) are never drawn.
    engine::Sampler sampler(sampling, tokenizer_->vocab_size());
    engine::SequenceState& sequence =
        ready_sequence(history, static_cast<int>(history.size()) + limit);
    std::vector<float> logits(static_cast<std::size_t>(vocab));

    std::vector<TokenId> generated;
    TokenId next = history.back();
    while (static_cast<int>(generated.size()) < limit && !stop.stop_requested()) {
        model.forward(sequence, std::span(&next, 1), logits);
        next = sampler.sample(logits, history);
        if (std::find(stops_.begin(), stops_.end(), next) != stops_.end()) break;
        generated.push_back(next);
        history.push_back(next);
        if (on_token) on_token(generated.size());
    }
    try {
        return without_thinking(tokenizer_->decode(generated));
    } catch (const engine::ModelError&) {
        return {};  // an id with no text (a gap in the vocabulary): an empty candidate
    }
}

}  // namespace fantasma::rewriter
