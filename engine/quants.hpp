#pragma once

// GGUF's block-quantized formats (ggml-common.h), one block at a time:
//   Q8_0  32 values, 34 bytes: f16 d; i8 q[32]                      x = d·q
//   Q4_0  32 values, 18 bytes: f16 d; u8 q[16]                      x[j] = d·((q[j] & 15) − 8),
//                                                                   x[j+16] = d·((q[j] >> 4) − 8)
//   Q4_K 256 values, 144 bytes: f16 d, dmin; u8 scales[12]; u8 q[128]   (6-bit scales and mins)
//   Q6_K 256 values, 210 bytes: u8 ql[128], qh[64]; i8 scales[16]; f16 d (d last)
// and the types of engine/quants_published.cpp.

#include "engine/tensor_data.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace fantasma::engine {

// IQ4_NL's and IQ4_XS's 16 levels (ggml-common.h kvalues_iq4nl), a non-linear 4-bit code.
inline constexpr std::array<std::int8_t, 16> kIq4Values{-127, -104, -83, -65, -49, -35, -22, -10,
                                                        1,    13,   25,  38,  53,  69,  89,  113};

// The j-th 6-bit (scale, min) pair of the 12 scale bytes of a Q4_K or Q5_K block (ggml's
// get_scale_min_k4): pairs 0..3 sit in the low 6 bits of bytes 0..3 and 4..7; pairs 4..7 take
// 4 bits from bytes 8..11 and their top 2 bits from the high bits of bytes j−4 (scale) and j
// (min).
void scale_and_min_k4(int j, const std::byte* scales, int& scale, int& min);

// One block of the types published files mix in (Q4_1, Q5_0, Q5_1, Q3_K, Q5_K, IQ4_NL,
// IQ4_XS; engine/quants_published.cpp); dequantize() calls it.
void dequantize_published_block(DType type, float* y, const std::byte* block);

// out[count] from count / block values blocks of `type` at in; count is a whole number of blocks.
void dequantize(DType type, float* out, const std::byte* in, std::size_t count);

// The reference quantizers, bit for bit those of ggml's quantize_row_*_ref, so a file written
// here equals one written by llama.cpp from the same float weights. count: whole blocks.
void quantize_q8_0(std::byte* out, const float* in, std::size_t count);
void quantize_q4_0(std::byte* out, const float* in, std::size_t count);
void quantize_q4_k(std::byte* out, const float* in, std::size_t count);  // count: 256s
// ggml's quantize_row_q5_K_ref and quantize_row_q6_K_ref, ported step for step (not yet
// checked bit for bit against ggml: no build of it here).
void quantize_q5_k(std::byte* out, const float* in, std::size_t count);  // count: 256s
void quantize_q6_k(std::byte* out, const float* in, std::size_t count);  // count: 256s

}  // namespace fantasma::engine
