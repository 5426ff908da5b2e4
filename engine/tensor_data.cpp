#include "engine/tensor_data.hpp"

#include <bit>
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
    }
    return "?";
}

std::size_t dtype_size(DType type) {
    return type == DType::f32 ? 4 : 2;
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

float bf16_to_f32(std::uint16_t bits) {
    return std::bit_cast<float>(std::uint32_t(bits) << 16);
}

std::vector<float> to_f32(const TensorData& tensor) {
    const auto count = std::size_t(tensor.element_count());
    std::vector<float> out(count);
    const std::byte* in = tensor.bytes.data();
    if (tensor.dtype == DType::f32) {
        std::memcpy(out.data(), in, count * 4);
        return out;
    }
    for (std::size_t i = 0; i < count; ++i) {
        std::uint16_t bits;
        std::memcpy(&bits, in + 2 * i, 2);
        out[i] = tensor.dtype == DType::f16 ? f16_to_f32(bits) : bf16_to_f32(bits);
    }
    return out;
}

}  // namespace fantasma::engine
