// The ops that carry state along a sequence (attention over the KV cache, the causal conv,
// the delta rule) against the reference backend, over more than one call.

#include "opencl_test_support.hpp"

using namespace fantasma::opencl::testing;

TEST_CASE("attention over the KV cache matches the reference", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const int heads = 4, kv_heads = GENERATE(1, 2, 4), head_dim = GENERATE(24, 256);
    // Decode and prefill, from the start and past one work-group of positions.
    const auto [T, position0] = GENERATE(table<int, int>({{1, 0}, {5, 0}, {3, 9}, {1, 130}}));
    const int capacity = 140;
    const Twin k_cache = both.tensor(capacity * kv_heads, head_dim, 2.0f);
    const Twin v_cache = both.tensor(capacity * kv_heads, head_dim);
    const Twin per_head = both.tensor(T * heads, 2 * head_dim, 2.0f);  // [query | gate]
    const Twin query = per_head.cols(0, head_dim);
    const Twin out = both.tensor(T * heads, head_dim);
    both.cpu.attention(out.cpu, query.cpu, k_cache.cpu, v_cache.cpu, heads, kv_heads, position0);
    both.gpu.attention(out.gpu, query.gpu, k_cache.gpu, v_cache.gpu, heads, kv_heads, position0);
    INFO("T " << T << " position0 " << position0 << " kv_heads " << kv_heads);
    CHECK(both.difference(out) < 1e-5);

    CHECK_THROWS_WITH(both.gpu.attention(out.gpu, query.gpu, k_cache.gpu, v_cache.gpu, heads,
                                         kv_heads, capacity - T + 1),
                      Catch::Contains("KV cache is full"));
}

TEST_CASE("causal conv carries its state across calls like the reference", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const int C = GENERATE(1, 61, 256), K = GENERATE(2, 4);
    const TwinWeight w = both.float_weight(C, K);
    const Twin state = both.tensor(K - 1, C);
    for (int T : {5, 1, 2}) {
        const Twin in = both.tensor(T, C, 3.0f), out = both.tensor(T, C);
        both.cpu.causal_conv_silu(out.cpu, in.cpu, state.cpu, w.cpu);
        both.gpu.causal_conv_silu(out.gpu, in.gpu, state.gpu, w.gpu);
        INFO("C " << C << " K " << K << " T " << T);
        CHECK(both.difference(out) < 1e-5);
        CHECK(both.difference(state) == 0.0);
    }
}

TEST_CASE("delta gates match the reference on both sides of softplus' threshold", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const int T = 3, H = 6;
    const Twin g = both.tensor(T, H), beta = both.tensor(T, H);
    const Twin a = both.tensor(T, H, 30.0f), b = both.tensor(T, H, 8.0f);
    const TwinWeight A = both.float_weight(1, H, 2.0f), dt_bias = both.float_weight(1, H, 2.0f);
    both.cpu.delta_gates(g.cpu, beta.cpu, a.cpu, b.cpu, A.cpu, dt_bias.cpu);
    both.gpu.delta_gates(g.gpu, beta.gpu, a.gpu, b.gpu, A.gpu, dt_bias.gpu);
    CHECK(both.difference(g) < 1e-5);
    CHECK(both.difference(beta) < 1e-5);
}

TEST_CASE("the delta rule matches the reference, state carried across calls", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const bool tiled = GENERATE(false, true);
    const auto [Dk, Dv] = GENERATE(table<int, int>({{16, 24}, {128, 128}, {61, 67}}));
    const int Hk = 2, Hv = 6;
    const fe::DeltaShape shape{Hk, Hv, Dk, Dv, tiled};
    const Twin state = both.tensor(Hv * Dk, Dv, 0.1f);
    for (int T : {4, 1}) {
        // q | k | v side by side, as the conv output holds them.
        const Twin conv = both.tensor(T, 2 * Hk * Dk + Hv * Dv);
        const Twin q = conv.cols(0, Hk * Dk), k = conv.cols(Hk * Dk, Hk * Dk);
        const Twin v = conv.cols(2 * Hk * Dk, Hv * Dv);
        both.cpu.l2_norm(q.cpu, Dk, 1e-6f);
        both.cpu.l2_norm(k.cpu, Dk, 1e-6f);
        both.gpu.l2_norm(q.gpu, Dk, 1e-6f);
        both.gpu.l2_norm(k.gpu, Dk, 1e-6f);
        const Twin g = both.tensor(T, Hv, 1.0f), beta = both.tensor(T, Hv, 1.0f);
        const Twin out = both.tensor(T, Hv * Dv);
        both.cpu.delta_rule(out.cpu, state.cpu, q.cpu, k.cpu, v.cpu, g.cpu, beta.cpu, shape);
        both.gpu.delta_rule(out.gpu, state.gpu, q.gpu, k.gpu, v.gpu, g.gpu, beta.gpu, shape);
        INFO("Dk " << Dk << " Dv " << Dv << " tiled " << tiled << " T " << T);
        CHECK(both.difference(out) < 1e-5);
        CHECK(both.difference(state) < 1e-5);
    }
}
