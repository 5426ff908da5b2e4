#include "engine/gguf/gguf.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/error.hpp"
#include "engine/gguf/gguf_model.hpp"
#include "engine/gguf/gguf_writer.hpp"
#include "engine/model_info.hpp"
#include "engine/session.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace fe = fantasma::engine;
namespace fs = std::filesystem;

namespace {

// A GGUF image with one u32 key "a" = 7 and one tensor "t" of the given GGML type and dims
// (ne0 first), data of data_size bytes at the given offset.
struct RawGguf {
    std::uint32_t version = 3;
    std::uint64_t tensor_count = 1;
    std::vector<std::uint64_t> ne = {32, 2};
    std::uint32_t type = 0;
    std::uint64_t offset = 0;
    std::size_t data_size = 256;
    std::string name = "t";

    std::string bytes() const {
        std::string out = "GGUF";
        const auto put = [&out](auto value) {
            out.append(reinterpret_cast<const char*>(&value), sizeof(value));
        };
        put(version);
        put(tensor_count);
        put(std::uint64_t(1));
        put(std::uint64_t(1));
        out += "a";
        put(std::uint32_t(4));
        put(std::uint32_t(7));
        for (std::uint64_t i = 0; i < std::min<std::uint64_t>(tensor_count, 2); ++i) {
            put(std::uint64_t(name.size()));
            out += name;
            put(std::uint32_t(ne.size()));
            for (auto n : ne) put(n);
            put(type);
            put(offset);
        }
        out.resize((out.size() + 31) / 32 * 32, '\0');
        return out + std::string(data_size, '\x01');
    }
};

fe::GgufContents parse(const std::string& bytes) {
    return fe::parse_gguf(std::as_bytes(std::span(bytes.data(), bytes.size())), "test.gguf");
}

std::string error_of(const std::string& bytes) {
    try {
        parse(bytes);
    } catch (const fe::ModelError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a GGUF file written here reads back", "[engine][gguf]") {
    fe::GgufWriter writer;
    writer.add_string("general.architecture", "qwen35");
    writer.add_u32("qwen35.block_count", 24);
    writer.add_f32("qwen35.rope.freq_base", 1e7f);
    writer.add_bool("flag", true);
    writer.add_i32_array("sections", {11, 11, 10, 0});
    writer.add_string_array("tokens", {"a", "bc"});
    std::vector<float> values{1, 2, 3, 4, 5, 6};
    std::vector<std::byte> data(24);
    std::memcpy(data.data(), values.data(), 24);
    writer.add_tensor("first", fe::DType::f32, {2, 3}, data);
    writer.add_tensor("second", fe::DType::f32, {6}, data);
    const auto path = fs::temp_directory_path() /
                      ("fantasma-engine-test-" + std::to_string(::getpid()) + "-roundtrip.gguf");
    writer.write(path);

    const fe::GgufFile file(path);
    const auto& gguf = file.contents();
    CHECK(gguf.version == 3);
    CHECK(fe::gguf_string(gguf, "general.architecture") == "qwen35");
    CHECK(fe::gguf_int(gguf, "qwen35.block_count") == 24);
    CHECK(fe::gguf_float(gguf, "qwen35.rope.freq_base") == 1e7);
    CHECK(std::get<bool>(gguf.metadata.at("flag")));
    CHECK(std::get<std::vector<std::int64_t>>(gguf.metadata.at("sections")) ==
          std::vector<std::int64_t>{11, 11, 10, 0});
    CHECK(std::get<std::vector<std::string>>(gguf.metadata.at("tokens")) ==
          std::vector<std::string>{"a", "bc"});
    CHECK_FALSE(fe::gguf_int(gguf, "general.architecture"));  // wrong kind
    REQUIRE(gguf.tensors.size() == 2);
    CHECK(gguf.tensors[0].shape == std::vector<std::int64_t>{2, 3});
    CHECK(fe::to_f32(gguf.tensors[0]) == values);
    CHECK(fe::to_f32(gguf.tensors[1]) == values);
    // Data offsets are aligned to 32 bytes from the start of the file.
    const auto* start = reinterpret_cast<const std::byte*>(gguf.tensors[0].bytes.data());
    CHECK((gguf.tensors[1].bytes.data() - start) == 32);
    fs::remove(path);
}

TEST_CASE("the raw test image is itself valid", "[engine][gguf]") {
    const auto gguf = parse(RawGguf{}.bytes());
    REQUIRE(gguf.tensors.size() == 1);
    CHECK(gguf.tensors[0].shape == std::vector<std::int64_t>{2, 32});
    CHECK(fe::gguf_int(gguf, "a") == 7);
    RawGguf q8;
    q8.type = 8;  // Q8_0: 2 rows × 1 block × 34 bytes
    q8.data_size = 68;
    CHECK(parse(q8.bytes()).tensors[0].bytes.size() == 68);
}

TEST_CASE("bad GGUF files give one-line errors", "[engine][gguf]") {
    const auto with = [](auto change) {
        RawGguf raw;
        change(raw);
        return error_of(raw.bytes());
    };
    CHECK_THAT(error_of("GGML...."), Catch::Contains("wrong magic"));
    CHECK_THAT(error_of("GGUF"), Catch::Contains("truncated"));
    CHECK_THAT(with([](RawGguf& r) { r.version = 1; }),
               Catch::Contains("GGUF version 1 is not supported"));
    CHECK_THAT(with([](RawGguf& r) { r.tensor_count = std::uint64_t(1) << 60; }),
               Catch::Contains("claims more entries than the file holds"));
    CHECK_THAT(with([](RawGguf& r) { r.type = 16; }),
               Catch::Contains("tensor 't' has type IQ2_XXS (ggml type 16) is not supported; "
                               "supported: F32, F16, "));
    CHECK_THAT(with([](RawGguf& r) { r.type = 1000; }),
               Catch::Contains("an unknown type (ggml type 1000) is not supported"));
    CHECK_THAT(with([](RawGguf& r) {
                   r.type = 8, r.ne = {48, 2};
               }),
               Catch::Contains("not whole Q8_0 blocks"));
    CHECK_THAT(with([](RawGguf& r) { r.offset = 8; }), Catch::Contains("misaligned offset"));
    CHECK_THAT(with([](RawGguf& r) { r.data_size = 255; }),
               Catch::Contains("lies past the end of the file"));
    CHECK_THAT(with([](RawGguf& r) { r.offset = std::uint64_t(1) << 62; }),
               Catch::Contains("past the end"));
    CHECK_THAT(with([](RawGguf& r) {
                   r.ne = {1, 1, 1, 1, 1};
               }),
               Catch::Contains("has 5 dimensions"));
    CHECK_THAT(with([](RawGguf& r) {
                   r.ne = {std::uint64_t(1) << 30, std::uint64_t(1) << 30};
               }),
               Catch::Contains("absurd shape"));
    CHECK_THAT(with([](RawGguf& r) { r.tensor_count = 2; }),
               Catch::Contains("tensor 't' appears twice"));
    // A string length beyond the file.
    auto bytes = RawGguf{}.bytes();
    bytes[24] = '\x7f';  // the first key's length, low byte
    bytes[31] = '\x7f';
    CHECK_THAT(error_of(bytes), Catch::Contains("longer than the file allows"));
    // Every prefix of a valid file is refused cleanly.
    const auto whole = RawGguf{}.bytes();
    for (std::size_t size = 0; size < whole.size(); size += 7)
        CHECK_THROWS_AS(parse(whole.substr(0, size)), fe::ModelError);
}

TEST_CASE("canonical names map to llama.cpp's", "[engine][gguf]") {
    CHECK(fe::gguf_tensor_name("embed_tokens.weight") == "token_embd.weight");
    CHECK(fe::gguf_tensor_name("layers.3.linear_attn.A_log") == "blk.3.ssm_a");
    CHECK(fe::gguf_tensor_name("layers.12.linear_attn.dt_bias") == "blk.12.ssm_dt.bias");
    CHECK(fe::gguf_tensor_name("layers.0.self_attn.q_proj.weight") == "blk.0.attn_q.weight");
    CHECK(fe::gguf_tensor_name("layers.0.linear_attn.in_proj_z.weight") ==
          "blk.0.attn_gate.weight");
    CHECK(fe::gguf_tensor_name("layers.0.mystery.weight").empty());
}

TEST_CASE("GGUF metadata must describe a qwen35 model", "[engine][gguf]") {
    fe::GgufContents gguf;
    CHECK_THROWS_WITH(fe::config_from_gguf(gguf, "m.gguf"),
                      Catch::Contains("lacks general.architecture"));
    gguf.metadata["general.architecture"] = std::string("llama");
    CHECK_THROWS_WITH(fe::config_from_gguf(gguf, "m.gguf"),
                      Catch::Contains("architecture 'llama' is not supported"));
    gguf.metadata["general.architecture"] = std::string("qwen35moe");
    CHECK_THROWS_WITH(fe::config_from_gguf(gguf, "m.gguf"),
                      Catch::Contains("Qwen3.5 MoE models are not supported yet"));
    gguf.metadata["general.architecture"] = std::string("clip");
    CHECK_THROWS_WITH(fe::config_from_gguf(gguf, "m.gguf"),
                      Catch::Contains("vision projector (mmproj) file"));
    gguf.metadata["split.count"] = std::uint64_t(3);
    gguf.metadata["split.no"] = std::uint64_t(1);
    CHECK_THROWS_WITH(fe::config_from_gguf(gguf, "m.gguf"),
                      Catch::Contains("part 2 of a GGUF split in 3 files; join them first"));
    gguf.metadata.erase("split.count");
    gguf.metadata["general.architecture"] = std::string("qwen35");
    CHECK_THROWS_WITH(fe::config_from_gguf(gguf, "m.gguf"),
                      Catch::Contains("qwen35.embedding_length is missing or bad"));
}

TEST_CASE("a GGUF model lacking a tensor is refused with llama.cpp's name for it",
          "[engine][gguf]") {
    fe::GgufWriter writer;
    writer.add_string("general.architecture", "qwen35");
    for (const char* key :
         {"block_count", "embedding_length", "feed_forward_length", "attention.head_count",
          "attention.head_count_kv", "attention.key_length", "ssm.conv_kernel", "ssm.state_size",
          "ssm.group_count", "ssm.time_step_rank", "full_attention_interval"})
        writer.add_u32(std::string("qwen35.") + key, 4);
    writer.add_u32("qwen35.rope.dimension_count", 2);
    writer.add_u32("qwen35.ssm.inner_size", 16);
    writer.add_f32("qwen35.attention.layer_norm_rms_epsilon", 1e-6f);
    writer.add_f32("qwen35.rope.freq_base", 10000);
    writer.add_tensor("token_embd.weight", fe::DType::f32, {8, 4}, std::vector<std::byte>(128));
    const auto path = fs::temp_directory_path() /
                      ("fantasma-engine-test-" + std::to_string(::getpid()) + "-partial.gguf");
    writer.write(path);
    fe::cpu::ReferenceBackend backend;
    CHECK_THROWS_WITH(fe::open_model(path, backend),
                      Catch::Contains("tensor 'output_norm.weight' is missing"));
    fs::remove(path);
}

TEST_CASE("model info lists what a GGUF holds and what the engine cannot run", "[engine][gguf]") {
    RawGguf raw;
    raw.type = 16;  // IQ2_XXS
    raw.ne = {256, 2};
    const auto folder = fs::temp_directory_path() /
                        ("fantasma-engine-test-" + std::to_string(::getpid()) + "-info");
    fs::create_directories(folder);
    std::ofstream(folder / "model.gguf", std::ios::binary) << raw.bytes();
    // The folder stands for its one GGUF.
    const fe::ModelInfo info = fe::inspect_model(folder);
    CHECK(info.file == folder / "model.gguf");
    CHECK(info.format == "GGUF v3");
    REQUIRE(info.types.size() == 1);
    CHECK(info.types[0].name == "IQ2_XXS");
    CHECK_FALSE(info.types[0].supported);
    CHECK_FALSE(info.config.has_value());
    std::string problems;
    for (const auto& problem : info.problems) problems += problem + "\n";
    CHECK_THAT(problems, Catch::Contains("IQ2_XXS (ggml type 16) is not supported; supported: "
                                         "F32, F16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q3_K, Q4_K, "
                                         "Q5_K, Q6_K, IQ4_NL, IQ4_XS, BF16 (1 tensor)"));
    CHECK_THAT(problems, Catch::Contains("lacks general.architecture"));
    CHECK_THAT(problems, Catch::Contains("tokenizer: "));
    fs::remove_all(folder);
    CHECK_THROWS_AS(fe::inspect_model(folder), fe::ModelError);
}
