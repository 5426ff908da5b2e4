// K-quant quantization against ggml's own reference quantizers: q4_k_reference.bin
// (q5_k_…, q6_k_…) holds the blocks ggml's quantize_row_q4_K_ref (q5_K, q6_K) made from the
// inputs below (tests/engine/make_q4_k_reference.c builds the same inputs and writes the files).

#include "engine/quants.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace fe = fantasma::engine;

namespace {

// The same generator as make_q4_k_reference.c; every value is exact in float32.
std::vector<float> reference_inputs() {
    std::vector<float> x(768);
    std::uint32_t state = 12345;
    for (float& value : x) {
        state = state * 1664525u + 1013904223u;
        value = float(int(state >> 16) - 32768) / 4096.0f;
    }
    for (int i = 256; i < 512; ++i) x[i] = x[i] < 0 ? -x[i] + 0.5f : x[i] + 0.5f;
    for (int i = 256 + 96; i < 256 + 128; ++i) x[i] = 0.0f;
    for (int i = 512; i < 768; ++i) x[i] *= float(1 << ((i - 512) / 32)) / 16.0f;
    x[700] = 100.0f;
    return x;
}

std::vector<std::uint8_t> quantize(const std::vector<float>& x) {
    std::vector<std::uint8_t> out(x.size() / 256 * 144);
    fe::quantize_q4_k(reinterpret_cast<std::byte*>(out.data()), x.data(), x.size());
    return out;
}

}  // namespace

TEST_CASE("Q4_K quantization equals ggml's reference quantizer bit for bit", "[engine][quants]") {
    std::ifstream file(
        std::filesystem::path(FANTASMA_SOURCE_DIR) / "tests" / "engine" / "q4_k_reference.bin",
        std::ios::binary);
    const std::vector<std::uint8_t> want((std::istreambuf_iterator<char>(file)),
                                         std::istreambuf_iterator<char>());
    REQUIRE(want.size() == 3 * 144);
    const std::vector<std::uint8_t> got = quantize(reference_inputs());
    for (std::size_t block = 0; block < 3; ++block) {
        INFO("block " << block);
        CHECK(
            std::vector(got.begin() + long(block * 144), got.begin() + long(block * 144 + 144)) ==
            std::vector(want.begin() + long(block * 144), want.begin() + long(block * 144 + 144)));
    }
}

TEST_CASE("Q4_K blocks dequantize close to what was quantized", "[engine][quants]") {
    const std::vector<float> x = reference_inputs();
    const std::vector<std::uint8_t> blocks = quantize(x);
    std::vector<float> back(x.size());
    fe::dequantize(fe::DType::q4_k, back.data(), reinterpret_cast<const std::byte*>(blocks.data()),
                   back.size());
    // Block 0 spans [-8, 8): 15 levels per sub-block put each value within about half a
    // step (16 / 15 / 2) plus the 6-bit rounding of scale and min.
    for (int i = 0; i < 256; ++i) CHECK(std::fabs(back[i] - x[i]) < 0.75f);
    // The all-zero sub-block of block 1 comes back as zeros.
    for (int i = 256 + 96; i < 256 + 128; ++i) CHECK(back[i] == 0.0f);
    // Block 2's smallest sub-block (magnitudes up to 0.5) keeps its sign pattern only coarsely,
    // but the outlier survives.
    CHECK(std::fabs(back[700] - 100.0f) < 2.0f);
}

TEST_CASE("Q4_K of an all-zero block is all zero", "[engine][quants]") {
    const std::vector<std::uint8_t> blocks = quantize(std::vector<float>(256, 0.0f));
    for (const std::uint8_t byte : blocks) CHECK(byte == 0);
}

TEST_CASE("Q5_K and Q6_K quantization equal ggml's reference quantizers bit for bit",
          "[engine][quants]") {
    const auto type = GENERATE(fe::DType::q5_k, fe::DType::q6_k);
    const bool q5 = type == fe::DType::q5_k;
    const std::size_t block_bytes = q5 ? 176 : 210;
    std::ifstream file(std::filesystem::path(FANTASMA_SOURCE_DIR) / "tests" / "engine" /
                           (q5 ? "q5_k_reference.bin" : "q6_k_reference.bin"),
                       std::ios::binary);
    const std::vector<std::uint8_t> want((std::istreambuf_iterator<char>(file)),
                                         std::istreambuf_iterator<char>());
    REQUIRE(want.size() == 3 * block_bytes);
    const std::vector<float> x = reference_inputs();
    std::vector<std::uint8_t> got(3 * block_bytes);
    (q5 ? fe::quantize_q5_k : fe::quantize_q6_k)(reinterpret_cast<std::byte*>(got.data()), x.data(),
                                                 x.size());
    for (std::size_t block = 0; block < 3; ++block) {
        INFO(fe::dtype_name(type) << " block " << block);
        const auto at = [&](const std::vector<std::uint8_t>& v, std::size_t offset) {
            return v.begin() + long(block * block_bytes + offset);
        };
        CHECK(std::vector(at(got, 0), at(got, block_bytes)) ==
              std::vector(at(want, 0), at(want, block_bytes)));
    }
    // And back: within a step of the 5- or 6-bit levels (block 0 spans [-8, 8)).
    std::vector<float> back(x.size());
    fe::dequantize(type, back.data(), reinterpret_cast<const std::byte*>(got.data()), back.size());
    for (int i = 0; i < 256; ++i) CHECK(std::fabs(back[i] - x[i]) < (q5 ? 0.4f : 0.2f));
    CHECK(std::fabs(back[700] - 100.0f) < 2.0f);
}
