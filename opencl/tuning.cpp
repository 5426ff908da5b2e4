#include "opencl/tuning.hpp"

namespace fantasma::opencl {

Tuning default_tuning(bool cpu_device) {
    Tuning tuning;
    tuning.matmul_row_per_item = cpu_device;
    // CLBlast's GEMM for prefill batches on GPUs, where it is tuned; on PoCL it was 1.4 times
    // faster than matmul_rows for a 64-token prefill of the 0.8B model, but its kernels take a
    // minute to compile and twice the memory (opencl/README.md), and PoCL is a test bed.
    tuning.gemm_min_tokens = cpu_device ? 0 : 16;
    // A CPU runs a few work items at a time: fewer, longer scans of the logits row.
    tuning.top_k_items = cpu_device ? 256 : 1024;
    return tuning;
}

std::string build_options(const Tuning& tuning) {
    const auto define = [](const char* name, int value) {
        return std::string(" -D") + name + "=" + std::to_string(value);
    };
    return "-cl-std=CL1.2" + define("ELEMENTWISE_GROUP", tuning.elementwise_group) +
           define("MATMUL_GROUP", tuning.matmul_group) +
           define("MATMUL_TOKENS", tuning.matmul_tokens) +
           define("MATMUL_ROW_TOKENS", tuning.matmul_row_tokens) +
           define("NORM_GROUP", tuning.norm_group) +
           define("ATTENTION_GROUP", tuning.attention_group) +
           define("DELTA_GROUP", tuning.delta_group) + define("DELTA_CHUNK", tuning.delta_chunk) +
           define("MAX_HEAD_DIM", tuning.max_head_dim) + define("TOP_K_MAX", tuning.top_k_max);
}

}  // namespace fantasma::opencl
