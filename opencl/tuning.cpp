#include "opencl/tuning.hpp"

namespace fantasma::opencl {

std::string build_options(const Tuning& tuning) {
    const auto define = [](const char* name, int value) {
        return std::string(" -D") + name + "=" + std::to_string(value);
    };
    return "-cl-std=CL1.2" + define("ELEMENTWISE_GROUP", tuning.elementwise_group) +
           define("MATMUL_GROUP", tuning.matmul_group) +
           define("MATMUL_TOKENS", tuning.matmul_tokens) + define("NORM_GROUP", tuning.norm_group) +
           define("ATTENTION_GROUP", tuning.attention_group) +
           define("DELTA_GROUP", tuning.delta_group) + define("MAX_HEAD_DIM", tuning.max_head_dim);
}

}  // namespace fantasma::opencl
