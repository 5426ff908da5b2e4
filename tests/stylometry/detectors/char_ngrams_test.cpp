#include "stylometry/detectors/char_ngrams.hpp"

#include "lexical_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("char-ngrams measures common 3-grams with word boundaries") {
    // "_the_" and "_theme_": 3 + 5 = 8 trigrams.
    const auto sink = run_detector(CharNgrams{}, "The theme.");
    CHECK(sink.measurements.size() == 500);
    CHECK(sink.measurements.at("char-3gram._th") == std::pair(2.0, 8.0));
    CHECK(sink.measurements.at("char-3gram.the") == std::pair(2.0, 8.0));
    CHECK(sink.measurements.at("char-3gram.he_") == std::pair(1.0, 8.0));
    CHECK(sink.measurements.at("char-3gram.ing") == std::pair(0.0, 8.0));
    CHECK(sink.markers.empty());
}

TEST_CASE("char-ngrams ignores case and non-words") {
    const auto upper = run_detector(CharNgrams{}, "THE 42 :-) THEME");
    const auto lower = run_detector(CharNgrams{}, "the theme");
    CHECK(upper.measurements == lower.measurements);
}

TEST_CASE("char-ngrams measures nothing without words") {
    require_no_markers(CharNgrams{}, "42 + 7 = 49");
    CHECK(run_detector(CharNgrams{}, "42 + 7 = 49").measurements.empty());
}
