#include "stylometry/detectors/number_format.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("number-format marks digits, bare large numbers, 24-hour times and regional dates") {
    const auto markers = require_markers_with(NumberFormat{}, kUnknown,
                                              "I have [[3]] cats. We own [[12500]] coins of "
                                              "30,000. We met at [[22:30]] on [[31/12/2020]], or "
                                              "[[2021-01-05]]. It rose 5 [[per cent]].",
                                              6);
    CHECK(markers[0].fixes.at(0).new_text == "three");
    CHECK(markers[1].fixes.at(0).new_text == "12,500");
    CHECK(markers[2].fixes.at(0).new_text == "10:30 pm");
    CHECK(markers[3].fixes.at(0).new_text == "December 31, 2020");
    CHECK(markers[3].feature == "date.day-first");
    CHECK(markers[4].fixes.at(0).new_text == "January 5, 2021");
    CHECK(markers[5].fixes.at(0).new_text == "percent");
    const auto sink =
        run_detector(NumberFormat{}, "I have 3 cats and five dogs.", Language::Text, kUnknown);
    CHECK(measured(sink, "number.small-digits") == std::pair(1.0, 2.0));
    CHECK(measured(sink, "time.24-hour") == std::pair(0.0, 0.0));
}

TEST_CASE("number-format leaves the usual forms, labels, measures and ambiguous times alone") {
    require_markers_with(
        NumberFormat{}, kUnknown,
        "I have three cats and 12,500 coins. We met at 10:30 pm on 12/31/2020, "
        "on December 31 and at 10:30. Page 3 says 5% or 5 km. It rose 5 percent "
        "in 1999. Pi is 3.14 and see http://x.org/2020-12-31 now. In experiments 1 and 2 "
        "we saw Babylon 5 and Act 3 at age 4. We work until 5 p.m. daily.",
        0);
}

TEST_CASE("number-format marks dotted times and ordinal day-first dates, keeping casing") {
    const auto markers = require_markers_with(
        NumberFormat{}, kUnknown, "Dinner at 10.30pm on 5th of June. Per cent is odd.", 4);
    CHECK(markers[0].feature == "time.dotted");
    CHECK(markers[0].fixes.at(0).new_text == "10:30pm");
    CHECK(markers[1].feature == "date.day-month");
    CHECK(markers[1].fixes.at(0).new_text == "June 5th");
    CHECK(markers[2].feature == "date.ordinal");
    CHECK(markers[2].fixes.at(0).new_text == "5 June");
    CHECK(markers[3].fixes.at(0).new_text == "Percent");
}

TEST_CASE("number-format follows a population that writes 24-hour times") {
    const Reference reference = reference_with({{"time.24-hour", "0.6,0.8,0.9"}});
    const auto markers = require_markers_with(NumberFormat{}, reference,
                                              "We met at [[10:30 p.m.]] Then we left.", 1);
    CHECK(markers[0].fixes.at(0).new_text == "22:30.");
    CHECK(markers[0].bits > 0);
}

TEST_CASE("number-format leaves phone numbers, commits and constants as they are written") {
    // Digit groups in a row are one number (a phone, an account); a large number that counts
    // nothing named after it may be a commit or a constant.
    require_no_markers(NumberFormat{},
                       "Call us on +44 20 7946000 today. We cherry-picked 2075910 from upstream. "
                       "The port is below 65536. A port < 65536 fits.");
}

TEST_CASE("number-format: enumerators, values, version pairs and machine limits are no counts") {
    // Shapes of a reST HOWTO's numbered list, a parameter's default, a porting guide and a
    // UID table (issue 13, seed 14): none counts something in digits by choice.
    require_no_markers(NumberFormat{},
                       "Why use it?\n\n4. Saves memory.  An instance takes 48 bytes.\n\n"
                       "If you omit n, the default is 2.  The knots are 2, 3 and so on.\n\n"
                       "Support both Python 2 & 3 simultaneously, or Python 2 and 3 at once.\n\n"
                       "Do not assign more than 65536 UIDs, nor 4294967295 of them.");
    // A count that names what it counts is still judged.
    require_markers_with(NumberFormat{}, kUnknown,
                         "Only one subject had more than [[5]] infections.", 1);
}

TEST_CASE("number-format groups a bare number's digits only where the document groups others") {
    // 16320 may be a constant, a port or a code: a writer who groups no number keeps it so.
    const auto alone = require_markers_with(NumberFormat{}, kUnknown,
                                            "The derived key holds at most [[16320]] bytes.", 1);
    CHECK(alone[0].fixes.empty());
    const auto grouped = require_markers_with(
        NumberFormat{}, kUnknown,
        "The derived key holds at most [[16320]] bytes, and the file 1,048,576 bytes.", 1);
    CHECK(grouped[0].fixes.at(0).new_text == "16,320");
}

TEST_CASE("number-format never writes percent as per cent, nor reads percent-encoded as one") {
    // The reference texts (1961) prefer "per cent"; writers today do not (pip's
    // authentication guide, fresh: "must be percent-encoded").
    const Reference reference = reference_with({{"number.per-cent", "0.6,0.8,0.9"}});
    const auto sink =
        run_detector(NumberFormat{}, "Names must be percent-encoded. It rose 5 percent.",
                     Language::Text, reference);
    CHECK(measured(sink, "number.per-cent") == std::pair(0.0, 1.0));
    for (const Marker& marker : sink.markers) CHECK(marker.fixes.empty());
}

TEST_CASE("number-format: small numbers in digits are the genre's, shown as a hint") {
    // Release notes and statistics keep digits for small counts ("at least 2 options", "the
    // first 3 months"); no labelled small-digits marker of any sample was the writer's own.
    const auto markers =
        require_markers_with(NumberFormat{}, kUnknown,
                             "It fails when [[2]] options are given. I own [[12500]] coins.", 2);
    CHECK(markers[0].genre_bound);
    CHECK_FALSE(markers[1].genre_bound);
}

TEST_CASE("number-format: bug numbers, date stamps, numbered points and size tables") {
    // Fresh shapes of seed 16's wrong markers: an xterm FAQ citing a bug and a table of
    // program sizes, data.table's NEWS with OpenMP's YYYYMM values and "point 2" of an issue.
    require_no_markers(NumberFormat{},
                       "See the request in bug 600659 comment 73 for details. The value 202305 "
                       "corresponds to v5.2 and 20240131 builds fail. As argued in point 2 "
                       "here, we keep it.\n\n"
                       "   Size      Program\n"
                       "    4417312 aterm\n"
                       "   16230944 kitty\n"
                       "   28734100 gnome-terminal\n");
    // A large count in running prose is still judged, and a year-like number that is no
    // month (201813) is a count.
    require_markers_with(NumberFormat{}, kUnknown,
                         "We counted [[201813]] visitors and [[45200]] cars last year.", 2);
}
