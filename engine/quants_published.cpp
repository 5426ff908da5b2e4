// Dequantization of the block types published GGUF files mix in (ggml-common.h layouts,
// arithmetic in ggml's dequantize_row_* order so the floats agree bit for bit):
//   Q4_1    32 values, 20 bytes: f16 d, m; u8 q[16]            x = d·q + m (nibbles as Q4_0)
//   Q5_0    32 values, 22 bytes: f16 d; u32 qh; u8 q[16]       x = d·((q | h<<4) − 16)
//   Q5_1    32 values, 24 bytes: f16 d, m; u32 qh; u8 q[16]    x = d·(q | h<<4) + m
//   IQ4_NL  32 values, 18 bytes: f16 d; u8 q[16]               x = d·table[q]
//   Q3_K   256 values, 110 bytes: u8 hmask[32], q[64], scales[12]; f16 d
//   Q5_K   256 values, 176 bytes: f16 d, dmin; u8 scales[12], qh[32], q[128]
//   IQ4_XS 256 values, 136 bytes: f16 d; u16 scales_h; u8 scales_l[4], q[128]
// In the 32-value types value j < 16 is the low nibble of q[j], value j + 16 its high nibble,
// and bit j of qh is value j's fifth bit.

#include "engine/quants.hpp"

#include <array>
#include <cstdint>
#include <cstring>

namespace fantasma::engine {
namespace {

std::uint8_t u8(const std::byte* p, std::size_t i) {
    return std::uint8_t(p[i]);
}

std::uint32_t u32_at(const std::byte* p) {
    std::uint32_t value;
    std::memcpy(&value, p, 4);
    return value;
}

// Two nibbles per byte, and the fifth bit from qh when there is one.
int low_bits(const std::byte* q, int j) {
    return j < 16 ? u8(q, std::size_t(j)) & 15 : u8(q, std::size_t(j - 16)) >> 4;
}

void dequantize_q4_1(float* y, const std::byte* block) {
    const float d = f16_at(block), m = f16_at(block + 2);
    for (int j = 0; j < 32; ++j) y[j] = float(low_bits(block + 4, j)) * d + m;
}

void dequantize_q5_0(float* y, const std::byte* block) {
    const float d = f16_at(block);
    const std::uint32_t qh = u32_at(block + 2);
    for (int j = 0; j < 32; ++j)
        y[j] = float((low_bits(block + 6, j) | int((qh >> j) & 1) << 4) - 16) * d;
}

void dequantize_q5_1(float* y, const std::byte* block) {
    const float d = f16_at(block), m = f16_at(block + 2);
    const std::uint32_t qh = u32_at(block + 4);
    for (int j = 0; j < 32; ++j)
        y[j] = float(low_bits(block + 8, j) | int((qh >> j) & 1) << 4) * d + m;
}

void dequantize_iq4_nl(float* y, const std::byte* block) {
    const float d = f16_at(block);
    for (int j = 0; j < 32; ++j) y[j] = d * float(kIq4Values[std::size_t(low_bits(block + 2, j))]);
}

// Q3_K: 16 sub-blocks of 16 with 6-bit signed scales (offset 32): low 4 bits from
// scales[i % 8] (low nibble for i < 8, high after), high 2 bits from scales[8 + i % 4] at bit
// 2·(i / 4). Value v = 128·half + 32·j + l has 2 bits at q[32·half + l] >> 2j and a third
// from hmask[l] bit 4·half + j; a clear bit subtracts 4.
void dequantize_q3_k(float* y, const std::byte* block) {
    const std::byte* hmask = block;
    const std::byte* q = block + 32;
    const std::byte* scales = block + 96;
    const float d = f16_at(block + 108);
    for (int v = 0; v < 256; ++v) {
        const int half = v / 128, j = (v % 128) / 32, l = v % 32, sub = v / 16;
        const int low =
            (sub < 8 ? u8(scales, std::size_t(sub)) : u8(scales, std::size_t(sub - 8)) >> 4) & 15;
        const int high = (u8(scales, std::size_t(8 + sub % 4)) >> (2 * (sub / 4))) & 3;
        const float dl = d * float((low | high << 4) - 32);
        const int bits = (u8(q, std::size_t(32 * half + l)) >> (2 * j)) & 3;
        const bool set = (u8(hmask, std::size_t(l)) >> (4 * half + j)) & 1;
        y[v] = dl * float(bits - (set ? 0 : 4));
    }
}

// Q5_K: Q4_K's scales and mins (scale_and_min_k4), q[128] as Q4_K's nibbles, and the fifth
// bit of value 32·s + l (sub-block s) at qh[l] bit s.
void dequantize_q5_k(float* y, const std::byte* block) {
    const float d = f16_at(block), dmin = f16_at(block + 2);
    const std::byte* scales = block + 4;
    const std::byte* qh = block + 16;
    const std::byte* q = block + 48;
    for (int s = 0; s < 8; ++s) {
        int scale, min;
        scale_and_min_k4(s, scales, scale, min);
        const float d1 = d * float(scale), m1 = dmin * float(min);
        for (int l = 0; l < 32; ++l) {
            const int low = (u8(q, std::size_t(32 * (s / 2) + l)) >> (4 * (s % 2))) & 15;
            const int high = (u8(qh, std::size_t(l)) >> s) & 1;
            y[32 * s + l] = d1 * float(low | high << 4) - m1;
        }
    }
}

// IQ4_XS: 8 sub-blocks of 32, 6-bit scales (offset 32): low 4 bits from scales_l[s / 2]
// (nibble s % 2), high 2 from scales_h bit 2s; values as IQ4_NL's, 16 bytes per sub-block.
void dequantize_iq4_xs(float* y, const std::byte* block) {
    const float d = f16_at(block);
    const unsigned scales_h = unsigned(u8(block, 2)) | unsigned(u8(block, 3)) << 8;
    for (int s = 0; s < 8; ++s) {
        const int low = (u8(block + 4, std::size_t(s / 2)) >> (4 * (s % 2))) & 15;
        const int high = int(scales_h >> (2 * s)) & 3;
        const float dl = d * float((low | high << 4) - 32);
        const std::byte* q = block + 8 + 16 * s;
        for (int j = 0; j < 32; ++j)
            y[32 * s + j] = dl * float(kIq4Values[std::size_t(low_bits(q, j))]);
    }
}

}  // namespace

void dequantize_published_block(DType type, float* y, const std::byte* block) {
    switch (type) {
        case DType::q4_1:
            return dequantize_q4_1(y, block);
        case DType::q5_0:
            return dequantize_q5_0(y, block);
        case DType::q5_1:
            return dequantize_q5_1(y, block);
        case DType::iq4_nl:
            return dequantize_iq4_nl(y, block);
        case DType::q3_k:
            return dequantize_q3_k(y, block);
        case DType::q5_k:
            return dequantize_q5_k(y, block);
        case DType::iq4_xs:
            return dequantize_iq4_xs(y, block);
        default:
            return;
    }
}

}  // namespace fantasma::engine
