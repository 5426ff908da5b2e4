#include "engine/sampling/sampler.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

#include "engine/error.hpp"
#include "support/json_read.hpp"

namespace fantasma::engine {

void apply_repetition_penalty(std::span<float> logits, std::span<const TokenId> history,
                              float penalty) {
    if (penalty == 1.0f) return;
    std::vector<bool> seen(logits.size(), false);
    for (auto id : history) {
        if (id < 0 || static_cast<std::size_t>(id) >= logits.size()) continue;
        auto index = static_cast<std::size_t>(id);
        if (seen[index]) continue;
        seen[index] = true;
        logits[index] = logits[index] > 0 ? logits[index] / penalty : logits[index] * penalty;
    }
}

std::vector<double> sampling_probabilities(std::span<const float> logits,
                                           const SamplingSettings& settings) {
    if (logits.empty()) throw ModelError("sampling from an empty vocabulary");
    if (!(settings.temperature > 0)) throw ModelError("sampling needs a temperature above 0");
    std::vector<double> probabilities(logits.size());
    double largest = *std::max_element(logits.begin(), logits.end());
    double total = 0;
    for (std::size_t i = 0; i < logits.size(); ++i) {
        probabilities[i] = std::exp((logits[i] - largest) / settings.temperature);
        total += probabilities[i];
    }
    for (auto& p : probabilities) p /= total;

    // Most likely first; ties by lower id, so the kept set does not depend on the sort.
    std::vector<std::size_t> order(logits.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](auto a, auto b) { return probabilities[a] > probabilities[b]; });
    std::size_t keep = order.size();
    if (settings.top_k > 0) keep = std::min(keep, static_cast<std::size_t>(settings.top_k));
    if (settings.top_p < 1.0f) {
        // top-p applies to the distribution left after top-k, renormalised.
        double kept_mass = 0;
        for (std::size_t i = 0; i < keep; ++i) kept_mass += probabilities[order[i]];
        double mass = 0;
        std::size_t within = 0;
        while (within < keep && mass < settings.top_p * kept_mass)
            mass += probabilities[order[within++]];
        keep = std::max<std::size_t>(within, 1);
    }
    double kept_total = 0;
    for (std::size_t i = 0; i < keep; ++i) kept_total += probabilities[order[i]];
    for (std::size_t i = keep; i < order.size(); ++i) probabilities[order[i]] = 0;
    for (auto& p : probabilities) p /= kept_total;
    return probabilities;
}

std::size_t Sampler::draw(const std::vector<double>& probabilities) {
    const double point = std::uniform_real_distribution<double>(0.0, 1.0)(random_);
    double cumulative = 0;
    std::size_t last_kept = 0;
    for (std::size_t i = 0; i < probabilities.size(); ++i) {
        if (probabilities[i] == 0) continue;
        last_kept = i;
        cumulative += probabilities[i];
        if (point < cumulative) return i;
    }
    return last_kept;  // rounding left the point just above the total
}

Sampler::Sampler(const SamplingSettings& settings, std::size_t drawable)
    : settings_(settings), drawable_(drawable), random_(settings.seed) {}

std::size_t Sampler::padding(std::size_t vocab) const {
    return drawable_ > 0 && drawable_ < vocab ? vocab - drawable_ : 0;
}

TokenId Sampler::sample(std::span<const float> logits, std::span<const TokenId> history) {
    if (logits.size() <= padding(logits.size()))
        throw ModelError("sampling from an empty vocabulary");
    scratch_.assign(logits.begin(), logits.end() - std::ptrdiff_t(padding(logits.size())));
    apply_repetition_penalty(scratch_, history, settings_.repetition_penalty);
    if (settings_.temperature <= 0 || settings_.top_k == 1)
        return static_cast<TokenId>(std::max_element(scratch_.begin(), scratch_.end()) -
                                    scratch_.begin());
    return static_cast<TokenId>(draw(sampling_probabilities(scratch_, settings_)));
}

int Sampler::best_needed(int vocab) const {
    if (settings_.repetition_penalty != 1.0f) return 0;
    const int padded = int(padding(std::size_t(std::max(vocab, 0))));
    if (settings_.temperature <= 0 || settings_.top_k == 1) return std::min(1 + padded, vocab);
    return settings_.top_k > 0 ? std::min(settings_.top_k + padded, vocab) : 0;
}

TokenId Sampler::sample_best(std::span<const Candidate> best) {
    // The padding ids dropped, then as many as the draw needs (largest first, as given).
    std::vector<Candidate> by_id;
    const std::size_t needed =
        settings_.temperature <= 0 || settings_.top_k <= 1 ? 1 : std::size_t(settings_.top_k);
    for (const Candidate& candidate : best)
        if ((drawable_ == 0 || std::size_t(candidate.index) < drawable_) && by_id.size() < needed)
            by_id.push_back(candidate);
    if (by_id.empty()) throw ModelError("sampling from an empty vocabulary");
    if (settings_.temperature <= 0 || settings_.top_k == 1) return by_id.front().index;
    // sample() walks the vocabulary in id order: the same walk over the kept ids.
    std::sort(by_id.begin(), by_id.end(), [](auto a, auto b) { return a.index < b.index; });
    scratch_.resize(by_id.size());
    for (std::size_t i = 0; i < by_id.size(); ++i) scratch_[i] = by_id[i].value;
    return static_cast<TokenId>(by_id[draw(sampling_probabilities(scratch_, settings_))].index);
}

namespace {

void add_eos_ids(const std::filesystem::path& file, std::vector<TokenId>& ids) {
    JsonRead read = read_json_file(file);
    if (read.failure == JsonFailure::Unreadable) return;
    if (!read.ok()) throw ModelError(file.string() + ": " + read.error);
    if (!read.value.is_object()) throw ModelError(file.string() + ": not a JSON object");
    const nlohmann::json& config = read.value;
    const auto* holder = &config;
    if (!config.contains("eos_token_id") && config.contains("text_config") &&
        config["text_config"].is_object())
        holder = &config["text_config"];
    if (!holder->contains("eos_token_id")) return;
    const auto& eos = (*holder)["eos_token_id"];
    for (const auto& id : eos.is_array() ? eos : nlohmann::json::array({eos}))
        if (id.is_number_integer() && id.get<std::int64_t>() >= 0 &&
            id.get<std::int64_t>() < (std::int64_t{1} << 30))
            ids.push_back(id.get<TokenId>());
}

}  // namespace

std::vector<TokenId> stop_tokens(const std::filesystem::path& model, const Tokenizer& tokenizer) {
    std::vector<TokenId> ids = tokenizer.end_of_text_ids();
    const std::filesystem::path folder = std::filesystem::is_directory(model) ? model
                                         : model.parent_path().empty() ? std::filesystem::path(".")
                                                                       : model.parent_path();
    add_eos_ids(folder / "generation_config.json", ids);
    add_eos_ids(folder / "config.json", ids);
    for (const char* token : {"<|im_end|>", "<|endoftext|>"})
        if (auto id = tokenizer.token_id(token)) ids.push_back(*id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

}  // namespace fantasma::engine
