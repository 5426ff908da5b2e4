// Quantized blocks built by hand, byte by byte, from the layouts in engine/quants.hpp.

#include "engine/quants.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

namespace fe = fantasma::engine;

namespace {

std::vector<float> dequantize(fe::DType type, const std::vector<std::uint8_t>& bytes) {
    const auto format = fe::block_format(type);
    std::vector<float> out(bytes.size() / std::size_t(format.bytes) * std::size_t(format.values));
    fe::dequantize(type, out.data(), reinterpret_cast<const std::byte*>(bytes.data()), out.size());
    return out;
}

}  // namespace

TEST_CASE("float32 to half rounds to nearest even", "[engine][quants]") {
    CHECK(fe::f32_to_f16(1.0f) == 0x3c00);
    CHECK(fe::f32_to_f16(-65504.0f) == 0xfbff);
    CHECK(fe::f32_to_f16(65520.0f) == 0x7c00);                      // past the largest half
    CHECK(fe::f32_to_f16(1.0f + std::ldexp(1.0f, -11)) == 0x3c00);  // tie: to even
    CHECK(fe::f32_to_f16(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3c02);
    CHECK(fe::f32_to_f16(std::ldexp(1.0f, -24)) == 0x0001);  // smallest subnormal
    CHECK(fe::f32_to_f16(1e-8f) == 0x0000);
    for (std::uint16_t bits : {0x0001, 0x03ff, 0x0400, 0x3555, 0xc123, 0x7bff})
        CHECK(fe::f32_to_f16(fe::f16_to_f32(bits)) == bits);
}

TEST_CASE("Q8_0 and Q4_0 blocks dequantize", "[engine][quants]") {
    std::vector<std::uint8_t> q8(34, 0);
    q8[0] = 0x00, q8[1] = 0x38;  // d = 0.5
    q8[2] = 0xfe;                // −2
    q8[33] = 3;
    const auto x8 = dequantize(fe::DType::q8_0, q8);
    CHECK(x8[0] == -1.0f);
    CHECK(x8[1] == 0.0f);
    CHECK(x8[31] == 1.5f);

    std::vector<std::uint8_t> q4(18, 0x88);  // all nibbles 8: zero
    q4[0] = 0x00, q4[1] = 0x40;              // d = 2
    q4[2] = 0x9f;                            // low 15 → value 0, high 9 → value 16
    const auto x4 = dequantize(fe::DType::q4_0, q4);
    CHECK(x4[0] == 14.0f);
    CHECK(x4[16] == 2.0f);
    CHECK(x4[1] == 0.0f);
}

TEST_CASE("Q4_K takes the high bits of scales 4..7 from the right bytes", "[engine][quants]") {
    std::vector<std::uint8_t> block(144, 0);
    block[1] = 0x3c, block[3] = 0x3c;  // d = dmin = 1
    std::uint8_t* s = block.data() + 4;
    s[0] = 0b11000001;  // scale 0 = 1; top bits 3 go to scale 4
    s[4] = 0b10000010;  // min 0 = 2; top bits 2 go to min 4
    s[8] = 0x53;        // scale 4 low 3, min 4 low 5
    std::uint8_t* q = block.data() + 16;
    q[0] = 0x07;
    q[64] = 0x21;
    const auto y = dequantize(fe::DType::q4_k, block);
    CHECK(y[0] == 1 * 7 - 2);      // pair 0: scale 1, min 2
    CHECK(y[128] == 51 * 1 - 37);  // pair 4: scale 3 | 3 << 4, min 5 | 2 << 4
    CHECK(y[160] == 0.0f);         // pair 5: zero scale and min
}

TEST_CASE("Q6_K combines low and high bits per quarter", "[engine][quants]") {
    std::vector<std::uint8_t> block(210, 0);
    std::uint8_t* ql = block.data();
    std::uint8_t* qh = block.data() + 128;
    auto* scales = reinterpret_cast<std::int8_t*>(block.data() + 192);
    block[209] = 0x3c;  // d = 1, stored last
    ql[0] = 0x5a;
    qh[0] = 0b11100100;
    scales[0] = 2, scales[2] = -1, scales[4] = 3, scales[6] = 1, scales[8] = 1;
    ql[64] = 0x01;
    const auto y = dequantize(fe::DType::q6_k, block);
    CHECK(y[0] == 2 * (10 - 32));
    CHECK(y[32] == -1 * (16 - 32));
    CHECK(y[64] == 3 * (5 + 32 - 32));
    CHECK(y[96] == 1 * (48 - 32));
    CHECK(y[128] == 1 * (1 - 32));
}

TEST_CASE("the reference quantizers round-trip what they can represent", "[engine][quants]") {
    std::vector<float> ints(32);
    for (int i = 0; i < 32; ++i) ints[std::size_t(i)] = float(i % 16 - 8);  // −8..7, max |x| = −8
    std::vector<std::byte> q4(18);
    fe::quantize_q4_0(q4.data(), ints.data(), 32);
    std::vector<float> back(32);
    fe::dequantize(fe::DType::q4_0, back.data(), q4.data(), 32);
    CHECK(back == ints);

    std::vector<float> ramp(64);
    for (int i = 0; i < 64; ++i) ramp[std::size_t(i)] = std::sin(float(i)) * 3;
    std::vector<std::byte> q8(68);
    fe::quantize_q8_0(q8.data(), ramp.data(), 64);
    fe::dequantize(fe::DType::q8_0, back.data(), q8.data(), 32);
    for (int i = 0; i < 32; ++i)
        CHECK(std::fabs(back[std::size_t(i)] - ramp[std::size_t(i)]) <= 3.0f / 127);
}
