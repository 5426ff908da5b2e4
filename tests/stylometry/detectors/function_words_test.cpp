#include "stylometry/detectors/function_words.hpp"

#include "lexical_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

// The population writes "actually" up to 2 times per 1,000 words; "the" has no distribution.
Reference population() {
    return reference_with({spread("function-word.actually", 0, 0.002)}, {"actually", "the"});
}

// About 500 words without "actually": a text long enough for the median writer (about 1 per
// 1,000 words) to be expected to use it at least a quarter of a time, the least a rate is
// judged on.
std::string long_enough(std::string text) {
    for (int i = 0; i < 50; ++i) text += " The weather was mild and the roads were clear.";
    return text;
}

}  // namespace

TEST_CASE("function-words marks a function word used far above the population's rate") {
    const FunctionWords detector;
    const Reference reference = population();
    const auto markers = require_markers_with(
        reference, detector,
        long_enough("It was [[actually]] fine. The plan was actually good, and the team actually "
                    "liked it. We actually shipped on time, which actually surprised the boss."),
        1);
    CHECK(markers[0].spans.size() == 5);
    CHECK(markers[0].feature == "function-word.actually");
    CHECK(markers[0].bits > 3);
    CHECK(markers[0].message.find("\"actually\"") != std::string::npos);
    CHECK(markers[0].message.find("the median writer") != std::string::npos);
}

TEST_CASE("function-words measures every reference function word, used or not") {
    const Reference reference = population();
    const auto sink =
        run_detector(FunctionWords{}, "The cat sat on the mat.", Language::Text, reference);
    REQUIRE(sink.measurements.count("function-word.the") == 1);
    CHECK(sink.measurements.at("function-word.the") == std::pair(2.0, 6.0));
    CHECK(sink.measurements.at("function-word.actually") == std::pair(0.0, 6.0));
    CHECK(sink.markers.empty());
}

TEST_CASE("function-words leaves an ordinary rate alone") {
    const Reference reference = population();
    require_markers_with(reference, FunctionWords{},
                         "It was actually fine. The plan was good and the team liked it.", 0);
}

TEST_CASE("function-words counts capitalised uses but not a word below three uses") {
    const Reference reference = population();
    // Two uses are too few to call a habit, however short the text.
    require_markers_with(reference, FunctionWords{}, long_enough("Actually, no. Actually."), 0);
    // Capitalised at the start of a sentence still counts.
    require_markers_with(reference, FunctionWords{},
                         long_enough("[[Actually]], no. Actually, yes. Actually, maybe."), 1);
}

TEST_CASE("function-words judges no rate the median writer would not show in this text") {
    // Most reference writers (nearly) never use "thither": such a median says nothing about a
    // writer who does.
    const Reference rare =
        reference_with({spread("function-word.thither", 0, 0.0001)}, {"thither"});
    require_markers_with(rare, FunctionWords{},
                         long_enough("We rode thither. They went thither too. Thither we go."), 0);
    // A short text: the median writer would be expected to use "actually" 0.01 times in it.
    const Reference reference = population();
    require_markers_with(reference, FunctionWords{},
                         "Actually, no. Actually, yes. Actually, maybe.", 0);
}

TEST_CASE("function-words measures nothing in a document without words") {
    const auto sink = run_detector(FunctionWords{}, "", Language::Text, population());
    CHECK(sink.measurements.empty());
    CHECK(sink.markers.empty());
}

TEST_CASE("function-words: a small word's rate against general prose is a genre-bound hint") {
    // "you" and "can" in a HOWTO are the genre's (issue 13, seed 14): shown only on request.
    const Reference reference = population();
    const auto markers = require_markers_with(
        reference, FunctionWords{},
        long_enough("It was [[actually]] fine. The plan was actually good, and the team actually "
                    "liked it. We actually shipped on time, which actually surprised the boss."),
        1);
    CHECK(markers[0].genre_bound);
    CHECK(severity_of(markers[0]) == Severity::Hint);
    CHECK(is_common_habit(markers[0]));
}
