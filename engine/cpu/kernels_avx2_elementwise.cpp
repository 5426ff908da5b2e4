// The AVX2/FMA table's elementwise gates: SiLU and sigmoid over an exp of its own, 8 values at
// a time. std::exp is a call per value, and these run over every activation of every layer
// (swiglu, the DeltaNet conv, the attention output gate). Compiled with -mavx2 -mfma alone,
// like kernels_avx2.cpp, and only called through that table.
#include "engine/cpu/kernels.hpp"

#if defined(__AVX2__) && defined(__FMA__)

#include "engine/cpu/ops.hpp"

#include <immintrin.h>

namespace fantasma::engine::cpu {
namespace {

// e^x within about 2 ulp for x in [−87, 87] (Cephes' expf polynomial after x = n·ln2 + r);
// the callers clamp to that range.
__m256 exp_in_range(__m256 x) {
    const __m256 n = _mm256_round_ps(_mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)),
                                     _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);  // x − n·ln2, two parts
    r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
    __m256 p = _mm256_set1_ps(1.9875691500e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    const __m256 e_r = _mm256_fmadd_ps(_mm256_mul_ps(p, r), r, _mm256_add_ps(r, _mm256_set1_ps(1)));
    const __m256i two_to_n =
        _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(e_r, _mm256_castsi256_ps(two_to_n));
}

// 1 / (1 + e^−x). Beyond ±87 sigmoid is within 2·10⁻³⁸ of 0 or 1, so x is clamped there
// (max/min with x second: a NaN passes through).
__m256 sigmoid(__m256 x) {
    const __m256 limit = _mm256_set1_ps(87.0f);
    x = _mm256_min_ps(limit, _mm256_max_ps(_mm256_sub_ps(_mm256_setzero_ps(), limit), x));
    const __m256 one = _mm256_set1_ps(1.0f);
    return _mm256_div_ps(one,
                         _mm256_add_ps(one, exp_in_range(_mm256_sub_ps(_mm256_setzero_ps(), x))));
}

}  // namespace

void silu_times_avx2(float* out, const float* a, const float* b, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 x = _mm256_loadu_ps(a + i);
        __m256 y = _mm256_mul_ps(x, sigmoid(x));
        if (b != nullptr) y = _mm256_mul_ps(y, _mm256_loadu_ps(b + i));
        _mm256_storeu_ps(out + i, y);
    }
    if (i < n)  // the last few: the reference ops (compiled without AVX2, safe to call)
        b != nullptr ? swiglu_forward(out + i, a + i, b + i, n - i)
                     : silu_forward(out + i, a + i, n - i);
}

void sigmoid_times_avx2(float* x, const float* gate, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(x + i,
                         _mm256_mul_ps(_mm256_loadu_ps(x + i), sigmoid(_mm256_loadu_ps(gate + i))));
    if (i < n) sigmoid_gate_forward(x + i, gate + i, n - i);
}

}  // namespace fantasma::engine::cpu

#endif
