// The reference ops on inputs small enough to work out by hand.

#include "engine/cpu/ops.hpp"
#include "engine/backend.hpp"
#include "engine/error.hpp"
#include "engine/tensor_data.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

namespace fe = fantasma::engine;
namespace cpu = fantasma::engine::cpu;

TEST_CASE("half and bfloat16 bits convert exactly", "[engine][ops]") {
    CHECK(fe::f16_to_f32(0x3c00) == 1.0f);
    CHECK(fe::f16_to_f32(0xc000) == -2.0f);
    CHECK(fe::f16_to_f32(0xfbff) == -65504.0f);
    CHECK(fe::f16_to_f32(0x0001) == std::ldexp(1.0f, -24));  // smallest subnormal
    CHECK(fe::f16_to_f32(0x0200) == std::ldexp(1.0f, -15));
    CHECK(std::isinf(fe::f16_to_f32(0x7c00)));
    CHECK(std::isnan(fe::f16_to_f32(0x7e00)));
    CHECK(fe::bf16_to_f32(0x3f80) == 1.0f);
    CHECK(fe::bf16_to_f32(0xc0a0) == -5.0f);
}

TEST_CASE("rms_norm and l2_norm scale rows", "[engine][ops]") {
    const std::vector<float> in{3, 4, 0, 2};
    const std::vector<float> weight{1, 2};
    std::vector<float> out(4);
    cpu::rms_norm_forward(out.data(), in.data(), weight.data(), 2, 2, 0.0f);
    CHECK(out[0] == Approx(3 / std::sqrt(12.5f)));
    CHECK(out[1] == Approx(2 * 4 / std::sqrt(12.5f)));
    CHECK(out[2] == 0.0f);
    CHECK(out[3] == Approx(2 * std::sqrt(2.0f)));  // 2 / sqrt(2) · 2

    std::vector<float> x{3, 4};
    cpu::l2_norm_forward(x.data(), 1, 2, 0.0f);
    CHECK(x[0] == Approx(0.6f));
    CHECK(x[1] == Approx(0.8f));

    // Gated: weight · norm(x) · silu(z); silu(0) = 0 silences a value.
    std::vector<float> gated(2);
    const std::vector<float> z{0, 1};
    cpu::gated_rms_norm_forward(gated.data(), in.data(), z.data(), weight.data(), 1, 2, 0.0f);
    CHECK(gated[0] == 0.0f);
    CHECK(gated[1] == Approx(2 * 4 / std::sqrt(12.5f) / (1 + std::exp(-1.0f))));
}

TEST_CASE("rope rotates the first rotary_dim dims in halves and leaves the rest", "[engine][ops]") {
    // head_dim 6, rotary 4: pairs (0, 2) at frequency 1 and (1, 3) at theta^(-1/2) = 0.01.
    std::vector<float> x{1, 1, 2, 2, 5, 6};
    cpu::rope_forward(x.data(), 6, 1, 1, 6, 4, 10000.0, 3);
    CHECK(x[0] == Approx(std::cos(3.0) - 2 * std::sin(3.0)));
    CHECK(x[2] == Approx(2 * std::cos(3.0) + std::sin(3.0)));
    CHECK(x[1] == Approx(std::cos(0.03) - 2 * std::sin(0.03)));
    CHECK(x[3] == Approx(2 * std::cos(0.03) + std::sin(0.03)));
    CHECK(x[4] == 5.0f);
    CHECK(x[5] == 6.0f);
}

TEST_CASE("attention is causal and shares KV heads across query groups", "[engine][ops]") {
    // Two query heads on one KV head, head_dim 1; two tokens.
    const std::vector<float> q{1, 1, 1, 1};
    const std::vector<float> k{0, 0};  // equal scores: a plain average
    const std::vector<float> v{2, 6};
    std::vector<float> out(4), scores(2);
    cpu::attention_forward(out.data(), q.data(), 1, k.data(), v.data(), scores.data(), 2, 0, 2, 1,
                           1);
    CHECK(out[0] == 2.0f);  // token 0 sees only itself
    CHECK(out[1] == 2.0f);
    CHECK(out[2] == 4.0f);  // token 1 averages both
    CHECK(out[3] == 4.0f);
}

TEST_CASE("the causal conv carries its history across calls", "[engine][ops]") {
    const auto silu = [](float x) { return x / (1 + std::exp(-x)); };
    const std::vector<float> weight{2, 3};  // [C=1, K=2], weight[1] on the current input
    std::vector<float> state{0};
    std::vector<float> in{1, 2}, out(2);
    cpu::causal_conv_silu_forward(out.data(), in.data(), state.data(), weight.data(), 2, 1, 2);
    CHECK(out[0] == Approx(silu(3)));  // 3·1 + 2·0
    CHECK(out[1] == Approx(silu(8)));  // 3·2 + 2·1
    CHECK(state[0] == 2.0f);
    std::vector<float> next{1};
    cpu::causal_conv_silu_forward(out.data(), next.data(), state.data(), weight.data(), 1, 1, 2);
    CHECK(out[0] == Approx(silu(7)));  // 3·1 + 2·2
    CHECK(state[0] == 1.0f);
}

TEST_CASE("delta gates and the delta rule follow the recurrence", "[engine][ops]") {
    std::vector<float> g(1), beta(1);
    const std::vector<float> a{0}, b{0}, A{-2}, dt_bias{0};
    cpu::delta_gates_forward(g.data(), beta.data(), a.data(), b.data(), A.data(), dt_bias.data(), 1,
                             1);
    CHECK(g[0] == Approx(-2 * std::log(2.0f)));
    CHECK(beta[0] == 0.5f);

    // One key head serving two value heads; Dk = Dv = 1.
    // Head 0: t0: S = 0 + 1·(1·(2 − 0)) = 2, out = 2·q = 2.
    //         t1: S = 0.5·2 = 1, δ = 0.5·(4 − 1) = 1.5, S = 2.5, out = 2.5·2 = 5.
    const std::vector<float> q{1, 2}, k{1, 1};
    const std::vector<float> v{2, 10, 4, 10};  // [T, Hv]
    const std::vector<float> gates{0, 0, std::log(0.5f), 0};
    const std::vector<float> betas{1, 1, 0.5f, 1};
    std::vector<float> state(2), out(4);
    cpu::delta_rule_forward(out.data(), state.data(), q.data(), k.data(), 1, v.data(), 2,
                            gates.data(), betas.data(), 2, 1, 2, 1, 1);
    CHECK(out[0] == Approx(2));
    CHECK(out[2] == Approx(5));
    CHECK(state[0] == Approx(2.5));
    CHECK(out[1] == Approx(10));  // head 1: S = 10, then 10 + (10 − 10) = 10, out 10·2 = 20
    CHECK(out[3] == Approx(20));
}

TEST_CASE("tensor views address rows and columns of one allocation", "[engine][ops]") {
    const fe::Tensor t{nullptr, 0, 4, 6, 6};
    const auto cols = t.col_range(2, 3);
    CHECK(cols.offset == 2);
    CHECK(cols.stride == 6);
    CHECK_FALSE(cols.contiguous());
    const auto rows = t.row_range(1, 2).reshaped(4, 3);
    CHECK(rows.offset == 6);
    CHECK(rows.stride == 3);
    CHECK_THROWS_AS(t.row_range(3, 2), fe::ModelError);
    CHECK_THROWS_AS(cols.reshaped(3, 4), fe::ModelError);
}
