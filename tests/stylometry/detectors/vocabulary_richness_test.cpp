#include "stylometry/detectors/vocabulary_richness.hpp"

#include "lexical_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

// The population uses 60 to 80 distinct words in every 100.
Reference population() {
    return reference_with({spread("vocabulary.mattr", 0.6, 0.8)});
}

// `count` different made-up words ("Ba bb bc ..."), ten to a sentence.
std::string distinct_words(std::size_t count) {
    std::string text;
    for (std::size_t i = 0; i < count; ++i) {
        const bool first = i % 10 == 0;
        text += std::string(first ? "" : " ") + static_cast<char>((first ? 'B' : 'b') + i / 26) +
                static_cast<char>('a' + i % 26) + (i % 10 == 9 ? ". " : "");
    }
    return text;
}

}  // namespace

TEST_CASE("vocabulary-richness measures windowed type-token ratio, hapaxes and Yule's K") {
    const auto once = run_detector(VocabularyRichness{}, distinct_words(100));
    CHECK(once.measurements.at("vocabulary.mattr") == std::pair(100.0, 100.0));
    CHECK(once.measurements.at("vocabulary.hapax") == std::pair(100.0, 100.0));
    CHECK(once.measurements.at("vocabulary.yules-k") == std::pair(0.0, 1.0));
    // The same 100 words twice: every 100-word window still holds 100 distinct words, and
    // each word now occurs twice: K = 10^4 * (100 * 2^2 - 200) / 200^2 = 50.
    const auto twice =
        run_detector(VocabularyRichness{}, distinct_words(100) + distinct_words(100));
    CHECK(twice.measurements.at("vocabulary.mattr") == std::pair(200.0, 200.0));
    CHECK(twice.measurements.at("vocabulary.hapax") == std::pair(200.0, 200.0));
    CHECK(twice.measurements.at("vocabulary.yules-k") == std::pair(50.0, 1.0));
}

TEST_CASE("vocabulary-richness marks a repetitive text at its first sentence") {
    const Reference reference = population();
    const auto markers = require_markers_with(
        reference, VocabularyRichness{},
        "[[The cat saw the dog.]] " + repeat("The dog saw the cat and the cat saw the dog.", 12),
        1);
    CHECK(markers[0].spans.size() == 1);
    CHECK(markers[0].feature == "vocabulary.mattr");
    CHECK(markers[0].message.find("repetitive") != std::string::npos);
}

TEST_CASE("vocabulary-richness marks an unusually varied text") {
    const Reference reference = population();
    const auto markers = require_markers_with(reference, VocabularyRichness{},
                                              "[[Xa xb xc xd.]] " + distinct_words(150), 1);
    CHECK(markers[0].message.find("varied") != std::string::npos);
}

TEST_CASE("vocabulary-richness says nothing about texts under 100 words") {
    const auto sink =
        run_detector(VocabularyRichness{}, distinct_words(99), Language::Text, population());
    CHECK(sink.measurements.empty());
    CHECK(sink.markers.empty());
}
