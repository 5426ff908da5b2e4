#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <string>

#include "stylometry/detectors/registry.hpp"

using fantasma::make_all_detectors;

TEST_CASE("registry codes are unique, kebab-case and sorted", "[registry]") {
    const auto detectors = make_all_detectors();
    const std::regex kebab("[a-z0-9]+(-[a-z0-9]+)*");
    std::set<std::string> codes;
    std::string previous;
    for (const auto& detector : detectors) {
        const std::string code(detector->code());
        INFO("code: " << code);
        CHECK(std::regex_match(code, kebab));
        CHECK(codes.insert(code).second);
        CHECK(previous < code);
        previous = code;
    }
}

TEST_CASE("every registered detector describes itself in a sentence", "[registry]") {
    for (const auto& detector : make_all_detectors()) {
        const std::string_view description = detector->description();
        INFO("code: " << detector->code());
        CHECK(description.size() > 10);
        CHECK(description.back() == '.');
    }
}
