// The model rewrite run for real on the tiny random chat model: the prompt through ChatML,
// seeded generation, and every candidate judged. The model writes noise, so every candidate
// is rejected and the deterministic result must come back.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include "engine/error.hpp"
#include "generator/engine_generator.hpp"
#include "stylometry/analyzer.hpp"

using namespace fantasma;

namespace {

const std::filesystem::path kModel =
    std::filesystem::path(FANTASMA_SOURCE_DIR) / "tests" / "generator" / "tiny-chat-model";

rewriter::GenerationSettings short_runs() {
    rewriter::GenerationSettings settings;
    settings.max_tokens = 24;
    return settings;
}

}  // namespace

TEST_CASE("chat_text: system and user in ChatML, the assistant's turn without thinking") {
    const RewritePrompt prompt{"Be plain.", "Rewrite: hi", "hi"};
    const std::string text = rewriter::chat_text(prompt, engine::ChatFormat::qwen_thinking);
    CHECK(text ==
          "<|im_start|>system\nBe plain.<|im_end|>\n<|im_start|>user\nRewrite: hi<|im_end|>\n"
          "<|im_start|>assistant\n<think>\n\n</think>\n\n");
    CHECK(rewriter::chat_text(prompt, engine::ChatFormat::chatml)
              .ends_with("<|im_end|>\n<|im_start|>assistant\n"));
}

TEST_CASE("EngineGenerator: seeded, bounded, stoppable") {
    rewriter::EngineGenerator generator(kModel, {.kind = backends::BackendKind::Reference},
                                        short_runs());
    const RewritePrompt prompt = rewrite_prompt("The colour of \u27e61\u27e7 is grey.", {});
    std::vector<std::size_t> counts;
    const auto count = [&](std::size_t tokens) { counts.push_back(tokens); };
    const std::string first = generator.generate(prompt, 7, {}, count);
    CHECK(generator.generate(prompt, 7, {}, {}) == first);
    // Tokens reported one by one, never past the cap.
    REQUIRE_FALSE(counts.empty());
    CHECK(counts.size() <= 24);
    for (std::size_t i = 0; i < counts.size(); ++i) CHECK(counts[i] == i + 1);
    // Some seed among a few writes something else (noise differs by seed).
    bool differs = false;
    for (std::uint64_t seed = 8; seed < 12 && !differs; ++seed)
        differs = generator.generate(prompt, seed, {}, {}) != first;
    CHECK(differs);
    // A stop requested after the third token ends the candidate there.
    std::stop_source stop;
    std::size_t last = 0;
    generator.generate(prompt, 7, stop.get_token(), [&](std::size_t tokens) {
        last = tokens;
        if (tokens == 3) stop.request_stop();
    });
    CHECK(last == std::min<std::size_t>(3, counts.size()));
}

TEST_CASE("EngineGenerator: candidates decoded as one batch are the texts each gives alone") {
    const auto kind = GENERATE(backends::BackendKind::Reference, backends::BackendKind::Cpu);
    rewriter::EngineGenerator generator(kModel, {.kind = kind}, short_runs());
    const RewritePrompt prompt = rewrite_prompt("The colour of \u27e61\u27e7 is grey.", {});
    const std::vector<std::uint64_t> seeds = {3, 11, 4, 40, 5};
    std::vector<std::vector<std::size_t>> counts(seeds.size());
    const auto progress = [&](std::size_t candidate, std::size_t tokens) {
        counts.at(candidate).push_back(tokens);
    };
    const std::vector<std::string> batch =
        generator.generate_candidates(prompt, seeds, {}, progress);
    REQUIRE(batch.size() == seeds.size());
    std::set<std::string> distinct;
    for (std::size_t i = 0; i < seeds.size(); ++i) {
        INFO(generator.backend_name() << ", seed " << seeds[i]);
        std::size_t alone_tokens = 0;
        CHECK(generator.generate(prompt, seeds[i], {}, [&](std::size_t n) { alone_tokens = n; }) ==
              batch[i]);
        CHECK(counts[i].size() == alone_tokens);
        distinct.insert(batch[i]);
    }
    CHECK(distinct.size() > 1);  // the seeds give different texts: the rows are not mixed up
}

TEST_CASE("Model rewrite end to end: noise is rejected, the deterministic result stays") {
    rewriter::EngineGenerator generator(kModel, {.kind = backends::BackendKind::Reference},
                                        short_runs());
    const Analyzer analyzer;
    const std::string source =
        "# Notes\n\nThe colour of `x = 3` was grey, whilst Ada waited.\n\nLast line.\n";
    const std::size_t begin = source.find("The colour");
    ModelRewriteOptions options;
    options.rewrite.language = Language::Markdown;
    options.rewrite.range = Span(begin, source.find('\n', begin));
    options.candidates = 3;
    options.seed = 1;
    std::size_t tokens = 0;
    options.on_token = [&](std::size_t, std::size_t count) { tokens += count > 0; };
    const ModelRewriteResult result = model_rewrite(source, options, analyzer, generator);
    REQUIRE(result.candidates.size() == 3);
    CHECK(tokens > 0);
    for (const CandidateJudgement& candidate : result.candidates) {
        INFO(candidate.raw);
        CHECK(candidate.verdict != Verdict::Best);
        CHECK(candidate.verdict != Verdict::Improves);
    }
    CHECK_FALSE(result.model_won);
    CHECK(result.rewrite.text == result.deterministic.text);
    CHECK(result.rewrite.text.find("The color of `x = 3` was gray") != std::string::npos);
}

TEST_CASE("A missing or corrupt model is a one-line ModelError naming the file") {
    const std::filesystem::path missing = kModel.parent_path() / "no-such-model";
    CHECK_THROWS_AS(rewriter::EngineGenerator(missing, {.kind = backends::BackendKind::Cpu}),
                    engine::ModelError);
    CHECK_THROWS_WITH(rewriter::EngineGenerator(missing, {.kind = backends::BackendKind::Cpu}),
                      Catch::Contains("no-such-model"));
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() / "fantasma-corrupt-model";
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "model.safetensors") << "not a safetensors file";
    std::ofstream(folder / "config.json") << "{ not json";
    CHECK_THROWS_AS(rewriter::EngineGenerator(folder, {.kind = backends::BackendKind::Cpu}),
                    engine::ModelError);
    // No such device, no OpenCL driver, or a build without OpenCL: each names OpenCL.
    CHECK_THROWS_WITH(rewriter::EngineGenerator(kModel, {.kind = backends::BackendKind::Opencl,
                                                         .device = "no-such-device"}),
                      Catch::Contains("OpenCL"));
    std::filesystem::remove_all(folder);
}
