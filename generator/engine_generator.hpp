#pragma once
// Candidates for the model rewrite from a local Qwen3.5 instruct model run by the engine:
// the prompt laid out as the model's chat template does (Qwen's ChatML, no thinking), then
// sampling with the given seed.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "backends/backend_factory.hpp"
#include "engine/session.hpp"
#include "engine/tokenizer/chat_template.hpp"
#include "engine/tokenizer/tokenizer.hpp"
#include "stylometry/rewrite/model_pass.hpp"

namespace fantasma::rewriter {

struct GenerationSettings {
    float temperature = 0.7f;
    float top_p = 0.9f;
    int top_k = 40;
    // Hard cap; each candidate is also held to twice the passage's tokens plus a margin, since
    // a rewrite is never much longer than the text it rewrites.
    int max_tokens = 1024;
};

// The text the model reads for `prompt`: system and user message in `format`, no thinking.
std::string chat_text(const RewritePrompt& prompt, engine::ChatFormat format);

class EngineGenerator final : public CandidateGenerator {
  public:
    // Opens `model` (GGUF file, HF folder, .safetensors) with its tokenizer from the model's
    // folder, on the backend the options name (backends/backend_factory.hpp: under auto, a
    // device without room for the model means the CPU). Throws engine::ModelError with a
    // one-line message a user can act on (a chat template that is not ChatML, too).
    EngineGenerator(const std::filesystem::path& model, const backends::BackendOptions& backend,
                    GenerationSettings settings = {});
    ~EngineGenerator() override;

    // Where the model runs and why, when the backend was chosen (auto): one line, or empty.
    const std::string& backend_note() const { return backend_note_; }
    std::string backend_name() const { return backend_->name(); }

    // One candidate: the batch of generate_candidates with this seed alone.
    std::string generate(const RewritePrompt& prompt, std::uint64_t seed, std::stop_token stop,
                         const std::function<void(std::size_t tokens)>& on_token) override;
    // The candidates decode as one batch (Model::decode): one prefill of the prompt, its state
    // copied for each, then each step one token for every candidate still going, the weights
    // read once for all. Each candidate has its own seeded sampler, so it is the text it would
    // be alone. A stop request ends them all; what they have is returned.
    std::vector<std::string> generate_candidates(const RewritePrompt& prompt,
                                                 std::span<const std::uint64_t> seeds,
                                                 std::stop_token stop,
                                                 const TokenProgress& on_token) override;

  private:
    // `count` sequences ready to decode `prompt` (its last token not yet fed): the prompt's
    // state is computed once and copied for each candidate. Backends keep what they allocate
    // until they are destroyed, so the sequences are reused, grown only when a prompt needs
    // more room or more candidates.
    std::vector<engine::SequenceState>& ready_sequences(const std::vector<engine::TokenId>& prompt,
                                                        int capacity, std::size_t count);

    std::unique_ptr<engine::Backend> backend_;
    engine::LoadedModel loaded_;
    std::string backend_note_;
    std::unique_ptr<engine::Tokenizer> tokenizer_;
    std::vector<engine::TokenId> stops_;
    engine::ChatFormat chat_format_ = engine::ChatFormat::qwen_thinking;
    GenerationSettings settings_;
    engine::SequenceState prefilled_;
    std::vector<engine::SequenceState> working_;
    std::vector<engine::TokenId> prefilled_tokens_;  // what prefilled_ has seen
};

}  // namespace fantasma::rewriter
