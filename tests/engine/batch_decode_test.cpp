// Model::decode: several sequences one token each, as one batch, give each sequence the very
// logits it gets alone (a rewrite's candidates decode together and must draw what each would
// alone), with sequences at different positions and a batch that shrinks as sequences end.

#include "engine/cpu/cpu_backend.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/session.hpp"

#include <catch2/catch.hpp>

#include "reference_models.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace fe = fantasma::engine;

using fantasma::testing::ConvertedModel;
using fantasma::testing::kReference;
using fantasma::testing::read_tokens;

namespace {

// Sequence s: a prefill of 3 + 2s tokens, then 6 − s tokens decoded (so the batch goes from 3
// sequences to 2 to 1), token ids taken from the reference model's token file at offset 5s.
struct Plan {
    std::vector<std::int32_t> prefill, decoded;
};

std::vector<Plan> plans(const std::vector<std::int32_t>& tokens) {
    std::vector<Plan> result(3);
    for (std::size_t s = 0; s < result.size(); ++s) {
        const auto at = [&](std::size_t i) { return tokens[(5 * s + i) % tokens.size()]; };
        for (std::size_t i = 0; i < 3 + 2 * s; ++i) result[s].prefill.push_back(at(i));
        for (std::size_t i = 0; i < 6 - s; ++i) result[s].decoded.push_back(at(20 + i));
    }
    return result;
}

// Each sequence alone: its prefill, then its tokens one forward() at a time.
std::vector<std::vector<float>> alone(fe::Model& model, const std::vector<Plan>& plans) {
    const std::size_t vocab = std::size_t(model.config().vocab_size);
    std::vector<std::vector<float>> logits;
    for (const Plan& plan : plans) {
        fe::SequenceState sequence = model.new_sequence(32);
        model.forward(sequence, plan.prefill, {});
        std::vector<float>& out = logits.emplace_back(plan.decoded.size() * vocab);
        for (std::size_t t = 0; t < plan.decoded.size(); ++t)
            model.forward(sequence, std::span(plan.decoded).subspan(t, 1),
                          std::span(out).subspan(t * vocab, vocab));
    }
    return logits;
}

// All sequences together: each step one decode() of the sequences that still have a token.
std::vector<std::vector<float>> together(fe::Model& model, const std::vector<Plan>& plans) {
    const std::size_t vocab = std::size_t(model.config().vocab_size);
    std::vector<fe::SequenceState> sequences;
    std::vector<std::vector<float>> logits;
    for (const Plan& plan : plans) {
        sequences.push_back(model.new_sequence(32));
        model.forward(sequences.back(), plan.prefill, {});
        logits.emplace_back(plan.decoded.size() * vocab);
    }
    for (std::size_t step = 0;; ++step) {
        std::vector<fe::SequenceState*> going;
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

void check_same(fe::Backend& backend, const std::filesystem::path& model_path,
                const std::string& what) {
    auto loaded = fe::open_model(model_path, backend);
    const auto tokens = read_tokens(kReference / "multimodal-sharded-f16" / "tokens.txt");
    REQUIRE(tokens.size() >= 8);
    const auto plan = plans(tokens);
    const auto expected = alone(*loaded.model, plan);
    const auto got = together(*loaded.model, plan);
    for (std::size_t s = 0; s < plan.size(); ++s) {
        INFO(what << " on " << backend.name() << ", sequence " << s);
        REQUIRE(got[s].size() == expected[s].size());
        CHECK(std::memcmp(got[s].data(), expected[s].data(), sizeof(float) * got[s].size()) == 0);
    }
}

}  // namespace

TEST_CASE("decode: sequences in one batch get the logits each gets alone", "[engine][cpu]") {
    const auto type = GENERATE(fe::DType::f32, fe::DType::q8_0, fe::DType::q4_0, fe::DType::q4_k);
    const ConvertedModel gguf("multimodal-sharded-f16", type);
    const std::string what = std::string(fe::dtype_name(type)) + " GGUF";
    for (const auto* kernels : fe::cpu::available_kernels()) {
        fe::cpu::CpuBackend backend({.threads = 2, .kernels = kernels->name});
        check_same(backend, gguf.path, what);
    }
    fe::cpu::ReferenceBackend reference;
    check_same(reference, gguf.path, what);
}

TEST_CASE("decode: one token per sequence, each sequence once", "[engine][cpu]") {
    fe::cpu::ReferenceBackend backend;
    auto loaded = fe::open_model(kReference / "multimodal-sharded-f16", backend);
    fe::Model& model = *loaded.model;
    const std::size_t vocab = std::size_t(model.config().vocab_size);
    fe::SequenceState a = model.new_sequence(4), b = model.new_sequence(1);
    std::vector<float> logits(2 * vocab);
    const std::int32_t two[] = {1, 2};
    fe::SequenceState* twice[] = {&a, &a};
    CHECK_THROWS_WITH(model.decode(twice, two, logits), "decode was given the same sequence twice");
    fe::SequenceState* one[] = {&a};
    CHECK_THROWS_WITH(model.decode(one, two, std::span(logits).first(vocab)),
                      "decode takes one token per sequence");
    fe::SequenceState* both[] = {&a, &b};
    model.decode(both, two, logits);
    CHECK(a.position == 1);
    CHECK(b.position == 1);
    CHECK_THROWS_WITH(model.decode(both, two, logits), "the context is full: 1 tokens");
}

TEST_CASE("decode_best: each sequence's largest logits of decode", "[engine][cpu]") {
    fe::cpu::CpuBackend backend({.threads = 2});
    auto loaded = fe::open_model(kReference / "multimodal-sharded-f16", backend);
    fe::Model& model = *loaded.model;
    const std::size_t vocab = std::size_t(model.config().vocab_size), k = 5;
    std::vector<fe::SequenceState> sequences;
    for (int i = 0; i < 6; ++i) sequences.push_back(model.new_sequence(2));
    fe::SequenceState* first[] = {&sequences[0], &sequences[1], &sequences[2]};
    fe::SequenceState* second[] = {&sequences[3], &sequences[4], &sequences[5]};
    const std::int32_t tokens[] = {3, 17, 3};
    std::vector<float> logits(3 * vocab);
    std::vector<fe::Candidate> best(3 * k);
    model.decode(first, tokens, logits);
    model.decode_best(second, tokens, best);
    for (std::size_t s = 0; s < 3; ++s) {
        std::vector<fe::Candidate> row;
        for (std::size_t i = 0; i < vocab; ++i)
            row.push_back({logits[s * vocab + i], static_cast<int>(i)});
        std::partial_sort(row.begin(), row.begin() + std::ptrdiff_t(k), row.end(),
                          fe::better_candidate);
        for (std::size_t i = 0; i < k; ++i) CHECK(best[s * k + i] == row[i]);
    }
    CHECK(best[0] == best[2 * k]);  // the same token from the same state: the same logits
}
