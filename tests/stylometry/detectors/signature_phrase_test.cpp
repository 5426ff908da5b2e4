#include "stylometry/detectors/signature_phrase.hpp"

#include "lexical_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("signature-phrase marks a rare phrase repeated three times") {
    const auto markers = require_markers(
        SignaturePhrase{},
        "We met, [[splendidly enough]], at noon. The food was, splendidly enough, cold. "
        "And the bill, splendidly enough, was small.",
        1);
    CHECK(markers[0].spans.size() == 3);
    CHECK(markers[0].feature == "signature-phrase.repeats");
    CHECK(markers[0].bits > 0);
    CHECK(markers[0].message.find("\"splendidly enough\"") != std::string::npos);
}

TEST_CASE("signature-phrase reports the longest repeated phrase, not its parts") {
    const auto markers =
        require_markers(SignaturePhrase{},
                        "It was [[purple monkey dishwasher]] day. Purple monkey dishwasher again. "
                        "Then purple monkey dishwasher.",
                        1);
    CHECK(markers[0].spans.size() == 3);
    const auto sink = run_detector(SignaturePhrase{},
                                   "purple monkey dishwasher. purple monkey "
                                   "dishwasher. purple monkey dishwasher.");
    CHECK(sink.measurements.at("signature-phrase.repeats").first == 3.0);
}

TEST_CASE("signature-phrase leaves names and a determiner with its noun to others") {
    require_no_markers(SignaturePhrase{},
                       "Black Elk spoke. Then Black Elk slept. Black Elk woke. The protagonist "
                       "runs; the protagonist hides; the protagonist wins.");
}

TEST_CASE("signature-phrase ignores function-word phrases and phrases used twice") {
    require_no_markers(SignaturePhrase{},
                       "Some of the cake, some of the tea and some of the rest. Splendidly "
                       "enough, yes; splendidly enough, no.");
    // Across a comma a phrase is not repeated: "enough, splendidly" does not count.
    const auto sink = run_detector(SignaturePhrase{}, "Enough, splendidly. Enough, splendidly.");
    CHECK(sink.measurements.at("signature-phrase.repeats").first == 0.0);
}

TEST_CASE("signature-phrase: a phrase made of the document's topic words is no pet phrase") {
    require_no_markers(SignaturePhrase{},
                       "Read the tide table first. A tide turns twice a day, and the tide "
                       "decides. Check the tide table at noon. The tide waits for no one; a "
                       "tide this high is rare. Keep the tide table dry.");
}

TEST_CASE("signature-phrase never says the reference sees a phrase 0.0 times") {
    const auto markers = require_markers(
        SignaturePhrase{},
        "We met, [[splendidly enough]], at noon. The food was, splendidly enough, cold. "
        "And the bill, splendidly enough, was small.",
        1);
    CHECK(markers[0].message.find("0.0 times") == std::string::npos);
}

TEST_CASE("signature-phrase: fragments of a longer phrase are no pet phrase") {
    // "question and answer" carries the topic ("question" recurs alone); what is left of it,
    // "and answer", is cut out of it, and so is "weight of" out of three different phrases.
    require_no_markers(SignaturePhrase{},
                       "Question and answer is a form. A question comes first. Question and "
                       "answer needs the weight of ice. Question and answer follows the weight "
                       "of snow. Each question waits for the weight of rain.");
}
