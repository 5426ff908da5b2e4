#pragma once
// <immintrin.h> for the AVX-512 kernel files (kernels_avx512*.cpp) only.
#include <immintrin.h>

// GCC 12's AVX-512 intrinsics start from a self-initialised "undefined" register, which
// -Wuninitialized reports wherever they are inlined (GCC bug 105593, fixed in GCC 13). The
// pragma holds for the rest of the including file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace fantasma::engine::cpu {

// The Q8_0/Q4_0 tile kernel (kernels_avx512.cpp) sums a row's products over stretches of this
// many pairs of blocks (2,048 values) and adds the stretches' sums in order; the one-token
// kernel (kernels_avx512_decode.cpp) sums alike, so a token's result does not depend on how
// many tokens share the call.
constexpr int kTileSegmentPairs = 32;

}  // namespace fantasma::engine::cpu
