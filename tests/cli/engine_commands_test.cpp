// `fantasma tokenize`, `logits` and `generate`, run as a user would on the tiny reference
// models of tests/reference (random weights: their text is noise, their numbers are checked).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../engine/reference_models.hpp"
#include "cli_test_support.hpp"
#include "engine/npy.hpp"

namespace fs = std::filesystem;

namespace {

using fantasma::testing::kReference;

using namespace cli_test;

std::vector<int> parse_ids(const std::string& line) {
    std::vector<int> ids;
    std::istringstream in(line);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty() && item != "\n") ids.push_back(std::stoi(item));
    return ids;
}

std::string join_ids(const std::vector<int>& ids) {
    std::string list;
    for (std::size_t i = 0; i < ids.size(); ++i) list += (i ? "," : "") + std::to_string(ids[i]);
    return list;
}

// A model folder as users have one: the reference weights and config, plus a tokenizer.json
// (the Qwen3.5 subset, whose digits have ids below every reference model's vocabulary).
fs::path model_with_tokenizer(const Scratch& scratch, const std::string& model) {
    const fs::path folder = scratch.dir / model;
    fs::create_directories(folder);
    for (const auto& entry : fs::directory_iterator(kReference / model))
        fs::create_symlink(entry.path(), folder / entry.path().filename());
    fs::copy_file(kReference / "tokenizer" / "qwen35-subset.json", folder / "tokenizer.json");
    return folder;
}

std::size_t argmax(const std::vector<float>& values, std::size_t row, std::size_t width) {
    const auto first = values.begin() + static_cast<long>(row * width);
    return static_cast<std::size_t>(std::max_element(first, first + static_cast<long>(width)) -
                                    first);
}

}  // namespace

TEST_CASE("logits writes the golden logits of each reference model", "[cli]") {
    const Scratch scratch;
    for (const char* model : {"tied-gqa-bf16", "untied-odd-f32", "multimodal-sharded-f16"}) {
        for (const char* mode : {"prefill", "decode"}) {
            INFO(model << " " << mode);
            const fs::path out = scratch.dir / "logits.npy";
            std::string tokens = read_file(kReference / model / "tokens.txt");
            tokens.erase(std::remove(tokens.begin(), tokens.end(), '\n'), tokens.end());
            const Run run = run_fantasma(
                scratch, "logits --model " + quote((kReference / model).string()) + " --tokens " +
                             tokens + " --out " + quote(out.string()) + " --mode " + mode);
            INFO(run.err);
            REQUIRE(run.status == 0);
            // auto, the default: one line says where the model runs, nothing else is said.
            CHECK_THAT(run.err, Catch::StartsWith("fantasma: running on "));
            CHECK(without_backend_note(run.err).empty());
            const auto got = fantasma::engine::read_npy(out);
            const auto want = fantasma::engine::read_npy(kReference / model / "logits.npy");
            REQUIRE(got.shape == want.shape);
            REQUIRE(got.shape[0] == static_cast<std::int64_t>(parse_ids(tokens).size()));
            // Relative to each row's largest logit, as the engine's golden test measures.
            CHECK(fantasma::testing::worst_relative_error(
                      got.values, want, static_cast<std::size_t>(want.shape[1])) < 1e-3);
        }
    }
}

TEST_CASE("tokenize --ids gives the ids of Hugging Face tokenizers", "[cli]") {
    const Scratch scratch;
    const fs::path tokenizer = kReference / "tokenizer" / "qwen35-subset.json";
    std::ifstream cases(kReference / "tokenizer" / "cases.jsonl");
    int checked = 0;
    for (std::string line; checked < 25 && std::getline(cases, line);) {
        const auto tokenizer_case = nlohmann::json::parse(line);
        const std::string text = tokenizer_case["text"];
        if (text.empty()) continue;  // TEXT is a required argument
        INFO(text);
        const Run run = run_fantasma(
            scratch, "tokenize --ids --model " + quote(tokenizer.string()) + " -- " + quote(text));
        INFO(run.err);
        REQUIRE(run.status == 0);
        CHECK(parse_ids(run.out) == tokenizer_case["ids"].get<std::vector<int>>());
        ++checked;
    }
    CHECK(checked == 25);
}

TEST_CASE("tokenize without --ids prints one token per line, escaped", "[cli]") {
    const Scratch scratch;
    const fs::path tokenizer = kReference / "tokenizer" / "qwen35-subset.json";
    const Run run = run_fantasma(
        scratch, "tokenize --model " + quote(tokenizer.string()) + " " + quote("Hello, world!\n"));
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out == "9419\tHello\n11\t,\n1814\t world\n0\t!\n198\t\\n\n");
}

TEST_CASE("generate: a fixed seed repeats, greedy follows the logits' argmax", "[cli]") {
    const Scratch scratch;
    // untied-odd-f32: vocabulary 301, of which the tokenizer subset lacks only a few ids, so
    // short greedy runs decode to text too.
    const fs::path model = model_with_tokenizer(scratch, "untied-odd-f32");
    const std::string base = "generate --model " + quote(model.string()) + " --prompt 12345 ";

    const Run first = run_fantasma(scratch, base + "--seed 1 --max-tokens 12 --ids");
    INFO(first.err);
    REQUIRE(first.status == 0);
    CHECK(parse_ids(first.out).size() == 12);
    const Run again = run_fantasma(scratch, base + "--seed 1 --max-tokens 12 --ids");
    CHECK(again.out == first.out);
    const Run other_seed = run_fantasma(scratch, base + "--seed 2 --max-tokens 12 --ids");
    CHECK(other_seed.out != first.out);
    // The summary: one line with the counts and the rate.
    const std::string stats = without_backend_note(first.err);
    CHECK(std::count(stats.begin(), stats.end(), '\n') == 1);
    CHECK(first.err.find("5 prompt + 12 generated tokens") != std::string::npos);
    CHECK(first.err.find("tokens/s") != std::string::npos);

    const Run text = run_fantasma(scratch, base + "--temp 0 --max-tokens 12");
    INFO(text.err);
    REQUIRE(text.status == 0);
    CHECK(text.out.size() > 1);
    CHECK(run_fantasma(scratch, base + "--temp 0 --max-tokens 12").out == text.out);

    const int max_tokens = 40;
    const Run greedy =
        run_fantasma(scratch, base + "--temp 0 --ids --max-tokens " + std::to_string(max_tokens));
    INFO(greedy.err);
    REQUIRE(greedy.status == 0);
    const std::vector<int> generated = parse_ids(greedy.out);
    REQUIRE(!generated.empty());
    REQUIRE(generated.size() <= static_cast<std::size_t>(max_tokens));
    // Prompt "12345" is ids 16..20; every generated token must be the argmax after the ones
    // before it, and an early end must be the argmax being the stop token (eos 1).
    std::vector<int> sequence = {16, 17, 18, 19, 20};
    sequence.insert(sequence.end(), generated.begin(), generated.end());
    const fs::path out = scratch.dir / "chain.npy";
    const Run logits =
        run_fantasma(scratch, "logits --model " + quote(model.string()) + " --tokens " +
                                  join_ids(sequence) + " --out " + quote(out.string()));
    INFO(logits.err);
    REQUIRE(logits.status == 0);
    const auto array = fantasma::engine::read_npy(out);
    const auto vocab = static_cast<std::size_t>(array.shape[1]);
    for (std::size_t i = 0; i < generated.size(); ++i)
        CHECK(argmax(array.values, 4 + i, vocab) == static_cast<std::size_t>(generated[i]));
    if (generated.size() < static_cast<std::size_t>(max_tokens)) {
        CHECK(argmax(array.values, sequence.size() - 1, vocab) == 1);
        CHECK(greedy.err.find("stop token") != std::string::npos);
    }
}

TEST_CASE("bad models and backends fail with one line, never a crash", "[cli]") {
    const Scratch scratch;
    const std::string missing = (scratch.dir / "no-such-model").string();
    std::ofstream(scratch.dir / "garbage.safetensors") << "not a safetensors file";
    std::ofstream(scratch.dir / "config.json") << "{ not json";
    // A model folder whose files nest 100,000 levels deep: refused, never a stack overflow.
    const fs::path deep = scratch.dir / "deep";
    fs::create_directories(deep);
    for (const char* file : {"config.json", "tokenizer.json"})
        std::ofstream(deep / file) << std::string(100'000, '[') << std::string(100'000, ']');
    const std::string garbage = (scratch.dir / "garbage.safetensors").string();
    const std::string reference = (kReference / "tied-gqa-bf16").string();
    const std::string out = quote((scratch.dir / "x.npy").string());
    // Failures of --backend opencl (no driver, no such device) are tested in
    // tests/opencl/command_line_test.cpp, where an OpenCL device can be assumed or simulated.
    // The subset tokenizer writes <|im_start|> as 248045, far past this model's 512 ids.
    const fs::path with_tokenizer = model_with_tokenizer(scratch, "tied-gqa-bf16");
    const std::vector<std::pair<std::string, std::string>> runs = {
        {"logits --model " + quote(missing) + " --tokens 1,2 --out " + out, "no-such-model"},
        {"logits --model " + quote(garbage) + " --tokens 1,2 --out " + out, "config.json"},
        {"logits --model " + quote(reference) + " --tokens 1,x --out " + out, "'x'"},
        {"logits --model " + quote(reference) + " --tokens 1,99999 --out " + out, "99999"},
        {"generate --model " + quote(missing) + " --prompt hi", "no-such-model"},
        {"generate --model " + quote(reference) + " --prompt hi", "tokenizer"},
        {"generate --model " + quote(with_tokenizer.string()) + " --chat hi",
         "the tokenizer does not belong to this model"},
        {"tokenize --model " + quote(missing) + " hi", "no-such-model"},
        {"tokenize --model " + quote(garbage) + " hi", "garbage.safetensors"},
        {"tokenize --model " + quote(deep.string()) + " hi",
         "tokenizer.json: nested deeper than 128 levels"},
        {"logits --model " + quote(deep.string()) + " --tokens 1 --out " + out,
         "config.json: nested deeper than 128 levels"},
    };
    for (const auto& [arguments, named] : runs) {
        INFO(arguments);
        const Run run = run_fantasma(scratch, arguments);
        INFO(run.err);
        CHECK(run.status == 1);
        // The error is one line (after auto's note, when the model loaded before it failed).
        const std::string error = without_backend_note(run.err);
        CHECK(std::count(error.begin(), error.end(), '\n') == 1);
        CHECK(error.rfind("fantasma: ", 0) == 0);
        CHECK(error.find(named) != std::string::npos);
        CHECK(run.out.empty());
    }
}
