#include "engine/config.hpp"
#include "engine/error.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace fe = fantasma::engine;

namespace {

fe::ModelConfig parse(const std::string& json) {
    return fe::parse_hf_config(json, "config.json");
}

std::string error_of(const std::string& json) {
    try {
        parse(json);
    } catch (const fe::ModelError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a multimodal config reads the text settings under text_config", "[engine][config]") {
    const auto c = parse(R"({
        "architectures": ["Qwen3_5ForConditionalGeneration"], "tie_word_embeddings": true,
        "text_config": {"hidden_size": 1024, "intermediate_size": 3584, "num_hidden_layers": 8,
            "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 256,
            "linear_num_key_heads": 16, "linear_num_value_heads": 16, "vocab_size": 248320,
            "eos_token_id": 248044,
            "rope_parameters": {"rope_type": "default", "rope_theta": 10000000,
                                "partial_rotary_factor": 0.25, "mrope_section": [11, 11, 10]}},
        "vision_config": {"hidden_size": 768}})");
    CHECK(c.hidden_size == 1024);
    CHECK(c.tie_word_embeddings);
    CHECK(c.rope_theta == 1e7);
    CHECK(c.rotary_dim() == 64);
    CHECK(c.linear_conv_dim() == 6144);
    CHECK(c.eos_token_ids == std::vector<int>{248044});
    // Default pattern: every fourth layer is full attention.
    REQUIRE(c.num_layers() == 8);
    CHECK(c.layer_types[2] == fe::LayerKind::linear_attention);
    CHECK(c.layer_types[3] == fe::LayerKind::full_attention);
    CHECK(c.layer_types[7] == fe::LayerKind::full_attention);
    // 6 DeltaNet layers, each 16 value heads' 128 × 128 floats and 3 conv rows of 6,144
    CHECK(c.recurrent_state_bytes() == 6 * 4 * (16 * 128 * 128 + 3 * 6144));
}

TEST_CASE("RoPE settings are found wherever transformers put them", "[engine][config]") {
    const auto top = parse(R"({"rope_theta": 5000, "partial_rotary_factor": 0.5, "head_dim": 32})");
    CHECK(top.rope_theta == 5000);
    CHECK(top.rotary_dim() == 16);
    const auto scaling =
        parse(R"({"rope_scaling": {"rope_theta": 7000, "partial_rotary_factor": 1.0}})");
    CHECK(scaling.rope_theta == 7000);
    CHECK(scaling.partial_rotary_factor == 1.0);
    const auto defaults = parse("{}");  // transformers' defaults
    CHECK(defaults.partial_rotary_factor == 0.25);
    CHECK(defaults.linear_num_value_heads == 32);
    CHECK(defaults.num_layers() == 32);
    CHECK_FALSE(defaults.tie_word_embeddings);
}

TEST_CASE("layer_types and full_attention_interval set the layer pattern", "[engine][config]") {
    const auto listed = parse(R"({"num_hidden_layers": 3,
        "layer_types": ["full_attention", "linear_attention", "full_attention"]})");
    CHECK(listed.layer_types == std::vector{fe::LayerKind::full_attention,
                                            fe::LayerKind::linear_attention,
                                            fe::LayerKind::full_attention});
    const auto interval = parse(R"({"num_hidden_layers": 4, "full_attention_interval": 2})");
    CHECK(interval.layer_types ==
          std::vector{fe::LayerKind::linear_attention, fe::LayerKind::full_attention,
                      fe::LayerKind::linear_attention, fe::LayerKind::full_attention});
}

TEST_CASE("bad configs give one-line errors naming the setting", "[engine][config]") {
    CHECK_THAT(error_of("{nope"), Catch::Contains("config.json: not valid JSON"));
    CHECK_THAT(error_of(std::string(100'000, '[') + std::string(100'000, ']')),
               Catch::Contains("config.json: nested deeper than 128 levels"));
    CHECK_THAT(error_of("[1]"), Catch::Contains("not a JSON object"));
    CHECK_THAT(error_of(R"({"hidden_size": "big"})"),
               Catch::Contains("'hidden_size' has the wrong type"));
    CHECK_THAT(error_of(R"({"hidden_size": 2.5})"),
               Catch::Contains("'hidden_size' has the wrong type"));
    CHECK_THAT(error_of(R"({"hidden_size": -4})"), Catch::Contains("hidden_size is out of range"));
    CHECK_THAT(error_of(R"({"hidden_size": 4294968320})"),
               Catch::Contains("'hidden_size' is out of range"));
    CHECK_THAT(error_of(R"({"hidden_size": -4294967296})"),
               Catch::Contains("'hidden_size' is out of range"));
    CHECK_THAT(error_of(R"({"num_hidden_layers": 2, "layer_types": ["full_attention"]})"),
               Catch::Contains("'layer_types' does not list num_hidden_layers entries"));
    CHECK_THAT(error_of(R"({"num_hidden_layers": 1, "layer_types": ["mamba"]})"),
               Catch::Contains("unknown layer type \"mamba\""));
    CHECK_THAT(error_of(R"({"num_attention_heads": 6, "num_key_value_heads": 4})"),
               Catch::Contains("not a multiple of num_key_value_heads"));
    CHECK_THAT(error_of(R"({"linear_num_key_heads": 3, "linear_num_value_heads": 4})"),
               Catch::Contains("not a multiple of linear_num_key_heads"));
    // Qwen3.5-35B-A3B's text_config: experts, no dense intermediate_size.
    CHECK_THAT(error_of(R"({"text_config": {"num_experts": 256, "num_experts_per_tok": 8}})"),
               Catch::Contains("Qwen3.5 MoE models are not supported yet"));
    CHECK_THAT(error_of(R"({"mtp_num_hidden_layers": -1})"),
               Catch::Contains("MTP layer count is out of range"));
    CHECK(parse(R"({"mtp_num_hidden_layers": 1, "num_hidden_layers": 4})").num_layers() == 4);
    CHECK_THAT(error_of(R"({"rope_parameters": {"rope_type": "yarn"}})"),
               Catch::Contains("only \"default\" is supported"));
    CHECK_THAT(error_of(R"({"hidden_act": "gelu"})"),
               Catch::Contains("'hidden_act' is not \"silu\""));
    CHECK_THAT(error_of(R"({"num_hidden_layers": 100000000})"),
               Catch::Contains("num_hidden_layers"));
    CHECK_THAT(error_of(R"({"head_dim": 6, "partial_rotary_factor": 0.5})"),
               Catch::Contains("rotary dimension is not even"));
}
