#pragma once
// Model::decode against forward() alone, for the engine's and the OpenCL backend's tests: three
// sequences at different positions, decoded together in a batch that shrinks as they end.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/model.hpp"

namespace fantasma::testing {

// Sequence s: a prefill of 3 + 2s tokens, then 6 − s tokens decoded (so the batch goes from 3
// sequences to 2 to 1), token ids taken from the reference model's token file at offset 5s.
struct BatchPlan {
    std::vector<std::int32_t> prefill, decoded;
};

inline std::vector<BatchPlan> batch_plans(const std::vector<std::int32_t>& tokens) {
    std::vector<BatchPlan> result(3);
    for (std::size_t s = 0; s < result.size(); ++s) {
        const auto at = [&](std::size_t i) { return tokens[(5 * s + i) % tokens.size()]; };
        for (std::size_t i = 0; i < 3 + 2 * s; ++i) result[s].prefill.push_back(at(i));
        for (std::size_t i = 0; i < 6 - s; ++i) result[s].decoded.push_back(at(20 + i));
    }
    return result;
}

// Each sequence alone: its prefill, then its tokens one forward() at a time.
inline std::vector<std::vector<float>> decoded_alone(engine::Model& model,
                                                     const std::vector<BatchPlan>& plans) {
    const std::size_t vocab = std::size_t(model.config().vocab_size);
    std::vector<std::vector<float>> logits;
    for (const BatchPlan& plan : plans) {
        engine::SequenceState sequence = model.new_sequence(32);
        model.forward(sequence, plan.prefill, {});
        std::vector<float>& out = logits.emplace_back(plan.decoded.size() * vocab);
        for (std::size_t t = 0; t < plan.decoded.size(); ++t)
            model.forward(sequence, std::span(plan.decoded).subspan(t, 1),
                          std::span(out).subspan(t * vocab, vocab));
    }
    return logits;
}

// All sequences together: each step one decode() of the sequences that still have a token.
inline std::vector<std::vector<float>> decoded_together(engine::Model& model,
                                                        const std::vector<BatchPlan>& plans) {
    const std::size_t vocab = std::size_t(model.config().vocab_size);
    std::vector<engine::SequenceState> sequences;
    std::vector<std::vector<float>> logits;
    for (const BatchPlan& plan : plans) {
        sequences.push_back(model.new_sequence(32));
        model.forward(sequences.back(), plan.prefill, {});
        logits.emplace_back(plan.decoded.size() * vocab);
    }
    for (std::size_t step = 0;; ++step) {
        std::vector<engine::SequenceState*> going;
        std::vector<std::int32_t> tokens;
        std::vector<std::size_t> which;
        for (std::size_t s = 0; s < plans.size(); ++s)
            if (step < plans[s].decoded.size()) {
                going.push_back(&sequences[s]);
                tokens.push_back(plans[s].decoded[step]);
                which.push_back(s);
            }
        if (going.empty()) break;
        std::vector<float> step_logits(going.size() * vocab);
        model.decode(going, tokens, step_logits);
        for (std::size_t row = 0; row < which.size(); ++row)
            std::copy_n(step_logits.begin() + std::ptrdiff_t(row * vocab), vocab,
                        logits[which[row]].begin() + std::ptrdiff_t(step * vocab));
    }
    return logits;
}

}  // namespace fantasma::testing
