#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fantasma::engine {

// Element types of stored tensors. Quantized GGUF types join here with the GGUF reader.
enum class DType { f32, f16, bf16 };

std::string_view dtype_name(DType type);
std::size_t dtype_size(DType type);

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
float bf16_to_f32(std::uint16_t bits);

// Converts any supported dtype to float32 (a copy).
std::vector<float> to_f32(const TensorData& tensor);

}  // namespace fantasma::engine
