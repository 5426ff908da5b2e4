#include "stylometry/detectors/sentence_length.hpp"

#include "lexical_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

// The population writes 12 to 25 words a sentence.
Reference population() {
    return reference_with({spread("sentence-length.sentences", 1.0 / 25, 1.0 / 12)});
}

// A sentence of `words` words.
std::string sentence(std::size_t words) {
    std::string text = "Word";
    for (std::size_t i = 1; i < words; ++i) text += " word";
    return text + ".";
}

}  // namespace

TEST_CASE("sentence-length measures words per sentence and the length histogram") {
    const auto sink = run_detector(SentenceLength{},
                                   sentence(3) + " " + sentence(9) + " " + sentence(31) + " 42!");
    // The sentence without words ("42!") is not counted.
    CHECK(sink.measurements.at("sentence-length.sentences") == std::pair(3.0, 43.0));
    CHECK(sink.measurements.at("sentence-length.short") == std::pair(1.0, 3.0));
    CHECK(sink.measurements.at("sentence-length.long") == std::pair(1.0, 3.0));
    CHECK(sink.measurements.at("sentence-length.1-4") == std::pair(1.0, 3.0));
    CHECK(sink.measurements.at("sentence-length.5-9") == std::pair(1.0, 3.0));
    CHECK(sink.measurements.at("sentence-length.30-34") == std::pair(1.0, 3.0));
    CHECK(sink.measurements.at("sentence-length.40-plus") == std::pair(0.0, 3.0));
}

TEST_CASE("sentence-length marks the longest sentences of a long-winded text") {
    const Reference reference = population();
    const auto markers =
        require_markers_with(reference, SentenceLength{},
                             sentence(40) + " " + sentence(41) + " [[" + sentence(50) + "]] " +
                                 sentence(40) + " " + sentence(42),
                             1);
    CHECK(markers[0].spans.size() == 3);
    CHECK(markers[0].feature == "sentence-length.sentences");
    CHECK(markers[0].message.find("long") != std::string::npos);
}

TEST_CASE("sentence-length marks the shortest sentences of a clipped text") {
    const Reference reference = population();
    const auto markers = require_markers_with(
        reference, SentenceLength{}, repeat(sentence(4), 4) + " [[Go now.]] " + sentence(3), 1);
    CHECK(markers[0].message.find("short") != std::string::npos);
}

TEST_CASE("sentence-length leaves typical and too short texts alone") {
    const Reference reference = population();
    require_markers_with(reference, SentenceLength{}, repeat(sentence(18), 6), 0);
    // Four sentences say too little about a writer's rhythm, however long.
    require_markers_with(reference, SentenceLength{}, repeat(sentence(60), 4), 0);
}
