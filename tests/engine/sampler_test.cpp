// The sampler: greedy, temperature, top-k, top-p, repetition penalty, seeds, stop tokens.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>

#include "engine/sampling/sampler.hpp"
#include "engine/tokenizer/tokenizer.hpp"

using namespace fantasma::engine;

namespace {

// Draws n tokens with fresh history and counts them.
std::map<TokenId, int> draw_counts(const SamplingSettings& settings,
                                   const std::vector<float>& logits, int n) {
    Sampler sampler(settings);
    std::map<TokenId, int> counts;
    for (int i = 0; i < n; ++i) ++counts[sampler.sample(logits, {})];
    return counts;
}

}  // namespace

TEST_CASE("Greedy picks the largest logit, whatever the seed", "[sampler]") {
    std::vector<float> logits{0.5f, 3.0f, -1.0f, 2.9f};
    for (std::uint64_t seed : {0u, 1u, 99u}) {
        Sampler sampler({.temperature = 0, .seed = seed});
        for (int i = 0; i < 5; ++i) CHECK(sampler.sample(logits, {}) == 1);
    }
    Sampler top_one({.temperature = 1.0f, .top_k = 1});
    CHECK(top_one.sample(logits, {}) == 1);
}

TEST_CASE("Temperature draws follow the softmax", "[sampler]") {
    // ln 1, ln 2, ln 3, ln 4 → probabilities 0.1, 0.2, 0.3, 0.4.
    std::vector<float> logits{0.0f, 0.693147f, 1.098612f, 1.386294f};
    auto counts = draw_counts({.temperature = 1.0f, .seed = 7}, logits, 20000);
    CHECK(counts[0] / 20000.0 == Approx(0.1).margin(0.01));
    CHECK(counts[1] / 20000.0 == Approx(0.2).margin(0.01));
    CHECK(counts[2] / 20000.0 == Approx(0.3).margin(0.012));
    CHECK(counts[3] / 20000.0 == Approx(0.4).margin(0.012));

    // Temperature 0.5 squares the odds: 1:4:9:16 over 30.
    auto probabilities = sampling_probabilities(logits, {.temperature = 0.5f});
    CHECK(probabilities[0] == Approx(1.0 / 30).epsilon(1e-5));
    CHECK(probabilities[3] == Approx(16.0 / 30).epsilon(1e-5));
}

TEST_CASE("The same seed gives the same tokens, another seed others", "[sampler]") {
    std::vector<float> logits(50);
    for (std::size_t i = 0; i < logits.size(); ++i) logits[i] = static_cast<float>(i % 7) * 0.3f;
    auto run = [&](std::uint64_t seed) {
        Sampler sampler({.temperature = 1.0f, .seed = seed});
        std::vector<TokenId> tokens;
        for (int i = 0; i < 40; ++i) tokens.push_back(sampler.sample(logits, tokens));
        return tokens;
    };
    CHECK(run(42) == run(42));
    CHECK(run(42) != run(43));
}

TEST_CASE("Top-k and top-p keep the most likely tokens only", "[sampler]") {
    std::vector<float> logits{0.0f, 0.693147f, 1.098612f, 1.386294f};  // 0.1 0.2 0.3 0.4
    auto top_k = sampling_probabilities(logits, {.top_k = 2});
    CHECK(top_k[0] == 0);
    CHECK(top_k[1] == 0);
    CHECK(top_k[2] == Approx(3.0 / 7));
    CHECK(top_k[3] == Approx(4.0 / 7));

    // 0.4 < 0.6 so the next token (0.3) is needed too; 0.7 covers it.
    auto top_p = sampling_probabilities(logits, {.top_p = 0.6f});
    CHECK(top_p[1] == 0);
    CHECK(top_p[2] == Approx(3.0 / 7));
    auto tight = sampling_probabilities(logits, {.top_p = 0.3f});
    CHECK(tight[3] == Approx(1.0));
    CHECK(tight[2] == 0);

    auto counts = draw_counts({.top_k = 3, .top_p = 0.7f, .seed = 3}, logits, 5000);
    CHECK(counts.count(0) == 0);
    CHECK(counts.count(1) == 0);
    CHECK(counts[2] / 5000.0 == Approx(3.0 / 7).margin(0.03));
}

TEST_CASE("Repetition penalty lowers tokens already seen", "[sampler]") {
    std::vector<float> logits{2.0f, -1.0f, 1.9f, 0.5f};
    std::vector<TokenId> history{0, 1, 0};
    apply_repetition_penalty(logits, history, 2.0f);
    CHECK(logits == std::vector<float>{1.0f, -2.0f, 1.9f, 0.5f});

    std::vector<float> fresh{2.0f, -1.0f, 1.9f, 0.5f};
    Sampler greedy({.temperature = 0, .repetition_penalty = 1.5f});
    CHECK(greedy.sample(fresh, std::vector<TokenId>{0}) == 2);
    CHECK(greedy.sample(fresh, {}) == 0);
}

TEST_CASE("Stop tokens come from the model's config and the chat markers", "[sampler]") {
    auto dir = std::filesystem::temp_directory_path() / "fantasma-stop-tokens";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "generation_config.json") << R"({"eos_token_id": [248046, 248044]})";
    std::ofstream(dir / "config.json") << R"({"text_config": {"eos_token_id": 248046}})";
    auto tokenizer = load_tokenizer(std::filesystem::path(FANTASMA_SOURCE_DIR) /
                                    "tests/reference/tokenizer/qwen35-subset.json");
    CHECK(stop_tokens(dir, *tokenizer) == std::vector<TokenId>{248044, 248046});
    std::ofstream(dir / "config.json") << "{broken";
    CHECK_THROWS(stop_tokens(dir, *tokenizer));
    std::filesystem::remove_all(dir);
}

TEST_CASE("Padding ids past the tokenizer's vocabulary are never drawn", "[sampler]") {
    // 4 logits, the last one a padding row with the largest value.
    const std::vector<float> logits{0.0f, 1.0f, 2.0f, 9.0f};
    Sampler greedy({.temperature = 0}, 3);
    CHECK(greedy.sample(logits, {}) == 2);
    CHECK(greedy.best_needed(4) == 2);  // the best one may be padding
    const std::vector<Candidate> best{{9.0f, 3}, {2.0f, 2}};
    CHECK(greedy.sample_best(best) == 2);
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        Sampler hot({.temperature = 5.0f, .top_k = 2, .seed = seed}, 3);
        CHECK(hot.best_needed(4) == 3);
        CHECK(hot.sample(logits, {}) != 3);
        const std::vector<Candidate> top{{9.0f, 3}, {2.0f, 2}, {1.0f, 1}};
        const TokenId drawn = hot.sample_best(top);
        CHECK((drawn == 2 || drawn == 1));
    }
}
