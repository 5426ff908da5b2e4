// The reference models converted to GGUF the way llama.cpp's converter stores them (folded
// norms, ssm_a, tiled value heads), then run from the GGUF file against transformers' logits.

#include "engine/cpu/reference_backend.hpp"
#include "engine/error.hpp"
#include "engine/gguf_convert.hpp"
#include "engine/npy.hpp"
#include "engine/session.hpp"

#include <catch2/catch.hpp>

#include "reference_models.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

#include <unistd.h>

namespace fe = fantasma::engine;
namespace fs = std::filesystem;

using fantasma::testing::ConvertedModel;
using fantasma::testing::kReference;
using fantasma::testing::read_tokens;

namespace {

struct Agreement {
    double worst_relative_error = 0;  // per position, against its largest golden logit
    double top1 = 0;                  // fraction of positions with the same arg-max
};

Agreement compare(const std::vector<float>& logits, const fe::NpyArray& golden, std::size_t vocab) {
    return {fantasma::testing::worst_relative_error(logits, golden, vocab),
            fantasma::testing::top1_agreement(logits, golden, vocab)};
}

Agreement run(const fs::path& gguf, const std::string& name, fe::LogitsMode mode,
              const std::string& golden_file = "logits.npy") {
    fe::cpu::ReferenceBackend backend;
    auto loaded = fe::open_model(gguf, backend);
    const auto tokens = read_tokens(kReference / name / "tokens.txt");
    const auto golden = fe::read_npy(kReference / name / golden_file);
    const auto logits = fe::compute_logits(*loaded.model, tokens, mode);
    return compare(logits, golden, std::size_t(loaded.model->config().vocab_size));
}

}  // namespace

TEST_CASE("float GGUF files match transformers' logits", "[engine][gguf][golden]") {
    const auto name = GENERATE(as<std::string>{}, "untied-odd-f32", "multimodal-sharded-f16",
                               "trained-synthetic-bf16");
    const auto mode = GENERATE(fe::LogitsMode::prefill, fe::LogitsMode::decode);
    const ConvertedModel gguf(name, fe::DType::f32);
    const auto result = run(gguf.path, name, mode);
    INFO(name << " F32 GGUF: worst relative error " << result.worst_relative_error);
    CHECK(result.worst_relative_error < 1e-3);
}

// Random tiny models are chaotic: transformers itself, given Q4_0-rounded weights, keeps the
// top-1 token at well under 95% of positions (make_reference_models.py prints the figures). So
// the quantized files are held to transformers' logits for the same rounded weights instead:
// that checks the quantizer and the dequantization bit for bit, at the same 1e-3. The issue's
// top-1 targets are checked on a trained model (quantized_top1_test.cpp).
TEST_CASE("Q8_0 and Q4_0 GGUF files match transformers on the same rounded weights",
          "[engine][gguf][golden]") {
    const std::string name = "multimodal-sharded-f16";
    const auto type = GENERATE(fe::DType::q8_0, fe::DType::q4_0);
    const std::string kind = type == fe::DType::q8_0 ? "q8_0" : "q4_0";
    const ConvertedModel gguf(name, type);
    const auto result = run(gguf.path, name, fe::LogitsMode::prefill, "logits_" + kind + ".npy");
    const auto against_float = run(gguf.path, name, fe::LogitsMode::prefill);
    INFO(name << " " << kind << ": worst relative error " << result.worst_relative_error
              << "; top-1 agreement with the float model " << against_float.top1);
    CHECK(result.worst_relative_error < 1e-3);
    CHECK(result.top1 == 1.0);
    // Quantization changes the model: far from the float logits, but not garbage.
    CHECK(against_float.top1 > (type == fe::DType::q8_0 ? 0.8 : 0.3));
}

TEST_CASE("a layer pattern GGUF cannot express is refused", "[engine][gguf]") {
    CHECK_THROWS_WITH(ConvertedModel("tied-gqa-bf16", fe::DType::f32),
                      Catch::Contains("every n-th layer"));
}
