#include "stylometry/detectors/misspelling.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("misspelling marks common misspellings with their corrections") {
    const auto markers = require_markers(
        Misspelling{}, "I will [[recieve]] it [[untill]] Friday, [[definately]].", 3);
    CHECK(markers[0].fixes.at(0).new_text == "receive");
    CHECK(markers[0].fixes.at(0).title == "Use 'receive'");
    CHECK(markers[0].feature == "spelling.misspelled");
    const auto sink = run_detector(Misspelling{}, "I will recieve it on Friday.");
    CHECK(sink.measurements.at("spelling.misspelled") == std::pair(1.0, 6.0));
}

TEST_CASE("misspelling marks an unknown word only when it recurs") {
    const auto markers = require_markers(
        Misspelling{}, "The [[glorptastic]] plan was odd. A zibbly idea, a [[glorptastic]] day.",
        2);
    CHECK(markers[0].fixes.empty());
    require_no_markers(Misspelling{}, "The zibbly plan was odd, but we receive it gladly.");
}

TEST_CASE("misspelling skips names and acronyms and keeps the casing of corrections") {
    require_no_markers(Misspelling{}, "We met Zorblat. Later Zorblat left with QWXYZ and QWXYZ.");
    const auto markers =
        require_markers(Misspelling{}, "[[Seperate]] them, then add [[ALOT]] more.", 2);
    CHECK(markers[0].fixes.at(0).new_text == "Separate");
    CHECK(markers[1].fixes.at(0).new_text == "A LOT");
}

TEST_CASE("misspelling stays quiet where the population misspells as often") {
    const Reference reference = reference_with({{"spelling.misspelled", "0.01,0.02,0.05,0.1"}});
    require_markers_with(Misspelling{}, reference, "I will recieve it on Friday morning.", 0);
}
