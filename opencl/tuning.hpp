#pragma once

#include <string>

namespace fantasma::opencl {

// Work-group sizes of the kernels: passed to every program as -D defines (the .cl files hold
// the same defaults under #ifndef) and used by the host for the local sizes it launches.
// Reductions halve their groups, so the reducing sizes must be powers of two.
struct Tuning {
    int elementwise_group = 64;  // 1-D runs over columns of elementwise kernels
    int matmul_group = 64;       // work items sharing one weight row
    int matmul_tokens = 4;       // tokens one work-group multiplies by the row it reads
    // One work item per weight row instead of a work-group (matmul_rows in matmul.cl): what a
    // CPU device wants (see default_tuning). A launch-time choice: both kernels are built.
    bool matmul_row_per_item = false;
    int matmul_row_tokens = 8;  // tokens matmul_rows multiplies by the row it reads
    int norm_group = 64;        // work items reducing one row
    int attention_group = 64;   // work items per (token, head)
    int delta_group = 64;       // work items per value head of the delta rule
    // The delta rule in chunks of delta_chunk tokens (delta_rule_chunked, needing
    // delta_chunk² + 2·delta_chunk floats of local memory) for calls of at least
    // delta_chunked_min_tokens tokens and key heads of at least delta_chunked_min_head_dim,
    // else token by token (delta_rule); min_tokens 0: always token by token. Per state column
    // a chunk of n tokens costs about n² + 3·n·Dk operations in chunks, 4·n·Dk token by token:
    // chunks pay off for heads not much smaller than a chunk. A launch-time choice: both
    // kernels are built.
    int delta_chunk = 64;
    int delta_chunked_min_tokens = 16;
    int delta_chunked_min_head_dim = 64;
    int max_head_dim = 256;  // attention's query and the delta rule's q, k in local memory
    // Batches of at least this many tokens multiply through CLBlast's GEMM (quantized weights
    // dequantized on the device, gemm_rows rows at a time) instead of matmul.cl; 0: never.
    int gemm_min_tokens = 0;
    int gemm_rows = 4096;
    // top_k (select.cl): items scanning the logits row, each keeping a sorted list of k; lists
    // merged per item in each later pass; the largest k on the device (private arrays of this
    // size; larger k are selected on the host).
    int top_k_items = 1024;
    int top_k_fan_in = 16;
    int top_k_max = 64;
};

// The tuning for a device: on CPU devices (PoCL) a work item per weight row, since a
// work-group launch and its barriers cost microseconds there.
Tuning default_tuning(bool cpu_device);

// The -D options that bake `tuning` into the programs, with the OpenCL C version.
std::string build_options(const Tuning& tuning);

}  // namespace fantasma::opencl
