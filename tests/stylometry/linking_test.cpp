#include <catch2/catch.hpp>

#include "analyzer_test_support.hpp"
#include "stylometry/linking.hpp"

using namespace fantasma;

namespace {

using Measurements = std::map<std::string, Measurement, std::less<>>;

// The link on "test.colour" between a text and a profile with the given rates.
double colour_link(Measurement text, Measurement writer, LinkingModel model = {}) {
    Profile profile;
    Report report;
    report.measurements["test.colour"] = writer;
    profile.add(report);
    const auto links = link_to_profile(testing::colour_reference(),
                                       Measurements{{"test.colour", text}}, profile, model);
    REQUIRE(links.size() == 1);
    return links[0].bits;
}

}  // namespace

TEST_CASE("a rare habit shared by text and writer links them", "[linking]") {
    const double shared = colour_link({5, 1000}, {50, 10000});
    CHECK(shared > 1);
    // The same text against a writer who never uses the habit: evidence against.
    CHECK(colour_link({5, 1000}, {0, 10000}) < 0);
    // Neither uses it: weak evidence for, since most writers do not either.
    const double common = colour_link({0, 1000}, {0, 10000});
    CHECK(common > 0);
    CHECK(common < shared);
}

TEST_CASE("short texts carry less evidence either way", "[linking]") {
    CHECK(std::abs(colour_link({0, 10}, {50, 10000})) <
          std::abs(colour_link({0, 1000}, {50, 10000})));
}

TEST_CASE("no habit contributes more than the cap", "[linking]") {
    LinkingModel model;
    model.cap_bits = 0.5;
    CHECK(colour_link({5, 1000}, {50, 10000}, model) == Approx(0.5));
    CHECK(colour_link({5, 1000}, {0, 10000}, model) == Approx(-0.5));
}

TEST_CASE("habits unknown to the reference or the profile are not linked", "[linking]") {
    Profile profile;
    Report report;
    report.measurements["unknown.habit"] = {1, 10};
    profile.add(report);
    const Measurements text = {{"unknown.habit", {1, 10}}, {"test.colour", {1, 10}}};
    CHECK(link_to_profile(testing::colour_reference(), text, profile).empty());
}
