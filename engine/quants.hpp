#pragma once

// GGUF's block-quantized formats (ggml-common.h), one block at a time:
//   Q8_0  32 values, 34 bytes: f16 d; i8 q[32]                      x = d·q
//   Q4_0  32 values, 18 bytes: f16 d; u8 q[16]                      x[j] = d·((q[j] & 15) − 8),
//                                                                   x[j+16] = d·((q[j] >> 4) − 8)
//   Q4_K 256 values, 144 bytes: f16 d, dmin; u8 scales[12]; u8 q[128]   (6-bit scales and mins)
//   Q6_K 256 values, 210 bytes: u8 ql[128], qh[64]; i8 scales[16]; f16 d (d last)

#include "engine/tensor_data.hpp"

#include <cstddef>

namespace fantasma::engine {

// out[count] from count / block values blocks of `type` at in; count is a whole number of blocks.
void dequantize(DType type, float* out, const std::byte* in, std::size_t count);

// The reference quantizers, bit for bit those of ggml's quantize_row_*_ref, so a file written
// here equals one written by llama.cpp from the same float weights. count: whole blocks.
void quantize_q8_0(std::byte* out, const float* in, std::size_t count);
void quantize_q4_0(std::byte* out, const float* in, std::size_t count);
void quantize_q4_k(std::byte* out, const float* in, std::size_t count);  // count: 256s

}  // namespace fantasma::engine
