// Model::decode on the OpenCL device: a rewrite's candidates decode as one batch there too
// (the same graph, the device's multi-token matmul), and each sequence gets the logits it
// gets alone, with either matmul kernel.

#include "../engine/batch_decode.hpp"
#include "../engine/reference_models.hpp"
#include "engine/session.hpp"
#include "opencl_test_support.hpp"

#include <cstring>
#include <string>

using namespace fantasma::opencl::testing;

TEST_CASE("decode: sequences in one batch get the logits each gets alone", "[opencl][model]") {
    const auto type = GENERATE(fe::DType::f32, fe::DType::q8_0, fe::DType::q4_0);
    const bool row_per_item = GENERATE(true, false);
    fantasma::opencl::OpenclBackend* backend = open_backend_with_matmul(row_per_item);
    if (!backend) return;
    const fantasma::testing::ConvertedModel gguf("multimodal-sharded-f16", type);
    auto loaded = fe::open_model(gguf.path, *backend);
    const auto tokens = fantasma::testing::read_tokens(fantasma::testing::kReference /
                                                       "multimodal-sharded-f16" / "tokens.txt");
    const auto plan = fantasma::testing::batch_plans(tokens);
    const auto expected = fantasma::testing::decoded_alone(*loaded.model, plan);
    const auto got = fantasma::testing::decoded_together(*loaded.model, plan);
    for (std::size_t s = 0; s < plan.size(); ++s) {
        INFO(fe::dtype_name(type) << (row_per_item ? ", a row per item" : ", a row per group")
                                  << ", sequence " << s);
        REQUIRE(got[s].size() == expected[s].size());
        CHECK(std::memcmp(got[s].data(), expected[s].data(), sizeof(float) * got[s].size()) == 0);
    }
}
