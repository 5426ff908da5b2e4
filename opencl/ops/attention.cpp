// Launches the kernels of attention.cl.
#include "opencl/launch.hpp"

namespace fantasma::opencl {
namespace {

void require(bool ok, const char* what) {
    if (!ok) throw engine::ModelError(std::string("opencl backend: ") + what);
}

}  // namespace

void OpenclBackend::rope(engine::Tensor x, int heads, int rotary_dim, double theta, int position0) {
    require(heads > 0 && x.rows % heads == 0 && rotary_dim <= x.cols && rotary_dim % 2 == 0,
            "rope shapes disagree");
    launch("rope", cl::NDRange(std::size_t(rotary_dim / 2), std::size_t(x.rows)),
           cl::NDRange(std::size_t(tuning_.elementwise_group), 1), x, x.rows, heads, rotary_dim,
           float(theta), position0);
}

void OpenclBackend::attention(engine::Tensor out, engine::Tensor q, engine::Tensor k_cache,
                              engine::Tensor v_cache, int heads, int kv_heads, int position0) {
    require(out.rows == q.rows && out.cols == q.cols, "attention shapes disagree");
    require(k_cache.contiguous() && v_cache.contiguous(), "attention needs contiguous caches");
    require(heads > 0 && kv_heads > 0 && heads % kv_heads == 0 && q.rows % heads == 0 &&
                k_cache.cols == q.cols && v_cache.cols == q.cols,
            "attention shapes disagree");
    require(q.cols <= tuning_.max_head_dim, "attention head_dim is larger than the kernel's");
    const int T = q.rows / heads;
    require((position0 + T) * kv_heads <= k_cache.rows, "the KV cache is full");
    const int context = k_cache.rows / kv_heads;
    cl::Buffer& scores = scores_for(std::size_t(q.rows) * std::size_t(context));
    const std::size_t group = std::size_t(tuning_.attention_group);
    launch("attention", cl::NDRange(std::size_t(q.rows) * group), cl::NDRange(group), out, q,
           Contiguous{k_cache}, Contiguous{v_cache}, scores, context, heads, kv_heads, q.cols,
           position0);
}

}  // namespace fantasma::opencl
