// Dequantization of the block types published GGUF files mix in (Q4_1, Q5_0, Q5_1, IQ4_NL,
// Q3_K, Q5_K, IQ4_XS), bit for bit against ggml's reference: dequantize_reference.bin holds
// random blocks and the floats the `gguf` package's port of ggml's dequantize_row_* gives
// for them (make_dequantize_reference.py writes it).

#include "engine/gguf/gguf.hpp"
#include "engine/quants.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <vector>

namespace fe = fantasma::engine;

TEST_CASE("published block types dequantize bit for bit as ggml's reference", "[engine][quants]") {
    std::ifstream file(
        std::filesystem::path(FANTASMA_SOURCE_DIR) / "tests/engine/dequantize_reference.bin",
        std::ios::binary);
    const std::vector<char> data((std::istreambuf_iterator<char>(file)),
                                 std::istreambuf_iterator<char>());
    REQUIRE(!data.empty());
    std::set<fe::DType> seen;
    std::size_t at = 0;
    const auto u32 = [&] {
        std::uint32_t value;
        REQUIRE(at + 4 <= data.size());
        std::memcpy(&value, data.data() + at, 4);
        at += 4;
        return value;
    };
    while (at < data.size()) {
        const std::uint32_t ggml_type = u32(), blocks = u32(), values = u32(), bytes = u32();
        const auto type = fe::dtype_from_ggml(ggml_type);
        REQUIRE(type.has_value());
        INFO(fe::dtype_name(*type));
        seen.insert(*type);
        CHECK(fe::block_format(*type).values == int(values));
        CHECK(fe::block_format(*type).bytes == int(bytes));
        const std::size_t block_bytes = std::size_t(blocks) * bytes;
        const std::size_t count = std::size_t(blocks) * values;
        REQUIRE(at + block_bytes + 4 * count <= data.size());
        std::vector<float> expected(count), got(count);
        std::memcpy(expected.data(), data.data() + at + block_bytes, 4 * count);
        fe::dequantize(*type, got.data(), reinterpret_cast<const std::byte*>(data.data() + at),
                       count);
        std::size_t different = 0;
        for (std::size_t i = 0; i < count; ++i) {
            std::uint32_t a, b;
            std::memcpy(&a, &got[i], 4);
            std::memcpy(&b, &expected[i], 4);
            if (a != b && different++ < 3)
                UNSCOPED_INFO("value " << i << ": " << got[i] << " against " << expected[i]);
        }
        CHECK(different == 0);
        at += block_bytes + 4 * count;
    }
    CHECK(seen == std::set<fe::DType>{fe::DType::q4_1, fe::DType::q5_0, fe::DType::q5_1,
                                      fe::DType::iq4_nl, fe::DType::q3_k, fe::DType::q5_k,
                                      fe::DType::iq4_xs});
}
