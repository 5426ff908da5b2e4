// Writes tests/engine/q{4,5,6}_k_reference.bin: three Q4_K (Q5_K, Q6_K) blocks made by ggml's
// own reference quantizer from the inputs that tests/engine/q4_k_quantize_test.cpp rebuilds,
// so the test checks engine/quants.cpp's quantizers bit for bit against ggml.
//   cc -O1 make_q4_k_reference.c -I LLAMA/ggml/include -I LLAMA/ggml/src \
//      -L LLAMA/build/bin -lggml-base -o make_q4_k_reference
//   LD_LIBRARY_PATH=LLAMA/build/bin ./make_q4_k_reference q4_k > q4_k_reference.bin
// (the q5_k and q6_k files: the same with q5_k, q6_k). Without a llama.cpp build,
// ggml/src/ggml-quants.c compiled alone does too, with ggml_abort, ggml_row_size,
// ggml_type_name and ggml_type_size stubbed (the reference quantizers call none of them).
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ggml.h"

// ggml-quants.h is internal; the reference quantizers are exported from ggml-base.
void quantize_row_q4_K_ref(const float* x, void* y, int64_t k);
void quantize_row_q5_K_ref(const float* x, void* y, int64_t k);
void quantize_row_q6_K_ref(const float* x, void* y, int64_t k);

// The inputs, exact in float32: a linear congruential generator, values in [-8, 8) in steps
// of 1/4096; block 1 all positive with one sub-block of zeros; block 2 with sub-block
// magnitudes from 1/16 to 8 and one outlier.
static void make_inputs(float* x) {
    uint32_t state = 12345;
    for (int i = 0; i < 768; ++i) {
        state = state * 1664525u + 1013904223u;
        x[i] = (float)((int)(state >> 16) - 32768) / 4096.0f;
    }
    for (int i = 256; i < 512; ++i) x[i] = x[i] < 0 ? -x[i] + 0.5f : x[i] + 0.5f;
    for (int i = 256 + 96; i < 256 + 128; ++i) x[i] = 0.0f;
    for (int i = 512; i < 768; ++i) x[i] *= (float)(1 << ((i - 512) / 32)) / 16.0f;
    x[700] = 100.0f;
}

int main(int argc, char** argv) {
    const char* type = argc > 1 ? argv[1] : "q4_k";
    float x[768];
    unsigned char blocks[3 * 210];
    make_inputs(x);
    size_t size = 3 * 144;
    if (strcmp(type, "q5_k") == 0) {
        quantize_row_q5_K_ref(x, blocks, 768);
        size = 3 * 176;
    } else if (strcmp(type, "q6_k") == 0) {
        quantize_row_q6_K_ref(x, blocks, 768);
        size = 3 * 210;
    } else {
        quantize_row_q4_K_ref(x, blocks, 768);
    }
    fwrite(blocks, 1, size, stdout);
    return 0;
}
