#include "engine/tensor_data.hpp"

#include "engine/quants.hpp"

#include <bit>
#include <cmath>
#include <cstring>

namespace fantasma::engine {

std::string_view dtype_name(DType type) {
    switch (type) {
        case DType::f32:
            return "F32";
        case DType::f16:
            return "F16";
        case DType::bf16:
            return "BF16";
        case DType::q8_0:
            return "Q8_0";
        case DType::q4_0:
            return "Q4_0";
        case DType::q4_k:
            return "Q4_K";
        case DType::q6_k:
            return "Q6_K";
        case DType::q4_1:
            return "Q4_1";
        case DType::q5_0:
            return "Q5_0";
        case DType::q5_1:
            return "Q5_1";
        case DType::q3_k:
            return "Q3_K";
        case DType::q5_k:
            return "Q5_K";
        case DType::iq4_nl:
            return "IQ4_NL";
        case DType::iq4_xs:
            return "IQ4_XS";
    }
    return "?";
}

BlockFormat block_format(DType type) {
    switch (type) {
        case DType::f32:
            return {1, 4};
        case DType::f16:
        case DType::bf16:
            return {1, 2};
        case DType::q8_0:
            return {32, 34};
        case DType::q4_0:
            return {32, 18};
        case DType::q4_k:
            return {256, 144};
        case DType::q6_k:
            return {256, 210};
        case DType::q4_1:
            return {32, 20};
        case DType::q5_0:
            return {32, 22};
        case DType::q5_1:
            return {32, 24};
        case DType::iq4_nl:
            return {32, 18};
        case DType::q3_k:
            return {256, 110};
        case DType::q5_k:
            return {256, 176};
        case DType::iq4_xs:
            return {256, 136};
    }
    return {};
}

std::optional<std::uint64_t> storage_bytes(DType type, std::span<const std::int64_t> shape) {
    const BlockFormat format = block_format(type);
    std::uint64_t count = 1;
    for (auto dim : shape) count *= std::uint64_t(dim);
    const std::uint64_t inner = shape.empty() ? 1 : std::uint64_t(shape.back());
    if (inner % std::uint64_t(format.values) != 0) return std::nullopt;
    return count / std::uint64_t(format.values) * std::uint64_t(format.bytes);
}

std::int64_t TensorData::element_count() const {
    std::int64_t count = 1;
    for (auto dim : shape) count *= dim;
    return count;
}

float f16_to_f32(std::uint16_t bits) {
    const std::uint32_t sign = std::uint32_t(bits & 0x8000) << 16;
    const std::uint32_t exponent = (bits >> 10) & 0x1f;
    std::uint32_t mantissa = bits & 0x3ff;
    if (exponent == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    if (exponent != 0)
        return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
    if (mantissa == 0) return std::bit_cast<float>(sign);
    // Subnormal half: scale the mantissa up into a normal float.
    int shift = 0;
    while ((mantissa & 0x400) == 0) {
        mantissa <<= 1;
        ++shift;
    }
    mantissa &= 0x3ff;
    return std::bit_cast<float>(sign | std::uint32_t(113 - shift) << 23 | (mantissa << 13));
}

float f16_at(const std::byte* p) {
    std::uint16_t bits;
    std::memcpy(&bits, p, 2);
    return f16_to_f32(bits);
}

float bf16_to_f32(std::uint16_t bits) {
    return std::bit_cast<float>(std::uint32_t(bits) << 16);
}

std::uint16_t f32_to_bf16(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    // A NaN whose payload sits in the low bits alone would truncate to infinity: keep it quiet.
    if ((bits & 0x7fffffff) > 0x7f800000) return std::uint16_t((bits >> 16) | 0x40);
    return std::uint16_t((bits + 0x7fff + ((bits >> 16) & 1)) >> 16);  // nearest even
}

std::uint16_t f32_to_f16(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    const std::uint16_t sign = std::uint16_t((bits >> 16) & 0x8000);
    const std::uint32_t magnitude = bits & 0x7fffffff;
    if (magnitude > 0x7f800000) return sign | 0x7e00;   // NaN
    if (magnitude >= 0x477ff000) return sign | 0x7c00;  // rounds past 65504: inf
    if (magnitude < 0x38800000) {                       // below 2^-14: subnormal
        const float scaled = std::bit_cast<float>(magnitude) * 16777216.0f;  // · 2^24, exact
        return sign | std::uint16_t(std::nearbyint(scaled));                 // nearest even
    }
    // Normal: drop 13 mantissa bits with round to nearest even.
    const std::uint32_t rounded = magnitude + 0xfff + ((magnitude >> 13) & 1);
    return sign | std::uint16_t((rounded - 0x38000000) >> 13);
}

std::vector<float> to_f32(const TensorData& tensor) {
    const auto count = std::size_t(tensor.element_count());
    std::vector<float> out(count);
    const std::byte* in = tensor.bytes.data();
    switch (tensor.dtype) {
        case DType::f32:
            if (count > 0) std::memcpy(out.data(), in, count * 4);  // empty: both may be null
            break;
        case DType::f16:
        case DType::bf16:
            for (std::size_t i = 0; i < count; ++i) {
                std::uint16_t bits;
                std::memcpy(&bits, in + 2 * i, 2);
                out[i] = tensor.dtype == DType::f16 ? f16_to_f32(bits) : bf16_to_f32(bits);
            }
            break;
        default:
            dequantize(tensor.dtype, out.data(), in, count);
            break;
    }
    return out;
}

}  // namespace fantasma::engine
