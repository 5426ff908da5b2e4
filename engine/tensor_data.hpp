#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fantasma::engine {

// Element types of stored tensors: the float types of safetensors and GGUF, and GGUF's
// block-quantized types (engine/quants.hpp), whose blocks run along the innermost dimension.
enum class DType {
    f32,
    f16,
    bf16,
    q8_0,
    q4_0,
    q4_k,
    q6_k,
    q4_1,
    q5_0,
    q5_1,
    q3_k,
    q5_k,
    iq4_nl,
    iq4_xs
};

std::string_view dtype_name(DType type);

// How many values one block holds and how many bytes it takes (1 and 4 for F32).
struct BlockFormat {
    int values = 1;
    int bytes = 4;
};
BlockFormat block_format(DType type);

// Bytes of a tensor with this shape, or nothing when the innermost dimension is not a whole
// number of blocks. Callers bound the element count first (no overflow below 2^50 values).
std::optional<std::uint64_t> storage_bytes(DType type, std::span<const std::int64_t> shape);

// A tensor as stored in a model file: a view into mapped memory, never owning it.
// shape is outermost first, as PyTorch writes it ([out, in] for a linear layer).
struct TensorData {
    std::string name;
    DType dtype = DType::f32;
    std::vector<std::int64_t> shape;
    std::span<const std::byte> bytes;

    std::int64_t element_count() const;
};

float f16_to_f32(std::uint16_t bits);
// The half-precision float stored (little-endian, maybe unaligned) at `p`: a quant block's scale.
float f16_at(const std::byte* p);
float bf16_to_f32(std::uint16_t bits);
std::uint16_t f32_to_f16(float value);   // round to nearest even
std::uint16_t f32_to_bf16(float value);  // round to nearest even; NaN stays NaN

// Converts any supported dtype to float32 (a copy; quantized types are dequantized).
std::vector<float> to_f32(const TensorData& tensor);

}  // namespace fantasma::engine
