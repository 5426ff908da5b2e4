// Elementwise ops, norms, RoPE and storage on the OpenCL device against the CPU reference
// backend: random inputs, awkward sizes, strided views and offsets.

#include "opencl_test_support.hpp"

using namespace fantasma::opencl::testing;

namespace {
constexpr double kTolerance = 1e-5;
}

TEST_CASE("write, read, copy and fill_zero move the right values", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const Twin big = both.tensor(7, 61);
    const Twin other = both.tensor(7, 61);
    // A strided window is copied into another, then part of it cleared.
    both.cpu.copy(big.cols(3, 20).cpu, other.cols(40, 20).cpu);
    both.gpu.copy(big.cols(3, 20).gpu, other.cols(40, 20).gpu);
    both.cpu.fill_zero(big.rows(2, 3).cols(5, 7).cpu);
    both.gpu.fill_zero(big.rows(2, 3).cols(5, 7).gpu);
    CHECK(both.difference(big) == 0.0);

    // Strided write then read back.
    const auto values = both.values(5 * 9);
    both.gpu.write(big.rows(1, 5).cols(11, 9).gpu, values);
    std::vector<float> back(values.size());
    both.gpu.read(back, big.rows(1, 5).cols(11, 9).gpu);
    CHECK(back == values);
}

TEST_CASE("add, swiglu and sigmoid_gate match the reference", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const int cols = GENERATE(1, 61, 256);
    const Twin x = both.tensor(5, cols + 3, 4.0f), y = both.tensor(5, cols, 4.0f);
    const Twin gate = both.tensor(5, cols, 6.0f), up = both.tensor(5, cols, 2.0f);
    const Twin view = x.cols(3, cols);  // strided, with an offset

    both.cpu.add(view.cpu, y.cpu);
    both.gpu.add(view.gpu, y.gpu);
    CHECK(both.difference(x) < kTolerance);
    both.cpu.sigmoid_gate(view.cpu, gate.cpu);
    both.gpu.sigmoid_gate(view.gpu, gate.gpu);
    CHECK(both.difference(x) < kTolerance);
    both.cpu.swiglu(y.cpu, gate.cpu, up.cpu);
    both.gpu.swiglu(y.gpu, gate.gpu, up.gpu);
    CHECK(both.difference(y) < kTolerance);
}

TEST_CASE("rms_norm, gated_rms_norm and l2_norm match the reference", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const int dim = GENERATE(1, 61, 256);
    SECTION("whole rows, out of place, and per head in place on a strided view") {
        const Twin in = both.tensor(3, dim, 3.0f), out = both.tensor(3, dim);
        const TwinWeight w = both.float_weight(1, dim);
        both.cpu.rms_norm(out.cpu, in.cpu, w.cpu, 1e-6f);
        both.gpu.rms_norm(out.gpu, in.gpu, w.gpu, 1e-6f);
        CHECK(both.difference(out) < kTolerance);

        const Twin heads = both.tensor(4, 3 * dim + 5, 2.0f);
        const Twin view = heads.cols(5, 3 * dim);  // three heads of dim per row
        both.cpu.rms_norm(view.cpu, view.cpu, w.cpu, 1e-6f);
        both.gpu.rms_norm(view.gpu, view.gpu, w.gpu, 1e-6f);
        CHECK(both.difference(heads) < kTolerance);
    }
    SECTION("gated") {
        const Twin in = both.tensor(5, 2 * dim), gate = both.tensor(5, 2 * dim, 4.0f);
        const Twin out = both.tensor(5, 2 * dim);
        const TwinWeight w = both.float_weight(1, dim);
        both.cpu.gated_rms_norm(out.cpu, in.cpu, gate.cpu, w.cpu, 1e-6f);
        both.gpu.gated_rms_norm(out.gpu, in.gpu, gate.gpu, w.gpu, 1e-6f);
        CHECK(both.difference(out) < kTolerance);
    }
    SECTION("l2") {
        const Twin x = both.tensor(3, 2 * dim + 7, 5.0f);
        both.cpu.l2_norm(x.cols(7, 2 * dim).cpu, dim, 1e-6f);
        both.gpu.l2_norm(x.cols(7, 2 * dim).gpu, dim, 1e-6f);
        CHECK(both.difference(x) < kTolerance);
    }
}

TEST_CASE("rope rotates the first dims of every head like the reference", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const int heads = 3, head_dim = 32, rotary_dim = GENERATE(8, 32);
    const int position0 = GENERATE(0, 7, 1000);
    // [T·heads, query | gate] with RoPE on the query half only, as the model does.
    const Twin per_head = both.tensor(5 * heads, 2 * head_dim);
    const Twin query = per_head.cols(0, head_dim);
    both.cpu.rope(query.cpu, heads, rotary_dim, 1e7, position0);
    both.gpu.rope(query.gpu, heads, rotary_dim, 1e7, position0);
    CHECK(both.difference(per_head) < 1e-5);
}
