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

std::vector<engine::SequenceState>& EngineGenerator::ready_sequences(
    const std::vector<TokenId>& prompt, int capacity, std::size_t count) {
    engine::Model& model = *loaded_.model;
    if (capacity > prefilled_.capacity) {
        const int grown = std::max(capacity, 2 * prefilled_.capacity);
        prefilled_ = model.new_sequence(grown);
        working_.clear();
        prefilled_tokens_.clear();
    }
    while (working_.size() < count) working_.push_back(model.new_sequence(prefilled_.capacity));
    const std::vector<TokenId> prefix(prompt.begin(), prompt.end() - 1);
    if (prefix != prefilled_tokens_) {
        model.reset(prefilled_);
        if (!prefix.empty()) model.forward(prefilled_, prefix, {});
        prefilled_tokens_ = prefix;
    }
    for (std::size_t i = 0; i < count; ++i) model.copy_state(prefilled_, working_[i]);
    return working_;
}

std::string EngineGenerator::generate(const RewritePrompt& prompt, std::uint64_t seed,
                                      std::stop_token stop,
                                      const std::function<void(std::size_t tokens)>& on_token) {
    const std::uint64_t seeds[] = {seed};
    const auto progress = [&](std::size_t, std::size_t tokens) {
        if (on_token) on_token(tokens);
    };
    return generate_candidates(prompt, seeds, std::move(stop), progress).front();
}

std::vector<std::string> EngineGenerator::generate_candidates(const RewritePrompt& prompt,
                                                              std::span<const std::uint64_t> seeds,
                                                              std::stop_token stop,
                                                              const TokenProgress& on_token) {
    engine::Model& model = *loaded_.model;
    const std::size_t vocab = std::size_t(model.config().vocab_size);
    const std::vector<TokenId> prompt_tokens = tokenizer_->encode(chat_text(prompt, chat_format_));
    for (const TokenId id : prompt_tokens)
        if (id < 0 || std::size_t(id) >= vocab)
            throw engine::ModelError("the prompt has token " + std::to_string(id) +
                                     ", past the model's vocabulary of " + std::to_string(vocab) +
                                     ": the tokenizer does not belong to this model");
    if (seeds.empty()) return {};
    const std::string& passage = prompt.passage.empty() ? prompt.user : prompt.passage;
    const int limit = std::min(settings_.max_tokens,
                               2 * static_cast<int>(tokenizer_->encode(passage).size()) + 16);

    // What each candidate carries: its sampler (its own seed), its history for the repetition
    // penalty, the tokens it generated and the token it feeds next.
    struct Draft {
        engine::Sampler sampler;
        engine::SequenceState* sequence;
        std::vector<TokenId> history, generated;
        TokenId next;
        bool done = false;
    };
    std::vector<engine::SequenceState>& sequences = ready_sequences(
        prompt_tokens, static_cast<int>(prompt_tokens.size()) + limit, seeds.size());
    std::vector<Draft> candidates;
    for (std::size_t i = 0; i < seeds.size(); ++i) {
        engine::SamplingSettings sampling;
        sampling.temperature = settings_.temperature;
        sampling.top_p = settings_.top_p;
        sampling.top_k = settings_.top_k;
        sampling.seed = seeds[i];
        // Ids past the tokenizer's vocabulary (the model's padding rows) are never drawn.
        candidates.push_back({engine::Sampler(sampling, tokenizer_->vocab_size()),
                              &sequences[i],
                              prompt_tokens,
                              {},
                              prompt_tokens.back()});
    }

    std::vector<engine::SequenceState*> going;
    std::vector<TokenId> inputs;
    std::vector<std::size_t> indices;  // the candidate of each row of the step
    // Top-k sampling needs only each row's largest logits, which the backend selects (a full
    // row, sorted on the host, costs as much as the model's step for a few candidates).
    const std::size_t best_needed =
        std::size_t(candidates.front().sampler.best_needed(static_cast<int>(vocab)));
    std::vector<float> logits;
    std::vector<engine::Candidate> best;
    while (!stop.stop_requested()) {
        going.clear(), inputs.clear(), indices.clear();
        for (std::size_t i = 0; i < candidates.size(); ++i)
            if (!candidates[i].done && static_cast<int>(candidates[i].generated.size()) < limit) {
                going.push_back(candidates[i].sequence);
                inputs.push_back(candidates[i].next);
                indices.push_back(i);
            }
        if (going.empty()) break;
        if (best_needed > 0) {
            best.resize(going.size() * best_needed);
            model.decode_best(going, inputs, best);
        } else {
            logits.resize(going.size() * vocab);
            model.decode(going, inputs, logits);
        }
        for (std::size_t row = 0; row < indices.size(); ++row) {
            Draft& candidate = candidates[indices[row]];
            const TokenId next =
                best_needed > 0
                    ? candidate.sampler.sample_best(
                          std::span(best).subspan(row * best_needed, best_needed))
                    : candidate.sampler.sample(std::span(logits).subspan(row * vocab, vocab),
                                               candidate.history);
            if (std::find(stops_.begin(), stops_.end(), next) != stops_.end()) {
                candidate.done = true;
                continue;
            }
            candidate.next = next;
            candidate.generated.push_back(next);
            candidate.history.push_back(next);
            if (on_token) on_token(indices[row], candidate.generated.size());
        }
    }
    std::vector<std::string> texts;
    for (const Draft& candidate : candidates) {
        try {
            texts.push_back(without_thinking(tokenizer_->decode(candidate.generated)));
        } catch (const engine::ModelError&) {
            texts.emplace_back();  // an id with no text (a gap in the vocabulary): empty
        }
    }
    return texts;
}

}  // namespace fantasma::rewriter
