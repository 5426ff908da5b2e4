// The fast CPU backend's kernels against the reference: each weight format's matmul against
// matmul_forward on the dequantized weights, and every sequence op against ReferenceBackend, on
// awkward sizes, with the scalar kernels and (where the processor has them) the AVX2 ones.

#include "engine/cpu/cpu_backend.hpp"
#include "engine/cpu/ops.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/quants.hpp"
#include "skip.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

namespace fe = fantasma::engine;
namespace cpu = fantasma::engine::cpu;

namespace {

std::vector<float> random_values(std::size_t count, std::uint32_t seed, float scale = 1.0f) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> uniform(-scale, scale);
    std::vector<float> values(count);
    for (auto& v : values) v = uniform(generator);
    return values;
}

// A weight [rows, cols] stored in `type`, with random contents. K-quant blocks get random
// bytes with small, finite block scales.
std::vector<std::byte> random_weight(fe::DType type, int rows, int cols, std::uint32_t seed) {
    const auto values = random_values(std::size_t(rows) * cols, seed);
    const fe::BlockFormat format = fe::block_format(type);
    std::vector<std::byte> bytes(std::size_t(rows) * cols / format.values * format.bytes);
    const auto put_half = [&](std::size_t at, float value) {
        const std::uint16_t bits = fe::f32_to_f16(value);
        std::memcpy(bytes.data() + at, &bits, 2);
    };
    switch (type) {
        case fe::DType::f32:
            std::memcpy(bytes.data(), values.data(), bytes.size());
            break;
        case fe::DType::f16:
            for (std::size_t i = 0; i < values.size(); ++i) put_half(2 * i, values[i]);
            break;
        case fe::DType::bf16:
            for (std::size_t i = 0; i < values.size(); ++i) {
                std::uint32_t bits;
                std::memcpy(&bits, &values[i], 4);
                const std::uint16_t top = std::uint16_t(bits >> 16);
                std::memcpy(bytes.data() + 2 * i, &top, 2);
            }
            break;
        case fe::DType::q8_0:
            fe::quantize_q8_0(bytes.data(), values.data(), values.size());
            break;
        case fe::DType::q4_0:
            fe::quantize_q4_0(bytes.data(), values.data(), values.size());
            break;
        default: {  // random blocks with small, finite scales (and mins, where there are)
            std::mt19937 generator(seed);
            for (auto& b : bytes) b = std::byte(generator() & 0xff);
            for (std::size_t block = 0; block < bytes.size() / format.bytes; ++block) {
                const std::size_t at = block * format.bytes;
                if (type == fe::DType::q6_k) {
                    put_half(at + 208, 0.0005f);  // d, last
                } else if (type == fe::DType::q3_k) {
                    put_half(at + 108, 0.0005f);  // d, last
                } else {
                    put_half(at, 0.002f);  // d
                    // dmin or m: the mins matter as much as the scales
                    if (type == fe::DType::q4_k || type == fe::DType::q5_k ||
                        type == fe::DType::q4_1 || type == fe::DType::q5_1)
                        put_half(at + 2, 0.02f);
                }
            }
            break;
        }
    }
    return bytes;
}

// Every kernel table this processor runs (scalar, AVX2, AVX-512 VNNI): each is tested.
std::vector<const cpu::Kernels*> kernel_tables() {
    const auto tables = cpu::available_kernels();
    if (tables.size() == 1)
        WARN("no AVX2/FMA/F16C on this processor: only the scalar kernels are tested");
    return tables;
}

// The largest error the 8-bit activations may add to out[t, n]: half a step of each block's
// scale (a block of `block` values: the table's activation_block) times the weights it
// multiplies, plus float rounding.
double activation_error_bound(const std::vector<float>& w, const std::vector<float>& x, int t,
                              int n, int K, int block) {
    double bound = 1e-4;
    for (int b = 0; b < K / block; ++b) {
        float amax = 0, weights = 0;
        for (int j = 0; j < block; ++j) {
            amax = std::max(amax, std::fabs(x[std::size_t(t) * K + b * block + j]));
            weights += std::fabs(w[std::size_t(n) * K + b * block + j]);
        }
        bound += 0.5 * amax / 127.0 * weights * 1.0001;
    }
    return bound;
}

}  // namespace

TEST_CASE("fast matmul kernels match the reference on every weight format",
          "[engine][cpu][concurrent]") {
    const auto type = GENERATE(fe::DType::f32, fe::DType::f16, fe::DType::bf16, fe::DType::q8_0,
                               fe::DType::q4_0, fe::DType::q4_k, fe::DType::q6_k, fe::DType::q4_1,
                               fe::DType::q5_0, fe::DType::q5_1, fe::DType::iq4_nl, fe::DType::q3_k,
                               fe::DType::q5_k, fe::DType::iq4_xs);
    const int T = GENERATE(1, 3, 8, 30, 37);  // 30 and 37: every tile size of every table
    const bool k_quant = fe::block_format(type).values == 256;
    const bool float_type = !fe::block_format(type).values || fe::block_format(type).values == 1;
    // 83: no multiple of 8; 96: an odd number of 32-value blocks; 384: whole pairs of blocks
    // (the AVX-512 one-token path); 2080: more than one 2,048-value stretch of the AVX-512 tile
    // kernel, ending in a lone block. K-quants, whose K is whole super-blocks of 256: one, two,
    // and 2304 (past a 2,048-value stretch by one). Float types: 83, and 1043 (past the 4 KiB
    // prefetch distance of a BF16 row, ending in 3 values). Longer K: the test after the next.
    const int block_K = GENERATE(96, 384, 2080);
    if (float_type && block_K == 384) return;
    int K = block_K;
    if (k_quant) K = block_K == 96 ? 256 : block_K == 384 ? 512 : 2304;
    if (float_type) K = block_K == 96 ? 83 : 1043;
    const int N = 61;
    const auto bytes = random_weight(type, N, K, 7);
    const fe::TensorData tensor{"w", type, {N, K}, bytes};
    const auto w = fe::to_f32(tensor);
    const auto x = random_values(std::size_t(T) * K, 11);
    std::vector<float> expected(std::size_t(T) * N);
    cpu::matmul_forward(expected.data(), x.data(), w.data(), T, K, N);

    for (const auto* kernels : kernel_tables()) {
        cpu::CpuBackend backend({.threads = 2, .kernels = kernels->name});
        const fe::Weight weight = backend.prepare_weight(tensor, N, K);
        // The input is a column range of a wider tensor: strided rows.
        fe::Tensor wide = backend.allocate(T, K + 5);
        fe::Tensor in = wide.col_range(3, K);
        std::vector<float> padded(std::size_t(T) * (K + 5));
        for (int t = 0; t < T; ++t)
            std::copy_n(x.begin() + std::ptrdiff_t(t) * K, K,
                        padded.begin() + std::ptrdiff_t(t) * (K + 5) + 3);
        backend.write(wide, padded);
        fe::Tensor out = backend.allocate(T, N);
        backend.matmul(out, in, weight);
        std::vector<float> got(std::size_t(T) * N);
        backend.read(got, out);
        for (int t = 0; t < T; ++t) {
            for (int n = 0; n < N; ++n) {
                const std::size_t i = std::size_t(t) * N + n;
                const auto& table = backend.kernels();
                const double tolerance =
                    table.quantizes_activations(type)
                        ? activation_error_bound(w, x, t, n, K, table.activation_block(type))
                        : 1e-4 * (1 + std::fabs(expected[i]));
                INFO(fe::dtype_name(type)
                     << " " << backend.name() << " T " << T << " row " << t << " col " << n);
                REQUIRE(std::fabs(got[i] - expected[i]) <= tolerance);
            }
        }
    }
}

// The candidates of a rewrite decode as one batch, and each must draw what it would alone:
// a token's products are the same bits whether it is alone in a matmul or one of several
// (the one-token kernels sum as the tile kernels do).
TEST_CASE("a token's matmul result does not depend on the other tokens of the call",
          "[engine][cpu][concurrent]") {
    const auto type = GENERATE(fe::DType::f32, fe::DType::f16, fe::DType::bf16, fe::DType::q8_0,
                               fe::DType::q4_0, fe::DType::q4_k, fe::DType::q5_k, fe::DType::q6_k,
                               fe::DType::q5_0, fe::DType::iq4_xs);
    const bool k_quant = fe::block_format(type).values == 256;
    const bool float_type = !fe::block_format(type).values || fe::block_format(type).values == 1;
    // 384: the AVX-512 one-token path; 4160: three 2,048-value stretches of its tile kernel.
    const int block_K = GENERATE(96, 384, 4160);
    if (block_K != 384 && (k_quant || float_type)) return;
    const int K = k_quant ? 512 : float_type ? 83 : block_K;
    const int N = 37;
    const auto bytes = random_weight(type, N, K, 5);
    const fe::TensorData tensor{"w", type, {N, K}, bytes};
    for (const auto* kernels : kernel_tables()) {
        cpu::CpuBackend backend({.threads = 2, .kernels = kernels->name});
        const fe::Weight weight = backend.prepare_weight(tensor, N, K);
        // Every number of tokens the AVX-512 tile kernel has a kernel for (1–16), and past it.
        for (int T = 2; T <= 19; ++T) {
            const auto x = random_values(std::size_t(T) * K, std::uint32_t(T));
            fe::Tensor in = backend.allocate(T, K), out = backend.allocate(T, N);
            backend.write(in, x);
            backend.matmul(out, in, weight);
            std::vector<float> together(std::size_t(T) * N), alone(static_cast<std::size_t>(N));
            backend.read(together, out);
            for (int t = 0; t < T; ++t) {
                backend.matmul(out.row_range(t, 1), in.row_range(t, 1), weight);
                backend.read(alone, out.row_range(t, 1));
                INFO(fe::dtype_name(type)
                     << " " << backend.name() << " K " << K << " T " << T << " token " << t);
                REQUIRE(std::memcmp(alone.data(), together.data() + std::size_t(t) * N,
                                    sizeof(float) * std::size_t(N)) == 0);
            }
        }
    }
}

namespace {

// One table's matmul at a long K against the exact products of `w` with the activations
// rounded as that table rounds them (see the test below).
void check_long_k(const cpu::Kernels& kernels, const fe::TensorData& tensor,
                  const std::vector<float>& w, int N, int K, int T) {
    cpu::CpuBackend backend({.threads = 2, .kernels = kernels.name});
    const fe::Weight weight = backend.prepare_weight(tensor, N, K);
    // Each block of 32: one large value, ±1/11 … ±1 by block (11 blocks: a period no run of 8
    // blocks keeps, so each super-block's largest differs too), and small ones, which the 8-bit
    // rounding (steps of max|x|/127 per 32 or 256 values) moves by up to half their size: the
    // two block sizes round them differently, and each block's scale is its own.
    auto x = random_values(std::size_t(T) * K, 17, 0.01f);
    for (std::size_t i = 0; i < x.size(); i += 32)
        x[i] = float(1 + i / 32 % 11) / 11 * (i % 64 ? 1.0f : -1.0f);
    // The activations as the kernels round them: per block, scale max|x|/127.
    const int block = kernels.activation_block(tensor.dtype);
    std::vector<float> rounded(x.size());
    std::vector<std::int8_t> quants(static_cast<std::size_t>(K));
    std::vector<float> scales(static_cast<std::size_t>(K / block));
    for (int t = 0; t < T; ++t) {
        kernels.activation_quantizer(tensor.dtype)(x.data() + std::size_t(t) * K, K, quants.data(),
                                                   scales.data());
        for (int k = 0; k < K; ++k) {
            // Signed bytes, or unsigned ones + 128 (the AVX-512 table).
            const std::int8_t stored = quants[std::size_t(k)];
            const int quant = kernels.quant_offset == 0
                                  ? int(stored)
                                  : int(std::uint8_t(stored)) - kernels.quant_offset;
            rounded[std::size_t(t) * K + k] = float(quant) * scales[std::size_t(k / block)];
        }
    }
    fe::Tensor in = backend.allocate(T, K), out = backend.allocate(T, N);
    backend.write(in, x);
    backend.matmul(out, in, weight);
    std::vector<float> together(std::size_t(T) * N), alone(static_cast<std::size_t>(N));
    backend.read(together, out);
    int apart = 0;  // outputs where the rounded and unrounded products differ by > 4 tolerances
    for (int t = 0; t < T; ++t) {
        backend.matmul(out.row_range(t, 1), in.row_range(t, 1), weight);
        backend.read(alone, out.row_range(t, 1));
        for (int n = 0; n < N; ++n) {
            double exact = 0, unrounded = 0, magnitude = 0;
            for (int k = 0; k < K; ++k) {
                const double wk = w[std::size_t(n) * K + k];
                exact += wk * rounded[std::size_t(t) * K + k];
                unrounded += wk * x[std::size_t(t) * K + k];
                magnitude += std::fabs(wk * rounded[std::size_t(t) * K + k]);
            }
            const double tolerance = 1e-6 * magnitude;
            INFO(fe::dtype_name(tensor.dtype)
                 << " " << kernels.name << " K " << K << " token " << t << " row " << n
                 << ": exact " << exact << ", unrounded " << unrounded);
            apart += std::fabs(exact - unrounded) > 4 * tolerance;
            CHECK(std::fabs(together[std::size_t(t) * N + n] - exact) <= tolerance);
            CHECK(alone[std::size_t(n)] == together[std::size_t(t) * N + n]);
        }
    }
    // The test can tell the two apart: the roundings' errors are random sums, which now and
    // then nearly cancel in one output (1 in 50 or so; one of one token's 9), never in most.
    INFO(fe::dtype_name(tensor.dtype) << " " << kernels.name << " K " << K << " T " << T);
    REQUIRE(apart >= 0.8 * T * N);
}

}  // namespace

// 9B's ffn_down has K = 12,288, past the 8,192 values the AVX-512 kernels prepare at once:
// they go in stretches and still read 8-bit activations (not the float path), each token the
// same bits alone or with others; so do the AVX2 kernels (and the scalar ones, for Q8_0 and
// Q4_0), which take any K in one pass. The expected values here are the exact products of the
// weights with the activations rounded as the kernels round them, so the float path, which
// reads unrounded activations, would miss them by far more than the tolerance.
TEST_CASE("fast 8-bit kernels take any K: 12288 and past 16384", "[engine][cpu][concurrent]") {
    const auto type = GENERATE(fe::DType::q8_0, fe::DType::q4_0, fe::DType::q4_k, fe::DType::q5_k,
                               fe::DType::q6_k, fe::DType::iq4_xs);
    const int K = GENERATE(12288, 16640);
    const int T = GENERATE(1, 3, 8, 30, 37);  // as the test of every weight format
    const int N = 9;
    const auto bytes = random_weight(type, N, K, 3);
    const fe::TensorData tensor{"w", type, {N, K}, bytes};
    const auto w = fe::to_f32(tensor);
    for (const cpu::Kernels* kernels : kernel_tables()) {
        if (!kernels->quantizes_activations(type)) continue;
        check_long_k(*kernels, tensor, w, N, K, T);
    }
}

// The avx-vnni table is the avx2 table's kernels with vpdpbusd for maddubs and madd: the same
// integers, so the same bits, for every weight format and size the tile and one-token kernels
// handle. Q4_0, Q8_0, Q4_K, Q5_K, Q6_K and IQ4_XS go through kernels_avx2_row_groups.cpp,
// compiled once for both tables: for them the test holds the routing, should the avx-vnni table
// ever get its own.
// Where the processor has no AVX-VNNI the test says it is skipped.
TEST_CASE("the avx-vnni table gives the avx2 table's bits (processors with AVX-VNNI)",
          "[engine][cpu]") {
    if (cpu::avx_vnni_kernels() == nullptr) {
        fantasma::testing::skip("this processor has no AVX-VNNI");
        return;
    }
    const auto type =
        GENERATE(fe::DType::q8_0, fe::DType::q4_0, fe::DType::q5_0, fe::DType::iq4_nl,
                 fe::DType::iq4_xs, fe::DType::q4_k, fe::DType::q5_k, fe::DType::q6_k);
    const int K = GENERATE(96, 384, 2080, 12288, 16640);
    if (fe::block_format(type).values == 256 && K % 256 != 0) return;
    const int N = 13;
    const auto bytes = random_weight(type, N, K, 23);  // the tensor only points at them
    const fe::TensorData tensor{"w", type, {N, K}, bytes};
    for (const int T : {1, 3, 8, 30, 37}) {
        const auto x = random_values(std::size_t(T) * K, std::uint32_t(K + T));
        std::vector<float> results[2];
        for (int table = 0; table < 2; ++table) {
            cpu::CpuBackend backend({.threads = 2, .kernels = table == 0 ? "avx2" : "avx-vnni"});
            const fe::Weight weight = backend.prepare_weight(tensor, N, K);
            fe::Tensor in = backend.allocate(T, K), out = backend.allocate(T, N);
            backend.write(in, x);
            backend.matmul(out, in, weight);
            results[table].resize(std::size_t(T) * N);
            backend.read(results[table], out);
        }
        INFO(fe::dtype_name(type) << " K " << K << " T " << T);
        REQUIRE(std::memcmp(results[0].data(), results[1].data(),
                            sizeof(float) * results[0].size()) == 0);
    }
}

TEST_CASE("activations quantize to 8 bits within half a step", "[engine][cpu]") {
    // Per 32 values (every table) and per 256 (the tables with a quantize_row_q8_super).
    const auto x = random_values(512, 3, 5.0f);
    for (const auto* kernels : kernel_tables()) {
        for (const int block : {32, 256}) {
            const auto quantize =
                block == 32 ? kernels->quantize_row_q8 : kernels->quantize_row_q8_super;
            if (quantize == nullptr) continue;
            std::vector<std::int8_t> quants(512);
            std::vector<float> scales(std::size_t(512 / block));
            quantize(x.data(), 512, quants.data(), scales.data());
            for (int i = 0; i < 512; ++i) {
                const int quant = kernels->quant_offset == 0
                                      ? quants[i]
                                      : int(std::uint8_t(quants[i])) - kernels->quant_offset;
                const float scale = scales[std::size_t(i / block)];
                INFO(kernels->name << " block " << block << " value " << i << " quant " << quant);
                CHECK(std::abs(quant) <= 127);
                CHECK(std::fabs(scale * quant - x[i]) <= 0.5001f * scale);
            }
            for (int b = 0; b < 512 / block; ++b) {
                const auto first = x.begin() + b * block;
                const float amax =
                    std::fabs(*std::max_element(first, first + block, [](float a, float c) {
                        return std::fabs(a) < std::fabs(c);
                    }));
                CHECK(scales[std::size_t(b)] == Approx(amax / 127.0f));
            }
        }
    }
    // A block of zeros has scale 0 and quants 0.
    for (const auto* kernels : kernel_tables()) {
        const std::vector<float> zeros(32, 0.0f);
        std::vector<std::int8_t> quants(32, 1);
        float scale = 1;
        kernels->quantize_row_q8(zeros.data(), 32, quants.data(), &scale);
        CHECK(scale == 0.0f);
        const auto zero = std::int8_t(std::uint8_t(kernels->quant_offset));
        CHECK(std::all_of(quants.begin(), quants.end(), [&](std::int8_t q) { return q == zero; }));
    }
}

TEST_CASE("the fast embedding reads quantized rows in place", "[engine][cpu]") {
    const int rows = 50, cols = 64;
    const auto bytes = random_weight(fe::DType::q4_0, rows, cols, 5);
    const fe::TensorData tensor{"table", fe::DType::q4_0, {rows, cols}, bytes};
    const auto table = fe::to_f32(tensor);
    cpu::CpuBackend backend({.threads = 2});
    const fe::Weight weight = backend.prepare_weight(tensor, rows, cols);
    const std::vector<std::int32_t> tokens{49, 0, 17};
    fe::Tensor out = backend.allocate(3, cols);
    backend.embedding(out, weight, tokens);
    std::vector<float> got(3 * cols);
    backend.read(got, out);
    for (int t = 0; t < 3; ++t)
        for (int c = 0; c < cols; ++c)
            REQUIRE(got[std::size_t(t) * cols + c] == table[std::size_t(tokens[t]) * cols + c]);
    const std::vector<std::int32_t> outside{50};
    CHECK_THROWS_WITH(backend.embedding(out.row_range(0, 1), weight, outside),
                      Catch::Contains("outside the vocabulary"));
}

namespace {

// The same op on the reference backend and on a fast one, on the same random inputs: each
// backend gets tensors of the given shapes filled alike, runs `op`, and the results of every
// tensor (outputs and carried state) must agree.
struct Shape {
    int rows, cols;
};

template <typename Op>
void compare_with_reference(const std::vector<Shape>& shapes, const Op& op,
                            double tolerance = 2e-5) {
    for (const auto* kernels : kernel_tables()) {
        fe::cpu::ReferenceBackend reference;
        cpu::CpuBackend fast({.threads = 2, .kernels = kernels->name});
        std::vector<fe::Tensor> expected, got;
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            const auto values =
                random_values(std::size_t(shapes[i].rows) * shapes[i].cols, std::uint32_t(100 + i));
            expected.push_back(reference.allocate(shapes[i].rows, shapes[i].cols));
            got.push_back(fast.allocate(shapes[i].rows, shapes[i].cols));
            reference.write(expected.back(), values);
            fast.write(got.back(), values);
        }
        op(reference, expected);
        op(fast, got);
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            std::vector<float> want(std::size_t(shapes[i].rows) * shapes[i].cols),
                have(want.size());
            reference.read(want, expected[i]);
            fast.read(have, got[i]);
            for (std::size_t j = 0; j < want.size(); ++j) {
                INFO(fast.name() << " tensor " << i << " value " << j);
                REQUIRE(std::fabs(have[j] - want[j]) <= tolerance * (1 + std::fabs(want[j])));
            }
        }
    }
}

fe::Weight random_vector(fe::Backend& backend, int size, std::uint32_t seed, float offset = 0) {
    auto values = random_values(std::size_t(size), seed);
    for (auto& v : values) v += offset;
    const fe::TensorData tensor{"v", fe::DType::f32, {size}, std::as_bytes(std::span(values))};
    return backend.prepare_weight(tensor, 1, size);
}

}  // namespace

TEST_CASE("fast attention matches the reference", "[engine][cpu]") {
    const int T = GENERATE(1, 37);
    // d 40: runs of 8 columns only; 139: two runs of 64, one of 8 and a scalar tail
    const int d = GENERATE(40, 139);
    const int heads = 4, kv_heads = 2, position0 = 5, capacity = 50;
    compare_with_reference(
        {{T * heads, d}, {T * heads, d}, {capacity * kv_heads, d}, {capacity * kv_heads, d}},
        [&](fe::Backend& b, std::vector<fe::Tensor>& t) {
            b.attention(t[0], t[1], t[2], t[3], heads, kv_heads, position0);
        });
}

TEST_CASE("the fast delta rule matches the reference", "[engine][cpu]") {
    const int T = GENERATE(1, 37);
    const bool tiled = GENERATE(false, true);
    // Dv 20: one partial vector; 128: Qwen3.5's, whole blocks (32 columns in the AVX2 table,
    // 128 in the AVX-512 one); 150: more than one block, a partial tail.
    const int Dv = GENERATE(20, 128, 150);
    const fe::DeltaShape shape{2, 6, 24, Dv, tiled};
    const int key_width = 2 * 24, value_width = 6 * Dv;
    // q and k l2-normalised and g negative, as the model feeds them, so the state stays bounded.
    compare_with_reference(
        {{T, value_width},
         {6 * 24, Dv},
         {T, key_width},
         {T, key_width},
         {T, value_width},
         {T, 6},
         {T, 6}},
        [&](fe::Backend& b, std::vector<fe::Tensor>& t) {
            b.l2_norm(t[2], 24, 1e-6f);
            b.l2_norm(t[3], 24, 1e-6f);
            const fe::Weight A = random_vector(b, 6, 1, -2.0f);
            const fe::Weight dt_bias = random_vector(b, 6, 2);
            b.delta_gates(t[5], t[6], t[5], t[6], A, dt_bias);
            b.delta_rule(t[0], t[1], t[2], t[3], t[4], t[5], t[6], shape);
        },
        1e-4);
}

TEST_CASE("fast conv, norms and gates match the reference", "[engine][cpu]") {
    const int T = GENERATE(1, 37);
    const int C = 70;
    compare_with_reference(
        {{T, C}, {T, C}, {3, C}, {T, C}, {T, C}}, [&](fe::Backend& b, std::vector<fe::Tensor>& t) {
            const auto w = random_values(std::size_t(C) * 4, 9);
            const fe::TensorData conv{"conv", fe::DType::f32, {C, 4}, std::as_bytes(std::span(w))};
            const fe::Weight weight = b.prepare_weight(conv, C, 4);
            // Twice: the second call starts from the carried state.
            b.causal_conv_silu(t[0], t[1], t[2], weight);
            b.causal_conv_silu(t[1], t[0], t[2], weight);
            const fe::Weight norm = random_vector(b, 10, 3, 1.0f);
            b.gated_rms_norm(t[3], t[1], t[4], norm, 1e-6f);
            b.rms_norm(t[4], t[4], random_vector(b, C, 4, 1.0f), 1e-6f);
            b.swiglu(t[0], t[3], t[4]);
            b.sigmoid_gate(t[4], t[0]);
            b.add(t[4], t[3]);
            b.rope(t[3].reshaped(T * 7, 10), 7, 6, 10000.0, 3);
        });
}

TEST_CASE("fast top_k selects what the host default selects", "[engine][cpu][concurrent]") {
    const int n = GENERATE(1, 7, 1000, 248320);
    const bool ties = GENERATE(true, false);
    auto values = random_values(std::size_t(n), 11, 50.0f);
    if (ties)  // whole numbers from a small range: ties everywhere
        for (auto& v : values) v = std::round(v / 10.0f);
    if (n > 100) values[3] = values[std::size_t(n) / 2] = NAN;  // never selected
    fe::cpu::ReferenceBackend reference;                        // Backend::top_k's host default
    const auto expected_row = reference.allocate(1, n);
    reference.write(expected_row, values);
    for (const auto* kernels : kernel_tables())  // each table's first_greater
        for (const int threads : {1, 2, 3}) {
            cpu::CpuBackend fast({.threads = threads, .kernels = kernels->name});
            const auto row = fast.allocate(1, n);
            fast.write(row, values);
            for (const int k : {1, 2, 5, 40}) {
                if (k > n) continue;
                std::vector<fe::Candidate> want(std::size_t(k), {0, -1}), have = want;
                reference.top_k(want, expected_row);
                fast.top_k(have, row);
                INFO("n " << n << " ties " << ties << " " << kernels->name << " threads " << threads
                          << " k " << k);
                for (int i = 0; i < k; ++i) {
                    CHECK(have[std::size_t(i)].index == want[std::size_t(i)].index);
                    CHECK(have[std::size_t(i)].value == want[std::size_t(i)].value);
                }
            }
        }
    SECTION("NaN comes last, by index") {
        cpu::CpuBackend fast({.threads = 2});
        const auto row = fast.allocate(1, 5);
        fast.write(row, std::vector<float>{NAN, 2.0f, NAN, NAN, 1.0f});
        std::vector<fe::Candidate> best(4);
        fast.top_k(best, row);
        CHECK(best[0].index == 1);
        CHECK(best[1].index == 4);
        CHECK(best[2].index == 0);
        CHECK(best[3].index == 2);
    }
}

TEST_CASE("fast SiLU and sigmoid gates match std::exp over the whole range", "[engine][cpu]") {
    // Past ±87 the fast tables clamp exp's argument; NaN must pass through.
    std::vector<float> a = random_values(203, 21, 120.0f), b = random_values(203, 22, 2.0f);
    a[0] = 0.0f, a[1] = -0.0f, a[2] = 87.5f, a[3] = -87.5f, a[4] = 1e-30f, a[5] = NAN;
    for (const auto* kernels : kernel_tables()) {
        std::vector<float> silu(a.size()), gated = b;
        kernels->silu_times(silu.data(), a.data(), b.data(), int(a.size()));
        kernels->sigmoid_times(gated.data(), a.data(), int(a.size()));
        for (std::size_t i = 0; i < a.size(); ++i) {
            INFO(kernels->name << " a " << a[i]);
            const double sigmoid = 1.0 / (1.0 + std::exp(-double(a[i])));
            const double want_silu = a[i] * sigmoid * b[i], want_gated = b[i] * sigmoid;
            if (std::isnan(a[i])) {
                CHECK(std::isnan(silu[i]));
                CHECK(std::isnan(gated[i]));
                continue;
            }
            CHECK(std::fabs(silu[i] - want_silu) <= 1e-6 * std::fabs(want_silu) + 1e-30);
            CHECK(std::fabs(gated[i] - want_gated) <= 1e-6 * std::fabs(want_gated) + 1e-30);
        }
        std::vector<float> in_place = a;  // out == a, no second factor
        kernels->silu_times(in_place.data(), in_place.data(), nullptr, int(a.size()));
        for (std::size_t i = 6; i < a.size(); ++i)
            CHECK(std::fabs(in_place[i] - silu[i] / b[i]) <= 1e-6 * std::fabs(in_place[i]) + 1e-30);
    }
}
