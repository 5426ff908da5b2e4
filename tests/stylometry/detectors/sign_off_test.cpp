#include "stylometry/detectors/sign_off.hpp"

#include "detector_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("sign-off marks a closing and the name under it") {
    const auto markers =
        require_markers(SignOff{}, "The report is attached.\n\n[[Best,\nJane]]\n", 1);
    CHECK(markers[0].identity);
    CHECK(markers[0].fixes.empty());
    CHECK(markers[0].message.find("name") != std::string::npos);
    require_markers(SignOff{}, "See you soon.\n[[Cheers, J.]]", 1);
}

TEST_CASE("sign-off marks e-mail signatures and device lines") {
    require_markers(SignOff{}, "Done.\n\n[[--\nJohn Smith\nAcme Corp]]", 1);
    require_markers(SignOff{}, "Running late.\n\n[[Sent from my iPhone]]", 1);
}

TEST_CASE("sign-off measures whether the text signs off") {
    const auto signed_off = run_detector(SignOff{}, "All good.\n\nThanks!");
    CHECK(signed_off.measurements.at("sign-off.present") == std::pair(1.0, 1.0));
    REQUIRE(signed_off.markers.size() == 1);
    CHECK(signed_off.markers[0].bits < 2);  // a closing word alone is a habit, not a name
    const auto plain = run_detector(SignOff{}, "All good.");
    CHECK(plain.measurements.at("sign-off.present") == std::pair(0.0, 1.0));
}

TEST_CASE("sign-off ignores closing words that start an ordinary sentence") {
    require_no_markers(SignOff{},
                       "We tried everything.\n\nThanks to the team, it shipped. Best of all, "
                       "nobody noticed.\nLove is blind.");
}
