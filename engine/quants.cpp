#include "engine/quants.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace fantasma::engine {
namespace {

float half_at(const std::byte* p) {
    std::uint16_t bits;
    std::memcpy(&bits, p, 2);
    return f16_to_f32(bits);
}

void store_half(std::byte* p, float value) {
    const std::uint16_t bits = f32_to_f16(value);
    std::memcpy(p, &bits, 2);
}

std::uint8_t u8(const std::byte* p, std::size_t i) {
    return std::uint8_t(p[i]);
}

void dequantize_q8_0(float* y, const std::byte* block) {
    const float d = half_at(block);
    for (int j = 0; j < 32; ++j) y[j] = d * float(std::int8_t(block[2 + j]));
}

void dequantize_q4_0(float* y, const std::byte* block) {
    const float d = half_at(block);
    const std::byte* q = block + 2;
    for (int j = 0; j < 16; ++j) {
        y[j] = d * float((u8(q, j) & 15) - 8);
        y[j + 16] = d * float((u8(q, j) >> 4) - 8);
    }
}

// The j-th 6-bit (scale, min) pair of a Q4_K block: pairs 0..3 sit in the low 6 bits of
// bytes 0..3 and 4..7; pairs 4..7 take 4 bits from bytes 8..11 and their top 2 bits from the
// high bits of bytes j−4 (scale) and j (min).
void scale_and_min(int j, const std::byte* scales, int& scale, int& min) {
    if (j < 4) {
        scale = u8(scales, j) & 63;
        min = u8(scales, j + 4) & 63;
    } else {
        scale = (u8(scales, j + 4) & 15) | ((u8(scales, j - 4) >> 6) << 4);
        min = (u8(scales, j + 4) >> 4) | ((u8(scales, j) >> 6) << 4);
    }
}

void dequantize_q4_k(float* y, const std::byte* block) {
    const float d = half_at(block);
    const float dmin = half_at(block + 2);
    const std::byte* scales = block + 4;
    const std::byte* q = block + 16;
    for (int chunk = 0; chunk < 4; ++chunk) {  // 64 values from 32 bytes
        int s1, m1, s2, m2;
        scale_and_min(2 * chunk, scales, s1, m1);
        scale_and_min(2 * chunk + 1, scales, s2, m2);
        for (int l = 0; l < 32; ++l) {
            y[l] = d * float(s1) * float(u8(q, l) & 15) - dmin * float(m1);
            y[l + 32] = d * float(s2) * float(u8(q, l) >> 4) - dmin * float(m2);
        }
        q += 32;
        y += 64;
    }
}

void dequantize_q6_k(float* y, const std::byte* block) {
    const std::byte* ql = block;
    const std::byte* qh = block + 128;
    const std::byte* scales = block + 192;
    const float d = half_at(block + 208);
    for (int half = 0; half < 2; ++half) {  // 128 values each
        for (int l = 0; l < 32; ++l) {
            const int i = l / 16;
            const auto scale = [&](int k) { return float(std::int8_t(scales[i + k])); };
            const int h = u8(qh, l);
            y[l] = d * scale(0) * float(((u8(ql, l) & 15) | ((h & 3) << 4)) - 32);
            y[l + 32] = d * scale(2) * float(((u8(ql, l + 32) & 15) | (((h >> 2) & 3) << 4)) - 32);
            y[l + 64] = d * scale(4) * float(((u8(ql, l) >> 4) | (((h >> 4) & 3) << 4)) - 32);
            y[l + 96] = d * scale(6) * float(((u8(ql, l + 32) >> 4) | (((h >> 6) & 3) << 4)) - 32);
        }
        y += 128;
        ql += 64;
        qh += 32;
        scales += 8;
    }
}

}  // namespace

void dequantize(DType type, float* out, const std::byte* in, std::size_t count) {
    const BlockFormat format = block_format(type);
    for (std::size_t b = 0; b < count / std::size_t(format.values); ++b) {
        float* y = out + b * std::size_t(format.values);
        const std::byte* block = in + b * std::size_t(format.bytes);
        switch (type) {
            case DType::q8_0:
                dequantize_q8_0(y, block);
                break;
            case DType::q4_0:
                dequantize_q4_0(y, block);
                break;
            case DType::q4_k:
                dequantize_q4_k(y, block);
                break;
            case DType::q6_k:
                dequantize_q6_k(y, block);
                break;
            default:
                return;  // float types are not blocks
        }
    }
}

void quantize_q8_0(std::byte* out, const float* in, std::size_t count) {
    for (std::size_t b = 0; b < count / 32; ++b, in += 32, out += 34) {
        float amax = 0.0f;
        for (int j = 0; j < 32; ++j) amax = std::max(amax, std::fabs(in[j]));
        const float d = amax / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        store_half(out, d);
        for (int j = 0; j < 32; ++j) out[2 + j] = std::byte(std::int8_t(std::roundf(in[j] * id)));
    }
}

void quantize_q4_0(std::byte* out, const float* in, std::size_t count) {
    for (std::size_t b = 0; b < count / 32; ++b, in += 32, out += 18) {
        float amax = 0.0f, max = 0.0f;  // max: the value of largest magnitude, with its sign
        for (int j = 0; j < 32; ++j) {
            if (std::fabs(in[j]) > amax) {
                amax = std::fabs(in[j]);
                max = in[j];
            }
        }
        const float d = max / -8.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        store_half(out, d);
        for (int j = 0; j < 16; ++j) {
            const int low = std::min(15, int(std::int8_t(in[j] * id + 8.5f)));
            const int high = std::min(15, int(std::int8_t(in[j + 16] * id + 8.5f)));
            out[2 + j] = std::byte(std::uint8_t(low | (high << 4)));
        }
    }
}

}  // namespace fantasma::engine
