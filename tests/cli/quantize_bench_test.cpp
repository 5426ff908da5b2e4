// `fantasma quantize` and `fantasma bench`, run as a user would on the tiny reference models
// of tests/reference (with the Qwen3.5 tokenizer subset beside them).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "../engine/reference_models.hpp"
#include "cli_test_support.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/model_info.hpp"
#include "engine/npy.hpp"

namespace fs = std::filesystem;
namespace fe = fantasma::engine;

namespace {

using fantasma::testing::kReference;
// Full attention every 4th layer, so GGUF can express it; 64-wide rows, vocabulary 384.
const char* const kModel = "multimodal-sharded-f16";

using namespace cli_test;

fs::path model_with_tokenizer(const Scratch& scratch) {
    const fs::path folder = scratch.dir / kModel;
    fs::create_directories(folder);
    for (const auto& entry : fs::directory_iterator(kReference / kModel))
        fs::create_symlink(entry.path(), folder / entry.path().filename());
    fs::copy_file(kReference / "tokenizer" / "qwen35-subset.json", folder / "tokenizer.json");
    return folder;
}

Run quantize(const Scratch& scratch, const fs::path& in, const fs::path& out,
             const std::string& type) {
    return run_fantasma(
        scratch, "quantize " + quote(in.string()) + " " + quote(out.string()) + " --type " + type);
}

const fe::TensorData& tensor(const fe::GgufFile& file, const std::string& name) {
    const auto& tensors = file.contents().tensors;
    const auto found = std::find_if(tensors.begin(), tensors.end(),
                                    [&](const fe::TensorData& t) { return t.name == name; });
    REQUIRE(found != tensors.end());
    return *found;
}

}  // namespace

TEST_CASE("quantize writes files whose logits match transformers on the rounded weights",
          "[cli][quantize]") {
    const Scratch scratch;
    const fs::path folder = model_with_tokenizer(scratch);
    std::string tokens = read_file(kReference / kModel / "tokens.txt");
    tokens.erase(std::remove(tokens.begin(), tokens.end(), '\n'), tokens.end());
    for (const char* type : {"q8_0", "q4_0"}) {
        INFO(type);
        const fs::path gguf = scratch.dir / (std::string(type) + ".gguf");
        const Run run = quantize(scratch, folder, gguf, type);
        INFO(run.err);
        REQUIRE(run.status == 0);
        CHECK(run.err.find("wrote") != std::string::npos);
        // The float32 reference backend: the fast one rounds activations to 8 bits as well,
        // which on these random models moves logits as much as rounding the weights does.
        const fs::path npy = scratch.dir / "logits.npy";
        const Run logits =
            run_fantasma(scratch, "logits --model " + quote(gguf.string()) + " --tokens " + tokens +
                                      " --out " + quote(npy.string()) + " --backend reference");
        INFO(logits.err);
        REQUIRE(logits.status == 0);
        const auto want =
            fe::read_npy(kReference / kModel / ("logits_" + std::string(type) + ".npy"));
        const auto got = fe::read_npy(npy);
        REQUIRE(got.shape == want.shape);
        CHECK(fantasma::testing::worst_relative_error(got.values, want,
                                                      std::size_t(want.shape[1])) < 1e-3);
    }
}

TEST_CASE("quantize writes llama.cpp's tokenizer and model keys", "[cli][quantize]") {
    const Scratch scratch;
    const fs::path gguf = scratch.dir / "model.gguf";
    REQUIRE(quantize(scratch, model_with_tokenizer(scratch), gguf, "q8_0").status == 0);
    const fe::GgufFile file(gguf);
    const auto& contents = file.contents();
    CHECK(fe::gguf_string(contents, "tokenizer.ggml.model") == "gpt2");
    CHECK(fe::gguf_string(contents, "tokenizer.ggml.pre") == "qwen35");
    CHECK(fe::gguf_int(contents, "general.file_type") == 7);  // MOSTLY_Q8_0
    CHECK(fe::gguf_int(contents, "qwen35.context_length").has_value());
    CHECK(fe::gguf_int(contents, "tokenizer.ggml.eos_token_id") == 1);  // config.json's
    const auto& tokens =
        std::get<std::vector<std::string>>(contents.metadata.find("tokenizer.ggml.tokens")->second);
    const auto& types = std::get<std::vector<std::int64_t>>(
        contents.metadata.find("tokenizer.ggml.token_type")->second);
    const auto& merges =
        std::get<std::vector<std::string>>(contents.metadata.find("tokenizer.ggml.merges")->second);
    // One token per row of the embedding table; the subset's ids past 384 are left out.
    REQUIRE(tokens.size() == 384);
    REQUIRE(types.size() == 384);
    CHECK(tokens[0] == "!");            // byte 0x21, the first of the byte-level alphabet
    CHECK(tokens[259] == "\xc4\xa0t");  // "Ġt", a merged token (id 259 in Qwen's vocabulary)
    CHECK(types[0] == 1);
    // Every merge kept joins two tokens of the file into a third.
    const std::set<std::string> vocabulary(tokens.begin(), tokens.end());
    REQUIRE(!merges.empty());
    for (const std::string& merge : merges) {
        const auto space = merge.find(' ');
        REQUIRE(space != std::string::npos);
        CHECK(vocabulary.contains(merge.substr(0, space)));
        CHECK(vocabulary.contains(merge.substr(space + 1)));
        CHECK(vocabulary.contains(merge.substr(0, space) + merge.substr(space + 1)));
    }
    // llama.cpp's rules: matrices quantized; norms, conv, decay and dt bias stay F32.
    CHECK(tensor(file, "blk.0.ffn_up.weight").dtype == fe::DType::q8_0);
    CHECK(tensor(file, "token_embd.weight").dtype == fe::DType::q8_0);
    for (const char* name : {"blk.0.attn_norm.weight", "blk.0.ssm_conv1d.weight", "blk.0.ssm_a",
                             "blk.0.ssm_dt.bias", "blk.0.ssm_norm.weight", "output_norm.weight"})
        CHECK(tensor(file, name).dtype == fe::DType::f32);
}

TEST_CASE("quantize requantizes a float GGUF and refuses a quantized one", "[cli][quantize]") {
    const Scratch scratch;
    const fs::path folder = model_with_tokenizer(scratch);
    const fs::path f16 = scratch.dir / "f16.gguf", direct = scratch.dir / "direct.gguf",
                   again = scratch.dir / "again.gguf";
    REQUIRE(quantize(scratch, folder, f16, "f16").status == 0);
    REQUIRE(quantize(scratch, folder, direct, "q4_0").status == 0);
    REQUIRE(quantize(scratch, f16, again, "q4_0").status == 0);
    // The reference weights are F16, so going through an F16 GGUF changes no bit.
    const fe::GgufFile a(direct), b(again);
    REQUIRE(a.contents().tensors.size() == b.contents().tensors.size());
    for (const auto& t : a.contents().tensors) {
        INFO(t.name);
        const auto& u = tensor(b, t.name);
        CHECK(t.dtype == u.dtype);
        CHECK(std::equal(t.bytes.begin(), t.bytes.end(), u.bytes.begin(), u.bytes.end()));
    }
    CHECK(fe::gguf_int(b.contents(), "general.file_type") == 2);  // MOSTLY_Q4_0
    CHECK(fe::gguf_string(b.contents(), "tokenizer.ggml.pre") == "qwen35");

    const Run refused = quantize(scratch, direct, scratch.dir / "twice.gguf", "q8_0");
    CHECK(refused.status == 1);
    CHECK(refused.err.find("already Q4_0") != std::string::npos);
    CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
    CHECK_FALSE(fs::exists(scratch.dir / "twice.gguf"));
}

TEST_CASE("quantize q4_k falls back to Q8_0 for rows shorter than a block", "[cli][quantize]") {
    const Scratch scratch;
    const fs::path gguf = scratch.dir / "q4_k.gguf";
    REQUIRE(quantize(scratch, model_with_tokenizer(scratch), gguf, "q4_k").status == 0);
    const fe::GgufFile file(gguf);
    CHECK(tensor(file, "blk.0.ffn_up.weight").dtype == fe::DType::q8_0);  // 64 values a row
    CHECK(fe::gguf_int(file.contents(), "general.file_type") == 14);
}

TEST_CASE("quantize leaves nothing behind when it fails", "[cli][quantize]") {
    const Scratch scratch;
    // Full attention on layers 2 and 5 of 6: a pattern GGUF cannot express.
    const Run irregular =
        quantize(scratch, kReference / "tied-gqa-bf16", scratch.dir / "out.gguf", "q8_0");
    CHECK(irregular.status == 1);
    CHECK(irregular.err.find("every n-th layer") != std::string::npos);
    const Run missing = quantize(scratch, model_with_tokenizer(scratch),
                                 scratch.dir / "no-such-folder" / "out.gguf", "q8_0");
    CHECK(missing.status == 1);
    CHECK(std::count(missing.err.begin(), missing.err.end(), '\n') == 1);
    CHECK(missing.err.find("no-such-folder: no such folder to write the file into (create it "
                           "first)") != std::string::npos);
    for (const auto& entry : fs::directory_iterator(scratch.dir))
        CHECK(entry.path().filename().string().find(".gguf") == std::string::npos);
}

TEST_CASE("bench --json reports positive, consistent figures", "[cli][bench]") {
    const Scratch scratch;
    fs::create_directories(scratch.dir / "alone");
    const fs::path gguf = scratch.dir / "alone" / "model.gguf";
    REQUIRE(quantize(scratch, model_with_tokenizer(scratch), gguf, "q8_0").status == 0);
    const Run run = run_fantasma(scratch, "bench --model " + quote(gguf.string()) +
                                              " --prompt-tokens 40 --gen-tokens 8"
                                              " --repetitions 3 --threads 1 --json");
    INFO(run.err);
    REQUIRE(run.status == 0);
    const auto report = nlohmann::json::parse(run.out);
    CHECK(report["prompt_tokens"] == 40);
    CHECK(report["gen_tokens"] == 8);
    CHECK(report["threads"] == 1);
    CHECK(report["file_type"] == "Q8_0");
    // every matrix type by its share, the largest first: here the conv weights stay F32
    CHECK(report["matrix_types"] == "Q8_0 97 %, F32 3 %");
    CHECK(!report["backend"].get<std::string>().empty());
    CHECK(report["weight_bytes"].get<std::uint64_t>() > 0);
    CHECK(report["weight_bytes"].get<std::uint64_t>() < fs::file_size(gguf));
    CHECK(report["bytes_per_token"].get<std::uint64_t>() <=
          report["weight_bytes"].get<std::uint64_t>());
    CHECK(report["peak_rss_bytes"].get<std::uint64_t>() > 0);
    // the recurrent state each decode step reads and writes, as `model info` counts it
    CHECK(report["state_bytes"].get<std::uint64_t>() ==
          fantasma::engine::inspect_model(gguf).state_bytes());
    CHECK(report["state_bytes"].get<std::uint64_t>() > 0);
    for (const char* test : {"prefill", "decode"}) {
        INFO(test);
        const auto runs =
            report[std::string(test) + "_runs_tokens_per_s"].get<std::vector<double>>();
        REQUIRE(runs.size() == 3);
        const double median = report[std::string(test) + "_tokens_per_s"].get<double>();
        CHECK(median > 0);
        auto sorted = runs;
        std::sort(sorted.begin(), sorted.end());
        CHECK(median == sorted[1]);
    }
    // The folder holding the file alone, as a download lies, reports the same weights.
    const Run folder = run_fantasma(scratch, "bench --model " + quote(gguf.parent_path().string()) +
                                                 " --prompt-tokens 4 --gen-tokens 2"
                                                 " --repetitions 1 --threads 1 --json");
    INFO(folder.err);
    REQUIRE(folder.status == 0);
    const auto folder_report = nlohmann::json::parse(folder.out);
    CHECK(folder_report["file_type"] == "Q8_0");
    CHECK(folder_report["weight_bytes"] == report["weight_bytes"]);
}

TEST_CASE("bench refuses to measure nothing and a missing model", "[cli][bench]") {
    const Scratch scratch;
    const Run nothing =
        run_fantasma(scratch, "bench --model " + quote((kReference / kModel).string()) +
                                  " --prompt-tokens 0 --gen-tokens 0");
    CHECK(nothing.status == 1);
    CHECK(nothing.err.find("nothing to measure") != std::string::npos);
    const Run missing =
        run_fantasma(scratch, "bench --model " + quote((scratch.dir / "none.gguf").string()));
    CHECK(missing.status == 1);
    CHECK(std::count(missing.err.begin(), missing.err.end(), '\n') == 1);
}
