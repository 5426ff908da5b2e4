#pragma once

#include <cstdint>
#include <filesystem>
#include <random>
#include <span>
#include <vector>

#include "engine/backend.hpp"
#include "engine/tokenizer/tokenizer.hpp"

namespace fantasma::engine {

struct SamplingSettings {
    float temperature = 1.0f;         // 0 picks the most likely token (greedy)
    int top_k = 0;                    // keep the k most likely tokens; 0 keeps all
    float top_p = 1.0f;               // keep the most likely tokens up to this probability mass
    float repetition_penalty = 1.0f;  // > 1 makes tokens already seen less likely (CTRL-style)
    std::uint64_t seed = 0;
};

// The CTRL/transformers penalty: a seen token's logit is divided by `penalty` when positive
// and multiplied by it when negative, once however often the token was seen.
void apply_repetition_penalty(std::span<float> logits, std::span<const TokenId> history,
                              float penalty);

// The distribution a token is drawn from: logits / temperature, softmax, then only the top-k
// tokens and the smallest most-likely set reaching top-p kept (the rest get 0), renormalised.
// Needs temperature > 0.
std::vector<double> sampling_probabilities(std::span<const float> logits,
                                           const SamplingSettings& settings);

// Picks next tokens; the same settings, seed and inputs give the same tokens.
class Sampler {
  public:
    // Ids at or past `drawable` are never drawn: the embedding's padding rows past the
    // tokenizer's vocabulary (Qwen3.5: 248,320 rows, 248,077 tokens), which no tokenizer can
    // decode. 0: every id can be drawn.
    explicit Sampler(const SamplingSettings& settings, std::size_t drawable = 0);

    // `logits` for the vocabulary at the current position; `history` the tokens so far
    // (prompt and generated), for the repetition penalty.
    TokenId sample(std::span<const float> logits, std::span<const TokenId> history);

    // How many of a position's largest logits decide the draw (1 when greedy, top_k for
    // top-k; plus the padding ids, which may be among them), so that sample_best on
    // Backend::top_k's selection draws what sample() draws; 0 when every logit counts (no
    // top-k, or a repetition penalty, which changes logits first).
    int best_needed(int vocab) const;
    // `best`: the best_needed() largest logits, largest first (Model::forward_best).
    TokenId sample_best(std::span<const Candidate> best);

  private:
    // An index drawn with the given probabilities (zeros never drawn).
    std::size_t draw(const std::vector<double>& probabilities);

    // The padding ids among `vocab` logits.
    std::size_t padding(std::size_t vocab) const;

    SamplingSettings settings_;
    std::size_t drawable_;
    std::mt19937_64 random_;
    std::vector<float> scratch_;
};

// The ids that end generation: the tokenizer's own (a GGUF's eos ids), `eos_token_id` (one id
// or a list) from generation_config.json and config.json in the model's folder (`model` is the
// folder or a file in it), plus the tokenizer's `<|im_end|>` and `<|endoftext|>`.
std::vector<TokenId> stop_tokens(const std::filesystem::path& model, const Tokenizer& tokenizer);

}  // namespace fantasma::engine
