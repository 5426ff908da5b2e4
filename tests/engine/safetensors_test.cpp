#include "engine/safetensors.hpp"
#include "engine/cpu/reference_backend.hpp"
#include "engine/error.hpp"
#include "engine/session.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <string>

#include <unistd.h>

namespace fe = fantasma::engine;
namespace fs = std::filesystem;

namespace {

const fs::path kReference = fs::path(FANTASMA_SOURCE_DIR) / "tests/reference";

// A safetensors file: 8-byte little-endian header size, JSON header, then data.
std::string safetensors_bytes(const std::string& header, const std::string& data) {
    std::string out(8, '\0');
    for (int i = 0; i < 8; ++i) out[std::size_t(i)] = char((header.size() >> (8 * i)) & 0xff);
    return out + header + data;
}

std::vector<fe::TensorData> parse(const std::string& bytes) {
    return fe::parse_safetensors(std::as_bytes(std::span(bytes.data(), bytes.size())),
                                 "test.safetensors");
}

std::string error_of(const std::string& bytes) {
    try {
        parse(bytes);
    } catch (const fe::ModelError& e) {
        return e.what();
    }
    return "";
}

// An empty folder in the temp folder, removed again afterwards.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name)
        : path(fs::temp_directory_path() /
               ("fantasma-engine-test-" + std::to_string(::getpid()) + "-" + name)) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

void write_file(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
}

std::string open_error(const fs::path& path) {
    fe::cpu::ReferenceBackend backend;
    try {
        fe::open_model(path, backend);
    } catch (const fe::ModelError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("safetensors tensors are read with their dtype, shape and bytes",
          "[engine][safetensors]") {
    // F16 1.0, -2.0; BF16 1.0, 0.5 (hand-encoded).
    const std::string data("\x00\x3c\x00\xc0\x80\x3f\x00\x3f", 8);
    const std::string file = safetensors_bytes(
        R"({"__metadata__": {"format": "pt"},
            "a": {"dtype": "F16", "shape": [2], "data_offsets": [0, 4]},
            "b": {"dtype": "BF16", "shape": [1, 2], "data_offsets": [4, 8]}})",
        data);
    const auto tensors = parse(file);  // views into `file`
    REQUIRE(tensors.size() == 2);
    const auto& a = tensors[0].name == "a" ? tensors[0] : tensors[1];
    const auto& b = tensors[0].name == "a" ? tensors[1] : tensors[0];
    CHECK(fe::to_f32(a) == std::vector<float>{1.0f, -2.0f});
    CHECK(b.shape == std::vector<std::int64_t>{1, 2});
    CHECK(fe::to_f32(b) == std::vector<float>{1.0f, 0.5f});
}

TEST_CASE("stored names map to canonical ones, vision and MTP tensors are skipped",
          "[engine][safetensors]") {
    CHECK(fe::canonical_tensor_name("model.language_model.layers.0.mlp.up_proj.weight") ==
          "layers.0.mlp.up_proj.weight");
    CHECK(fe::canonical_tensor_name("model.norm.weight") == "norm.weight");
    CHECK(fe::canonical_tensor_name("lm_head.weight") == "lm_head.weight");
    CHECK(fe::canonical_tensor_name("model.visual.blocks.0.attn.qkv.weight").empty());
    CHECK(fe::canonical_tensor_name("mtp.fc.weight").empty());
}

TEST_CASE("bad safetensors files give one-line errors", "[engine][safetensors]") {
    const std::string entry = R"({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}})";
    CHECK_THAT(error_of("abc"), Catch::Contains("too short"));
    CHECK_THAT(error_of(std::string("\xff\xff\xff\xff\xff\xff\xff\x7f{}", 10)),
               Catch::Contains("header size is larger than the file"));
    CHECK_THAT(error_of(safetensors_bytes("{oops", "")),
               Catch::Contains("header is not valid JSON"));
    CHECK_THAT(error_of(safetensors_bytes(
                   R"({"w": )" + std::string(100'000, '[') + std::string(100'000, ']') + "}", "")),
               Catch::Contains("header is nested deeper than 128 levels"));
    CHECK_THAT(error_of(safetensors_bytes(entry, std::string(4, '\0'))),
               Catch::Contains("tensor 'w' lies outside the file (truncated?)"));
    CHECK_THAT(error_of(safetensors_bytes(
                   R"({"w": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}})",
                   std::string(8, '\0'))),
               Catch::Contains("byte size that disagrees with its shape"));
    CHECK_THAT(error_of(safetensors_bytes(
                   R"({"w": {"dtype": "I8", "shape": [8], "data_offsets": [0, 8]}})",
                   std::string(8, '\0'))),
               Catch::Contains("tensor 'w' has dtype \"I8\""));
    CHECK_THAT(error_of(safetensors_bytes(
                   R"({"w": {"dtype": "F32", "shape": [-2], "data_offsets": [0, 8]}})",
                   std::string(8, '\0'))),
               Catch::Contains("bad shape"));
    CHECK_THAT(
        error_of(safetensors_bytes(
            R"({"w": {"dtype": "F32", "shape": [1099511627776, 1099511627776], "data_offsets": [0, 8]}})",
            std::string(8, '\0'))),
        Catch::Contains("absurdly large"));
    CHECK_THAT(error_of(safetensors_bytes(R"({"w": {"dtype": "F32", "shape": [2]}})",
                                          std::string(8, '\0'))),
               Catch::Contains("lacks dtype, shape or data_offsets"));
}

TEST_CASE("a truncated model file is refused with its name", "[engine][safetensors]") {
    const TempDir temp("truncated");
    const auto& dir = temp.path;
    fs::copy_file(kReference / "untied-odd-f32/config.json", dir / "config.json");
    std::ifstream in(kReference / "untied-odd-f32/model.safetensors", std::ios::binary);
    std::string bytes(std::istreambuf_iterator<char>(in), {});
    write_file(dir / "model.safetensors", bytes.substr(0, bytes.size() - 100));
    CHECK_THAT(open_error(dir), Catch::Contains("model.safetensors: tensor '") &&
                                    Catch::Contains("lies outside the file"));
}

TEST_CASE("missing and misshapen tensors are named", "[engine][safetensors]") {
    const TempDir temp("missing");
    const auto& dir = temp.path;
    fs::copy_file(kReference / "untied-odd-f32/config.json", dir / "config.json");
    // hidden 48, vocab 301 in that config.
    write_file(
        dir / "model.safetensors",
        safetensors_bytes(R"({"model.embed_tokens.weight": {"dtype": "F32", "shape": [301, 48],
                                     "data_offsets": [0, 57792]}})",
                          std::string(57792, '\0')));
    CHECK_THAT(open_error(dir), Catch::Contains("tensor 'norm.weight' is missing"));
    write_file(
        dir / "model.safetensors",
        safetensors_bytes(R"({"model.embed_tokens.weight": {"dtype": "F32", "shape": [48, 301],
                                     "data_offsets": [0, 57792]}})",
                          std::string(57792, '\0')));
    CHECK_THAT(open_error(dir), Catch::Contains("tensor 'embed_tokens.weight' has shape [48, 301], "
                                                "the config implies [301, 48]"));
}

TEST_CASE("a sharded index must name shards inside the folder", "[engine][safetensors]") {
    const TempDir temp("index");
    const auto& dir = temp.path;
    fs::copy_file(kReference / "untied-odd-f32/config.json", dir / "config.json");
    write_file(dir / "model.safetensors.index.json",
               R"({"weight_map": {"a": "../../etc/passwd"}})");
    CHECK_THAT(open_error(dir), Catch::Contains("names a shard outside the folder"));
    write_file(dir / "model.safetensors.index.json",
               R"({"weight_map": {"a": "gone.safetensors"}})");
    CHECK_THAT(open_error(dir), Catch::Contains("gone.safetensors: cannot open"));
    write_file(dir / "model.safetensors.index.json", std::string(100'000, '{'));
    CHECK_THAT(open_error(dir), Catch::Contains("index.json: nested deeper than 128 levels"));
    write_file(dir / "model.safetensors.index.json", R"({"nothing": 1})");
    CHECK_THAT(open_error(dir), Catch::Contains("has no weight_map object"));
    CHECK_THAT(open_error(dir / "nowhere"), Catch::Contains("no such file or folder"));
}
