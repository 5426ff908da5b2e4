// The engine against Hugging Face transformers: the tiny random models and golden logits in
// tests/reference (made by make_reference_models.py) must come out the same, at every position,
// whether the tokens go in as one prefill or one at a time.

#include "engine/cpu/reference_backend.hpp"
#include "engine/npy.hpp"
#include "engine/session.hpp"

#include <catch2/catch.hpp>

#include "reference_models.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

namespace fe = fantasma::engine;

using fantasma::testing::ConvertedModel;
using fantasma::testing::kReference;
using fantasma::testing::read_tokens;
using fantasma::testing::worst_relative_error;

TEST_CASE("f32 reference forward matches transformers' logits", "[engine][golden]") {
    const auto name =
        GENERATE(as<std::string>{}, "tied-gqa-bf16", "untied-odd-f32", "multimodal-sharded-f16");
    const auto mode = GENERATE(fe::LogitsMode::prefill, fe::LogitsMode::decode);
    const int max_batch = GENERATE(64, 37);
    if (mode == fe::LogitsMode::decode && max_batch != 64) return;  // batch size plays no part
    const auto folder = kReference / name;
    fe::cpu::ReferenceBackend backend;
    auto loaded = fe::open_model(folder, backend, max_batch);
    const auto tokens = read_tokens(folder / "tokens.txt");
    const auto golden = fe::read_npy(folder / "logits.npy");
    const int vocab = loaded.model->config().vocab_size;
    REQUIRE(tokens.size() >= 150);
    REQUIRE(golden.shape == std::vector<std::int64_t>{std::int64_t(tokens.size()), vocab});

    const auto logits = fe::compute_logits(*loaded.model, tokens, mode);
    const double error = worst_relative_error(logits, golden, vocab);
    INFO(name << (mode == fe::LogitsMode::prefill ? " prefill" : " decode") << " batch "
              << max_batch << ": worst relative error " << error);
    CHECK(error < 1e-3);
}

TEST_CASE("a sequence continues across calls of different sizes", "[engine][golden]") {
    const auto folder = kReference / "tied-gqa-bf16";
    fe::cpu::ReferenceBackend backend;
    auto loaded = fe::open_model(folder, backend, 16);
    auto& model = *loaded.model;
    const auto tokens = read_tokens(folder / "tokens.txt");
    const auto golden = fe::read_npy(folder / "logits.npy");
    const std::size_t vocab = std::size_t(model.config().vocab_size);

    // 70 tokens in one call, 1, then the rest; logits of the last call only.
    auto sequence = model.new_sequence(int(tokens.size()));
    const std::span all(tokens);
    model.forward(sequence, all.subspan(0, 70), {});
    std::vector<float> one(vocab);
    model.forward(sequence, all.subspan(70, 1), one);
    const std::size_t rest = tokens.size() - 71;
    std::vector<float> logits(rest * vocab);
    model.forward(sequence, all.subspan(71), logits);
    CHECK(sequence.position == int(tokens.size()));

    fe::NpyArray expected{
        {std::int64_t(rest), std::int64_t(vocab)},
        {golden.values.begin() + std::ptrdiff_t(71 * vocab), golden.values.end()}};
    CHECK(worst_relative_error(logits, expected, int(vocab)) < 1e-3);

    // After a reset the same sequence gives position 0's logits again.
    model.reset(sequence);
    model.forward(sequence, all.subspan(0, 1), one);
    const std::vector<float> first(golden.values.begin(),
                                   golden.values.begin() + std::ptrdiff_t(vocab));
    fe::NpyArray expected_first{{1, std::int64_t(vocab)}, first};
    CHECK(worst_relative_error(one, expected_first, int(vocab)) < 1e-3);
}
