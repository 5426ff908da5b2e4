#include <catch2/catch.hpp>

#include "stylometry/analyzer.hpp"
#include "stylometry/summary.hpp"

using namespace fantasma;

namespace {

std::string total(double bits, bool profiled, std::size_t writers = 1000) {
    Report report;
    report.total_bits = bits;
    return describe_total(report, profiled, writers);
}

bool has(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the summary never claims more writers than the reference holds", "[summary]") {
    CHECK(has(total(246, false), "rarer than any of the 1,000 writers in the reference"));
    CHECK_FALSE(has(total(246, false), "2^"));
    CHECK(has(total(9.97, false), "rarer than any of the 1,000"));  // 2^9.97 = 1,003
    CHECK(has(total(3, false), "about 1 in 8 of the 1,000 reference writers"));
    CHECK(has(total(0, false), "no habit here sets it apart"));
    CHECK(has(total(12, false, 0), "no writers to compare with"));
}

TEST_CASE("with a profile the summary words the linking score", "[summary]") {
    CHECK(has(total(5, true), "about 32 times likelier to have written it"));
    CHECK(has(total(-2, true), "point away from the profile's writer"));
    CHECK(has(total(40, true), "more than to any of the 1,000 writers in the reference"));
}

TEST_CASE("the findings to read first: self-identifying content, then the strongest habits",
          "[summary]") {
    Report report;
    const auto marker = [](std::string code, double bits, bool identity, bool genre_bound) {
        Marker m;
        m.code = std::move(code);
        m.bits = m.population_bits = bits;
        m.identity = identity;
        m.genre_bound = genre_bound;
        m.spans = {Span(0, 1)};
        return m;
    };
    // In document order, as the report keeps them.
    report.markers = {
        marker("double-space", 2.2, false, false),     marker("function-words", 8.0, false, true),
        marker("direction-mark", 9.0, false, false),   marker("personal-name", 6.0, true, false),
        marker("contraction-rate", 1.5, false, false), marker("contact-detail", 20.0, true, false)};
    CHECK(most_identifying(report, 5) == std::vector<std::size_t>{5, 3, 2, 0});
    CHECK(most_identifying(report, 2) == std::vector<std::size_t>{5, 3});
}
