// The reference models converted to GGUF the way llama.cpp's converter stores them (folded
// norms, ssm_a, tiled value heads), then run from the GGUF file against transformers' logits.

#include "engine/cpu/reference_backend.hpp"
#include "engine/error.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/gguf/gguf_convert.hpp"
#include "engine/gguf/gguf_raw.hpp"
#include "engine/gguf/gguf_writer.hpp"
#include "engine/mapped_file.hpp"
#include "engine/npy.hpp"
#include "engine/session.hpp"

#include <catch2/catch.hpp>

#include "reference_models.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
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

// `in` rewritten as llama.cpp's converter writes a checkpoint with its multi-token-prediction
// block (since llama.cpp 255582687, the default): block_count one higher,
// qwen35.nextn_predict_layers = 1, and a last block blk.N holding one full-attention layer
// (here a copy of `attention_layer`'s tensors) plus nextn.eh_proj [2·hidden → hidden],
// nextn.enorm, nextn.hnorm and nextn.shared_head_norm (gguf-py constants.py,
// MODEL_TENSOR.NEXTN_*). The block's values are NaN: if decoding ever touched them, every
// logit would be NaN.
void write_with_mtp_block(const fs::path& in, int attention_layer, const fs::path& out) {
    const fe::MappedFile file(in);
    const fe::GgufContents contents = fe::parse_gguf(file.bytes(), in.string());
    const int layers = int(*fe::gguf_int(contents, "qwen35.block_count"));
    const auto hidden = std::int64_t(*fe::gguf_int(contents, "qwen35.embedding_length"));
    fe::GgufWriter writer;
    for (const auto& entry : fe::raw_gguf_metadata(file.bytes()))
        if (entry.key != "qwen35.block_count") writer.add_raw(entry.key, entry.typed_value);
    writer.add_u32("qwen35.block_count", std::uint32_t(layers + 1));
    writer.add_u32("qwen35.nextn_predict_layers", 1);
    const auto nan_f32 = [](std::int64_t count) {
        std::vector<float> values(std::size_t(count), std::numeric_limits<float>::quiet_NaN());
        const auto* bytes = reinterpret_cast<const std::byte*>(values.data());
        return std::vector<std::byte>(bytes, bytes + values.size() * sizeof(float));
    };
    const std::string source_prefix = "blk." + std::to_string(attention_layer) + ".";
    const std::string mtp_prefix = "blk." + std::to_string(layers) + ".";
    for (const fe::TensorData& tensor : contents.tensors) {
        writer.add_tensor(tensor.name, tensor.dtype, tensor.shape,
                          std::vector<std::byte>(tensor.bytes.begin(), tensor.bytes.end()));
        if (tensor.name.starts_with(source_prefix) && tensor.dtype == fe::DType::f32)
            writer.add_tensor(mtp_prefix + tensor.name.substr(source_prefix.size()), fe::DType::f32,
                              tensor.shape, nan_f32(tensor.element_count()));
    }
    writer.add_tensor(mtp_prefix + "nextn.eh_proj.weight", fe::DType::f32, {hidden, 2 * hidden},
                      nan_f32(2 * hidden * hidden));
    for (const char* norm : {"enorm", "hnorm", "shared_head_norm"})
        writer.add_tensor(mtp_prefix + "nextn." + norm + ".weight", fe::DType::f32, {hidden},
                          nan_f32(hidden));
    writer.write(out);
}

}  // namespace

TEST_CASE("a GGUF carrying the MTP block runs as the same model without it",
          "[engine][gguf][golden]") {
    const std::string name = "multimodal-sharded-f16";  // 8 layers, full attention at 3 and 7
    const ConvertedModel plain(name, fe::DType::f32);
    const fs::path with_mtp = fs::path(plain.path).replace_extension(".mtp.gguf");
    write_with_mtp_block(plain.path, 7, with_mtp);
    {
        fe::cpu::ReferenceBackend backend;
        auto loaded = fe::open_model(with_mtp, backend);
        CHECK(loaded.model->config().num_layers() == 8);
        CHECK(loaded.model->config().mtp_layers == 1);
        const auto tokens = read_tokens(kReference / name / "tokens.txt");
        const auto logits = fe::compute_logits(*loaded.model, tokens, fe::LogitsMode::prefill);
        fe::cpu::ReferenceBackend plain_backend;
        auto plain_loaded = fe::open_model(plain.path, plain_backend);
        CHECK(logits == fe::compute_logits(*plain_loaded.model, tokens, fe::LogitsMode::prefill));
    }
    fs::remove(with_mtp);
}

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
