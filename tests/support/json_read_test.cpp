#include "support/json_read.hpp"

#include <catch2/catch.hpp>
#include <string>

using fantasma::JsonFailure;
using fantasma::read_json;

namespace {

std::string nested_arrays(int depth) {
    return std::string(depth, '[') + std::string(depth, ']');
}

}  // namespace

TEST_CASE("JSON within the limits is read", "[support][json]") {
    const auto read = read_json(R"({"a": [1, {"b": "x"}]})");
    REQUIRE(read.ok());
    CHECK(read.value["a"][1]["b"] == "x");
    CHECK(read_json(nested_arrays(128)).ok());
}

TEST_CASE("JSON nested past the limit is refused before it is parsed", "[support][json]") {
    const auto deep = read_json(nested_arrays(100'000));
    CHECK(deep.failure == JsonFailure::TooDeep);
    CHECK(deep.error == "nested deeper than 128 levels");
    CHECK(deep.value.is_null());
    CHECK(read_json(nested_arrays(129)).failure == JsonFailure::TooDeep);
    CHECK(read_json(nested_arrays(9), {.max_depth = 8}).failure == JsonFailure::TooDeep);
    // Objects count as arrays do, and an unclosed run is as deep as a closed one.
    CHECK(read_json(std::string(200, '{')).failure == JsonFailure::TooDeep);
}

TEST_CASE("brackets inside strings do not count towards the depth", "[support][json]") {
    const std::string brackets(1000, '[');
    const auto read = read_json(R"({"text": ")" + brackets + R"(\"[[[", "more": "]]]"})");
    REQUIRE(read.ok());
    CHECK(read.value["text"].get<std::string>().size() == 1004);
    CHECK(fantasma::json_nesting_within(R"(["\\", [[]]])", 3));
    CHECK_FALSE(fantasma::json_nesting_within(R"(["\\", [[]]])", 2));
}

TEST_CASE("JSON larger than the limit, or not JSON, is refused with a reason", "[support][json]") {
    const auto large = read_json(std::string(2048, ' ') + "1", {.max_bytes = 1024});
    CHECK(large.failure == JsonFailure::TooLarge);
    CHECK(large.error == "larger than the 1024-byte limit");
    CHECK(read_json("[1]", {.max_bytes = std::size_t{1} << 20}).ok());

    const auto invalid = read_json("{nope");
    CHECK(invalid.failure == JsonFailure::Invalid);
    CHECK_THAT(invalid.error, Catch::StartsWith("not valid JSON (parse error at line 1, column 3"));
}

TEST_CASE("members of the wrong type read as the fallback, never a throw", "[support][json]") {
    const auto object = fantasma::read_json(R"({"s": "x", "o": {}, "b": true, "n": 1})").value;
    CHECK(fantasma::string_member(object, "s") == "x");
    CHECK(fantasma::string_member(object, "o", "BPE") == "BPE");
    CHECK(fantasma::string_member(object, "missing") == "");
    CHECK(fantasma::string_member(nlohmann::json::array(), "s", "f") == "f");
    CHECK(fantasma::bool_member(object, "b", false));
    CHECK_FALSE(fantasma::bool_member(object, "n", false));
}

TEST_CASE("a file that cannot be opened is told apart from one that is not JSON",
          "[support][json]") {
    const auto missing = fantasma::read_json_file("/nonexistent/fantasma/config.json");
    CHECK(missing.failure == JsonFailure::Unreadable);
    CHECK(missing.error == "cannot be opened");
}
