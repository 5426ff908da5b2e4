// The delta rule both ways the OpenCL backend runs it (in chunks of 64 tokens for prefill,
// token by token) against the reference backend, over calls that end inside, at, and just
// past a chunk, with the state carried from call to call.

#include "opencl_test_support.hpp"

#include <algorithm>

using namespace fantasma::opencl::testing;

namespace {

// The same values on both sides.
Twin twin_of(Both& both, int rows, int cols, const std::vector<float>& values) {
    Twin t{both.cpu.allocate(rows, cols), both.gpu.allocate(rows, cols)};
    both.cpu.write(t.cpu, values);
    both.gpu.write(t.gpu, values);
    return t;
}

}  // namespace

TEST_CASE("the delta rule in chunks and token by token matches the reference", "[opencl][delta]") {
    const bool chunked = GENERATE(true, false);
    auto gpu = open_backend_with_delta(chunked);
    if (!gpu) return;
    Both both(*gpu);
    const bool tiled = GENERATE(false, true);
    // More value heads than key heads; key and value heads of different sizes.
    const auto [Dk, Dv] = GENERATE(table<int, int>({{16, 24}, {61, 67}, {128, 128}}));
    const int Hk = 2, Hv = 6;
    const fe::DeltaShape shape{Hk, Hv, Dk, Dv, tiled};
    const Twin state = both.tensor(Hv * Dk, Dv, 0.1f);
    for (const int T : {1, 63, 64, 65, 150}) {
        // q | k | v side by side, as the conv output holds them; q, k L2-normed as the model does.
        const Twin conv = both.tensor(T, 2 * Hk * Dk + Hv * Dv);
        const Twin q = conv.cols(0, Hk * Dk), k = conv.cols(Hk * Dk, Hk * Dk);
        const Twin v = conv.cols(2 * Hk * Dk, Hv * Dv);
        for (const Twin& x : {q, k}) {
            both.cpu.l2_norm(x.cpu, Dk, 1e-6f);
            both.gpu.l2_norm(x.gpu, Dk, 1e-6f);
        }
        // The model's gates: g = A·softplus(…) <= 0 (up to fast decay), beta = sigmoid(…).
        std::vector<float> g = both.values(std::size_t(T) * Hv, 1.0f);
        std::vector<float> beta = both.values(std::size_t(T) * Hv, 1.0f);
        for (auto& x : g) x = -4.0f * x * x;
        for (auto& x : beta) x = 0.5f + 0.5f * x;
        const Twin g_twin = twin_of(both, T, Hv, g), beta_twin = twin_of(both, T, Hv, beta);
        const Twin out = both.tensor(T, Hv * Dv);
        both.cpu.delta_rule(out.cpu, state.cpu, q.cpu, k.cpu, v.cpu, g_twin.cpu, beta_twin.cpu,
                            shape);
        both.gpu.delta_rule(out.gpu, state.gpu, q.gpu, k.gpu, v.gpu, g_twin.gpu, beta_twin.gpu,
                            shape);
        INFO((chunked ? "chunked" : "token by token")
             << " Dk " << Dk << " Dv " << Dv << " tiled " << tiled << " T " << T);
        CHECK(both.difference(out) < 1e-4);
        CHECK(both.difference(state) < 1e-4);
    }
}
