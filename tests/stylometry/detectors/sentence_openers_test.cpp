#include "stylometry/detectors/sentence_openers.hpp"

#include "lexical_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

// The population opens up to 5% of its sentences with "so" and up to 2% with "in fact".
Reference population() {
    return reference_with(
        {spread("sentence-opener.so", 0, 0.05), spread("sentence-opener.in_fact", 0, 0.02)});
}

}  // namespace

TEST_CASE("sentence-openers marks an opener repeated far above the population's rate") {
    const Reference reference = population();
    const auto markers = require_markers_with(
        reference, SentenceOpeners{},
        "[[So]], we left. So the car broke. It rained. \"So what?\" she asked. So, home.", 1);
    CHECK(markers[0].spans.size() == 4);  // the quoted "So" counts past its quote mark
    CHECK(markers[0].feature == "sentence-opener.so");
    CHECK(markers[0].message.find("\"so\"") != std::string::npos);
}

TEST_CASE("sentence-openers matches multi-word openers before their first word") {
    const Reference reference = population();
    const auto markers = require_markers_with(
        reference, SentenceOpeners{},
        "[[In fact]], yes. In fact it works. In fact, we won. In the end, fine.", 1);
    CHECK(markers[0].feature == "sentence-opener.in_fact");
    const auto sink = run_detector(SentenceOpeners{}, "In fact, yes. In the end, fine.");
    CHECK(sink.measurements.at("sentence-opener.in_fact") == std::pair(1.0, 2.0));
    CHECK(sink.measurements.at("sentence-opener.in") == std::pair(1.0, 2.0));
}

TEST_CASE("sentence-openers leaves varied openings alone") {
    const Reference reference = population();
    require_markers_with(reference, SentenceOpeners{},
                         "So we left. The car broke. It rained. She asked why. Home at last. "
                         "We slept. Nobody called. Then morning came.",
                         0);
    CHECK(run_detector(SentenceOpeners{}, "").measurements.empty());
}

TEST_CASE("sentence-openers measures pronoun openers but does not mark them") {
    const Reference reference = reference_with({spread("sentence-opener.i", 0, 0.05)});
    const auto sink = run_detector(SentenceOpeners{}, "I came. I saw. I left. I slept.",
                                   Language::Text, reference);
    CHECK(sink.measurements.at("sentence-opener.i") == std::pair(4.0, 4.0));
    CHECK(sink.markers.empty());
}

TEST_CASE("sentence-openers leaves the connectives of papers and manuals alone") {
    const Reference reference = reference_with({spread("sentence-opener.however", 0, 0.02),
                                                spread("sentence-opener.for_example", 0, 0.02)});
    const auto sink = run_detector(SentenceOpeners{},
                                   "However, the bound holds. However, it is loose. For example, "
                                   "take n = 2. However, n = 3 fails. For example, see below. "
                                   "For example, the tail.",
                                   Language::Text, reference);
    CHECK(sink.markers.empty());
    CHECK(sink.measurements.at("sentence-opener.however").first == 3.0);  // still measured
}

TEST_CASE("sentence-openers: a lower-case word after a code block goes on with its sentence") {
    // A mail's "which will show\n\n\t<listing>\n\nand you should now have" (issue 13, seed 14).
    const auto sink = run_detector(SentenceOpeners{},
                                   "It shows a list. so it goes on. and then it ends. So, home.",
                                   Language::Text, population());
    CHECK(sink.measurements.at("sentence-opener.so") == std::pair(1.0, 2.0));
}

TEST_CASE("sentence-openers: an opener the median writer never uses must be far out") {
    // Seed 16: "So" opening 3 % of an essay's sentences, against a reference whose median
    // writer opens none with it (1 writer in 19 that far), reads as the word used normally.
    std::string values = "sentence-opener.so\tbrown\t";
    for (int i = 0; i < 100; ++i) {
        const double share = i < 60 ? 0.0 : i < 80 ? 0.01 : i < 92 ? 0.02 : i < 98 ? 0.04 : 0.08;
        values += (i > 0 ? "," : "") + std::to_string(share);
    }
    const Reference reference = reference_with({values + "\n"});
    auto text = [](int so, int plain) {
        std::string out;
        for (int i = 0; i < so; ++i) out += "So we left. ";
        for (int i = 0; i < plain; ++i) out += "It rained on the hills. ";
        return out;
    };
    CHECK(run_detector(SentenceOpeners{}, text(3, 57), Language::Text, reference).markers.empty());
    // A writer who opens a third of their sentences so is past every reference writer.
    CHECK(run_detector(SentenceOpeners{}, text(6, 12), Language::Text, reference).markers.size() ==
          1);
}
