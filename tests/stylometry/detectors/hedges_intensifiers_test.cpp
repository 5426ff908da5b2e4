#include "stylometry/detectors/hedges_intensifiers.hpp"

#include "lexical_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

// The population hedges and intensifies up to 10 times per 1,000 words.
Reference population() {
    return reference_with({spread("hedge.all", 0, 0.01), spread("intensifier.all", 0, 0.01)},
                          {"that", "the", "a", "of"});
}

}  // namespace

TEST_CASE("hedges-intensifiers marks heavy hedging with every hedge") {
    const Reference reference = population();
    const auto markers = require_markers_with(
        reference, HedgesIntensifiers{},
        "[[I think]] it works. Perhaps it is sort of slow, but maybe that is fine.", 1);
    CHECK(markers[0].spans.size() == 4);
    CHECK(markers[0].feature == "hedge.all");
    CHECK(markers[0].message.find("hedges") != std::string::npos);
}

TEST_CASE("hedges-intensifiers marks heavy intensifying, counting 'so' only as a degree word") {
    const Reference reference = population();
    const auto markers = require_markers_with(
        reference, HedgesIntensifiers{},
        "It was [[really]] good, so good, totally worth it, so that we came back.", 1);
    CHECK(markers[0].spans.size() == 3);
    const auto sink =
        run_detector(HedgesIntensifiers{}, "So good. So that is it.", Language::Text, reference);
    CHECK(sink.measurements.at("intensifier.so") == std::pair(1.0, 6.0));
    // A sentence opened by "So" that goes on (a mail's "So exactly because the hash is
    // secure, ...") is joined to the one before, not intensified.
    const auto discourse =
        run_detector(HedgesIntensifiers{},
                     "So exactly because the hash is secure, it cannot help. So stepping "
                     "through it fails too.",
                     Language::Text, reference);
    CHECK(discourse.measurements.at("intensifier.so").first == 0.0);
}

TEST_CASE("hedges-intensifiers tells 'kind of' as a hedge from 'what kind of'") {
    const Reference reference = population();
    const auto sink =
        run_detector(HedgesIntensifiers{}, "What kind of car is it? It is kind of old.",
                     Language::Text, reference);
    CHECK(sink.measurements.at("hedge.kind_of") == std::pair(1.0, 11.0));
    CHECK(sink.measurements.at("hedge.all") == std::pair(1.0, 11.0));
}

TEST_CASE("hedges-intensifiers leaves plain prose alone") {
    const Reference reference = population();
    require_markers_with(reference, HedgesIntensifiers{},
                         "The bridge opened in May. Traffic doubled within a year, and the "
                         "council built a second lane.",
                         0);
}
