// Products with a weight matrix and embedding lookups, on float32 weights and on Q8_0, Q4_0
// and Q4_K blocks read in place, against the reference backend (which dequantizes on the
// host with engine/quants).

#include "engine/quants.hpp"
#include "opencl_test_support.hpp"

#include <cstring>

using namespace fantasma::opencl::testing;
using namespace fantasma::opencl;

namespace {

// A [rows, cols] matrix in `type`, its bytes kept in `bytes`.
fe::TensorData random_matrix(Both& both, fe::DType type, int rows, int cols,
                             std::vector<std::byte>& bytes) {
    const std::size_t count = std::size_t(rows) * std::size_t(cols);
    const auto values = both.values(count);
    const fe::BlockFormat format = fe::block_format(type);
    bytes.resize(count / std::size_t(format.values) * std::size_t(format.bytes));
    switch (type) {
        case fe::DType::q8_0:
            fe::quantize_q8_0(bytes.data(), values.data(), count);
            break;
        case fe::DType::q4_0:
            fe::quantize_q4_0(bytes.data(), values.data(), count);
            break;
        case fe::DType::q4_k: {
            // No Q4_K quantizer here: random blocks with small, finite scales.
            std::uniform_int_distribution<int> byte(0, 255);
            for (auto& b : bytes) b = std::byte(byte(both.random));
            for (std::size_t at = 0; at < bytes.size(); at += 144) {
                const std::uint16_t d = fe::f32_to_f16(both.values(1, 0.01f)[0]);
                const std::uint16_t dmin = fe::f32_to_f16(both.values(1, 0.01f)[0]);
                std::memcpy(&bytes[at], &d, 2);
                std::memcpy(&bytes[at + 2], &dmin, 2);
            }
            break;
        }
        default:
            std::memcpy(bytes.data(), values.data(), bytes.size());
            break;
    }
    return {"w", type, {rows, cols}, bytes};
}

}  // namespace

TEST_CASE("matmul matches the reference on every weight type", "[opencl]") {
    const bool row_per_item = GENERATE(true, false);
    auto gpu = open_backend_with_matmul(row_per_item);
    if (!gpu) return;
    Both both(*gpu);
    const auto type = GENERATE(fe::DType::f32, fe::DType::q8_0, fe::DType::q4_0, fe::DType::q4_k);
    const int T = GENERATE(1, 5, 64);
    // Odd sizes where the format allows them; Q4_K rows are whole 256-value blocks.
    const int K = type == fe::DType::q4_k ? 512 : type == fe::DType::f32 ? 61 : 96;
    const int N = 37;
    std::vector<std::byte> bytes;
    const TwinWeight w = both.weight(random_matrix(both, type, N, K, bytes), N, K);
    // The input a strided view past an offset, the output a view of a wider tensor.
    const Twin in = both.tensor(T, K + 3).cols(3, K);
    const Twin out_full = both.tensor(T, N + 2);
    const Twin out = out_full.cols(1, N);
    both.cpu.matmul(out.cpu, in.cpu, w.cpu);
    both.gpu.matmul(out.gpu, in.gpu, w.gpu);
    INFO(fe::dtype_name(type) << " T " << T << (row_per_item ? " row per item" : " row per group"));
    CHECK(both.difference(out_full) < 1e-5);
}

TEST_CASE("embedding looks rows up on every weight type", "[opencl]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const auto type = GENERATE(fe::DType::f32, fe::DType::q8_0, fe::DType::q4_0, fe::DType::q4_k);
    const int cols = type == fe::DType::q4_k ? 256 : type == fe::DType::f32 ? 61 : 64;
    std::vector<std::byte> bytes;
    const TwinWeight table = both.weight(random_matrix(both, type, 11, cols, bytes), 11, cols);
    const std::vector<std::int32_t> tokens{0, 10, 3, 3, 7};
    const Twin out = both.tensor(5, cols);
    both.cpu.embedding(out.cpu, table.cpu, tokens);
    both.gpu.embedding(out.gpu, table.gpu, tokens);
    CHECK(both.difference(out) < 1e-6);  // an FMA may round Q4_K differently

    const std::vector<std::int32_t> outside{11};
    CHECK_THROWS_WITH(both.gpu.embedding(out.rows(0, 1).gpu, table.gpu, outside),
                      Catch::Contains("outside the vocabulary"));
}

// CLBlast's GEMM, the default prefill path on GPUs, at a small size: its kernels take about
// 50 s to compile on PoCL with a cold cache, paid once per test run (POCL_CACHE_DIR, which
// scripts/test.sh sets, keeps them for the rest of it and for the next run).
TEST_CASE("matmul through CLBlast's GEMM matches the reference", "[opencl][clblast]") {
    if (!open_backend()) return;
    // Every batch of two tokens or more goes to GEMM, in chunks of 16 weight rows.
    OpenclBackend gemm_backend(choose_device(), test_cache_dir(),
                               Tuning{.gemm_min_tokens = 2, .gemm_rows = 16});
    Both both(gemm_backend);
    const auto type = GENERATE(fe::DType::f32, fe::DType::q8_0, fe::DType::q4_k);
    const int T = 5, K = type == fe::DType::q4_k ? 256 : 64, N = 37;
    std::vector<std::byte> bytes;
    const TwinWeight w = both.weight(random_matrix(both, type, N, K, bytes), N, K);
    const Twin in = both.tensor(T, K + 3).cols(3, K);
    const Twin out_full = both.tensor(T, N + 2);
    both.cpu.matmul(out_full.cols(1, N).cpu, in.cpu, w.cpu);
    both.gpu.matmul(out_full.cols(1, N).gpu, in.gpu, w.gpu);
    INFO(fe::dtype_name(type));
    CHECK(both.difference(out_full) < 1e-5);
}
