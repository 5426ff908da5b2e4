// A Hugging Face folder in BF16 (how Qwen3.5 is published) against its F32 twin: the test
// rounds a reference model's weights to BF16, writes them as a BF16 folder and, widened back,
// as an F32 folder holding exactly the same values, and runs the BF16 folder on the fast CPU
// backend (every kernel table: BF16 weights read in place) against the F32 twin on the float32
// reference backend.

#include "engine/cpu/cpu_backend.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/safetensors.hpp"
#include "engine/safetensors_writer.hpp"
#include "engine/session.hpp"

#include <catch2/catch.hpp>

#include "reference_models.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <unistd.h>

namespace fe = fantasma::engine;
namespace fs = std::filesystem;

using fantasma::testing::kReference;
using fantasma::testing::read_tokens;

namespace {

// The reference model `name` with every tensor rounded to BF16, written twice into the temp
// folder: stored as BF16, and as F32 (the same values). Removed again afterwards.
struct Bf16Twins {
    fs::path bf16, f32;

    explicit Bf16Twins(const std::string& name) {
        const fs::path base = fs::temp_directory_path() /
                              ("fantasma-test-" + std::to_string(::getpid()) + "-" + name);
        bf16 = base.string() + "-bf16";
        f32 = base.string() + "-f32-twin";
        const fe::SafetensorsModel source(kReference / name);
        std::vector<fe::SafetensorsEntry> entries;
        std::vector<std::vector<std::uint16_t>> rounded;
        for (const auto& [tensor_name, tensor] : source.tensors()) {
            entries.push_back({tensor_name, fe::DType::bf16, tensor.shape});
            std::vector<std::uint16_t>& halves = rounded.emplace_back();
            for (const float value : fe::to_f32(tensor)) halves.push_back(fe::f32_to_bf16(value));
        }
        for (const fs::path& folder : {bf16, f32}) {
            fs::remove_all(folder);
            fs::create_directories(folder);
            fs::copy_file(kReference / name / "config.json", folder / "config.json");
        }
        fe::write_safetensors(bf16 / "model.safetensors", entries, [&](std::size_t i) {
            return std::as_bytes(std::span<const std::uint16_t>(rounded[i]));
        });
        for (auto& entry : entries) entry.dtype = fe::DType::f32;
        std::vector<float> widened;
        fe::write_safetensors(f32 / "model.safetensors", entries, [&](std::size_t i) {
            widened.clear();
            for (const std::uint16_t half : rounded[i]) widened.push_back(fe::bf16_to_f32(half));
            return std::as_bytes(std::span<const float>(widened));
        });
    }
    ~Bf16Twins() {
        fs::remove_all(bf16);
        fs::remove_all(f32);
    }
    Bf16Twins(const Bf16Twins&) = delete;
    Bf16Twins& operator=(const Bf16Twins&) = delete;
};

std::vector<float> logits_of(const fs::path& folder, fe::Backend& backend,
                             const std::vector<std::int32_t>& tokens, fe::LogitsMode mode) {
    auto loaded = fe::open_model(folder, backend, 37);  // batches of 37: a ragged last one
    return fe::compute_logits(*loaded.model, tokens, mode);
}

// The worst difference at any position, relative to that position's largest logit in `expected`.
double worst_relative_difference(const std::vector<float>& got, const std::vector<float>& expected,
                                 std::size_t vocab) {
    double worst = 0;
    for (std::size_t row = 0; row * vocab < expected.size(); ++row) {
        double scale = 0, difference = 0;
        for (std::size_t i = row * vocab; i < (row + 1) * vocab; ++i) {
            scale = std::max(scale, double(std::fabs(expected[i])));
            difference = std::max(difference, double(std::fabs(got[i] - expected[i])));
        }
        worst = std::max(worst, difference / scale);
    }
    return worst;
}

}  // namespace

// The products are the reference's exactly (a BF16 value widened is a float32); only the order
// of the sums differs, so the tolerance is float32 rounding through 4 layers: 2e-5 of the
// largest logit (measured: 0 scalar, 4.2e-6 AVX2, 2.5e-6 AVX-512). Rounding the weights to BF16
// moves the logits by 5.4e-2 (checked below to be far past the tolerance), so a BF16 path that
// read the weights wrongly could not hide in it.
TEST_CASE("a BF16 folder gives its F32 twin's logits on the fast CPU backend",
          "[engine][cpu][golden]") {
    const std::string name = "untied-odd-f32";  // odd sizes: every kernel's tails
    const Bf16Twins twins(name);
    const auto tokens = read_tokens(kReference / name / "tokens.txt");
    const auto mode = GENERATE(fe::LogitsMode::prefill, fe::LogitsMode::decode);
    fe::cpu::ReferenceBackend reference;
    const auto expected = logits_of(twins.f32, reference, tokens, mode);
    const std::size_t vocab = expected.size() / tokens.size();

    fe::cpu::ReferenceBackend unrounded_backend;
    const auto unrounded = logits_of(kReference / name, unrounded_backend, tokens, mode);
    const double rounding = worst_relative_difference(unrounded, expected, vocab);
    INFO("rounding the weights to BF16 moves the logits by " << rounding);
    CHECK(rounding > 1e-3);

    for (const auto* kernels : fe::cpu::available_kernels()) {
        fe::cpu::CpuBackend backend({.threads = 2, .kernels = kernels->name});
        const auto got = logits_of(twins.bf16, backend, tokens, mode);
        REQUIRE(got.size() == expected.size());
        const double difference = worst_relative_difference(got, expected, vocab);
        INFO(backend.name() << (mode == fe::LogitsMode::prefill ? " prefill" : " decode")
                            << ": worst difference " << difference);
        CHECK(difference < 2e-5);
    }
}

TEST_CASE("write_safetensors writes what parse_safetensors reads", "[engine][safetensors]") {
    const std::vector<float> floats = {1.5f, -2.0f, 0.25f, 3.0f, 5.0f, -7.5f};
    const std::vector<std::uint16_t> halves = {0x3f80, 0xc000, 0x3e80};  // BF16 1, -2, 0.25
    const std::vector<fe::SafetensorsEntry> entries = {{"a.weight", fe::DType::f32, {2, 3}},
                                                       {"b", fe::DType::bf16, {3}}};
    const fs::path file =
        fs::temp_directory_path() / ("fantasma-test-" + std::to_string(::getpid()) + ".st");
    fe::write_safetensors(file, entries, [&](std::size_t i) {
        return i == 0 ? std::as_bytes(std::span(floats)) : std::as_bytes(std::span(halves));
    });
    {
        const fe::SafetensorsModel model(file);
        const fe::TensorData* a = model.find("a.weight");
        const fe::TensorData* b = model.find("b");
        REQUIRE(a != nullptr);
        REQUIRE(b != nullptr);
        CHECK(a->shape == std::vector<std::int64_t>{2, 3});
        CHECK(fe::to_f32(*a) == floats);
        CHECK(b->dtype == fe::DType::bf16);
        CHECK(fe::to_f32(*b) == std::vector<float>{1.0f, -2.0f, 0.25f});
        CHECK(reinterpret_cast<std::uintptr_t>(a->bytes.data()) % 8 == 0);  // aligned data
    }
    CHECK_THROWS_WITH(
        fe::write_safetensors(file, entries,
                              [&](std::size_t) { return std::as_bytes(std::span(halves)); }),
        Catch::Contains("came with 6 bytes for a shape of 24"));
    fs::remove(file);
}

TEST_CASE("f32_to_bf16 rounds to nearest even", "[engine][safetensors]") {
    CHECK(fe::f32_to_bf16(1.0f) == 0x3f80);
    // 1 + 2^-8 lies halfway between 1 and 1 + 2^-7: to the even one, 1.
    CHECK(fe::f32_to_bf16(1.0f + 1.0f / 256) == 0x3f80);
    CHECK(fe::f32_to_bf16(1.0f + 3.0f / 256) == 0x3f82);  // halfway, up to the even one
    CHECK(fe::f32_to_bf16(1.0f + 1.5f / 256) == 0x3f81);  // past halfway: up
    CHECK(fe::f32_to_bf16(-1.0f) == 0xbf80);
    CHECK(std::isnan(fe::bf16_to_f32(fe::f32_to_bf16(std::nanf("")))));
    CHECK(fe::f32_to_bf16(INFINITY) == 0x7f80);
}
