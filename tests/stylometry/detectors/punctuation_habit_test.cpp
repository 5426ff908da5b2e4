#include "stylometry/detectors/punctuation_habit.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("punctuation-habit marks semicolons, runs of marks and question marks") {
    const auto markers =
        require_markers_with(PunctuationHabit{}, kUnknown, "I came; I saw!! Why?", 4);
    CHECK(markers[0].feature == "punct.semicolon");
    CHECK(markers[1].feature == "punct.exclamation");
    CHECK(markers[2].feature == "punct.multiple");
    CHECK(markers[2].spans.front() == Span(13, 15));
    CHECK(markers[2].fixes.at(0).new_text == "!");
    CHECK(markers[3].feature == "punct.question");
    const auto sink =
        run_detector(PunctuationHabit{}, "I came; I saw!! Why?", Language::Text, kUnknown);
    CHECK(measured(sink, "punct.semicolon") == std::pair(1.0, 5.0));
    CHECK(measured(sink, "punct.parenthesis") == std::pair(0.0, 5.0));
}

TEST_CASE("punctuation-habit stays quiet at the population's rate and ignores times") {
    const Reference reference = reference_with({{"punct.semicolon", "0,0.01,0.02,0.05"}});
    require_markers_with(PunctuationHabit{}, reference,
                         "It is 10:30 now. We left early; it rained.", 0);
    const auto sink =
        run_detector(PunctuationHabit{}, "It is 10:30 now.", Language::Text, reference);
    CHECK(measured(sink, "punct.colon") == std::pair(0.0, 3.0));
}

TEST_CASE("punctuation-habit scores exclamation marks far above the population") {
    const Reference reference = reference_with({{"punct.exclamation", "0,0,0.001,0.002"}});
    const auto markers =
        require_markers_with(PunctuationHabit{}, reference, "Great[[!]] Wow[[!]] Yes.", 2);
    CHECK(markers[0].bits > 1);
    CHECK(markers[0].fixes.at(0).new_text == ".");
    CHECK(markers[0].message.find("2 in 3 words") != std::string::npos);
}

TEST_CASE("punctuation-habit: a frequent mark is one marker for the document, colons a hint") {
    // The shape of a paper's parentheses and a HOWTO's colons, paragraph after paragraph.
    const Reference reference = reference_with(
        {{"punct.parenthesis", "0,0.001,0.002,0.004"}, {"punct.colon", "0,0.001,0.002,0.004"}});
    const auto markers = require_markers_with(
        PunctuationHabit{}, reference,
        "The fit [[(]]see below) is slow. Write this[[:]]\n\nThe model (in its simplest form) "
        "converges. Then this:\n\nThe test (a score test) rejects.",
        2);
    CHECK(markers[0].feature == "punct.parenthesis");
    CHECK(markers[0].spans.size() == 3);
    CHECK_FALSE(markers[0].genre_bound);
    CHECK(markers[1].feature == "punct.colon");
    CHECK(markers[1].spans.size() == 2);
    CHECK(markers[1].genre_bound);
    CHECK(severity_of(markers[1]) == Severity::Hint);
    CHECK(is_common_habit(markers[1]));
}

TEST_CASE("punctuation-habit counts no quoted marks, function names' parentheses or code's '!'") {
    // A user's question quoted in a FAQ, "main()" and "rq()" named in prose, negations in a
    // configuration line: none of them is the writer's punctuation.
    const auto sink = run_detector(
        PunctuationHabit{},
        "A user asked \u201cwhy does rq() fail; is it broken?!\u201d The answer: call main() "
        "first. Set it to !defined(x) or use a != b in the rule (see below).",
        Language::Text, kUnknown);
    CHECK(measured(sink, "punct.semicolon").first == 0);
    CHECK(measured(sink, "punct.multiple").first == 0);
    CHECK(measured(sink, "punct.exclamation").first == 0);
    CHECK(measured(sink, "punct.parenthesis").first == 2);  // "(x)" and "(see below)"
    CHECK(measured(sink, "punct.colon").first == 1);
}

TEST_CASE("punctuation-habit: code's negations and symbols are no exclamation marks") {
    // Seed 16: a procmail recipe ("* !^Content-Type"), an awk test ("if (!/^From/") and a
    // game's option syntax ("pickup_types:$=/!?+") in a FAQ and a guidebook (fresh shapes).
    const auto sink = run_detector(PunctuationHabit{},
                                   "Filter it with:\n\n* !^Content-Type: message/\nif (!/^From/ "
                                   "&& !/^To/) print\nOPTIONS=pickup_types:$=/!?+\n\n"
                                   "It works! Really (!) it does.",
                                   Language::Text);
    CHECK(measured(sink, "punct.exclamation").first == 2.0);
}
