// Model::decode: several sequences one token each, as one batch, give each sequence the very
// logits it gets alone (a rewrite's candidates decode together and must draw what each would
// alone), with sequences at different positions and a batch that shrinks as sequences end.

#include "engine/cpu/cpu_backend.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/session.hpp"

#include <catch2/catch.hpp>

#include "batch_decode.hpp"
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

void check_same(fe::Backend& backend, const std::filesystem::path& model_path,
                const std::string& what) {
    auto loaded = fe::open_model(model_path, backend);
    const auto tokens = read_tokens(kReference / "multimodal-sharded-f16" / "tokens.txt");
    REQUIRE(tokens.size() >= 8);
    const auto plan = fantasma::testing::batch_plans(tokens);
    const auto expected = fantasma::testing::decoded_alone(*loaded.model, plan);
    const auto got = fantasma::testing::decoded_together(*loaded.model, plan);
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
