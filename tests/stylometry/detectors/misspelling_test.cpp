#include "stylometry/detectors/misspelling.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("misspelling marks common misspellings with their corrections") {
    const auto markers = require_markers(
        Misspelling{}, "I will [[recieve]] it [[untill]] Friday, [[definately]].", 3);
    CHECK(markers[0].fixes.at(0).new_text == "receive");
    CHECK(markers[0].fixes.at(0).title == "Use 'receive'");
    CHECK(markers[0].feature == "spelling.misspelled");
    const auto sink = run_detector(Misspelling{}, "I will recieve it on Friday.");
    CHECK(sink.measurements.at("spelling.misspelled") == std::pair(1.0, 6.0));
}

TEST_CASE("misspelling marks an unknown word near a common one only when it recurs") {
    const auto markers = require_markers(
        Misspelling{}, "I left [[becasue]] it rained and [[becasue]] I was tired. We wnet home.",
        2);
    CHECK(markers[0].fixes.at(0).new_text == "because");
    CHECK(markers[0].message.find("'because' is likely meant") != std::string::npos);
    const auto apostrophes =
        require_markers(Misspelling{}, "I [[dont]] know and [[dont]] care. We were sure.", 2);
    CHECK(apostrophes[0].fixes.at(0).new_text == "don't");
    // Recurring but close to no common word: a rare word, not a misspelling; an unlisted
    // plural neither.
    require_no_markers(Misspelling{}, "Both literatures differ; the literatures agree.");
    require_no_markers(Misspelling{}, "The glorptastic plan was odd, a glorptastic day.");
    // In no dictionary, but used by the reference corpus's writers: a word.
    require_no_markers(Misspelling{}, "Her fiance came; the fiance left.");
}

TEST_CASE("misspelling skips names and acronyms and keeps the casing of corrections") {
    require_no_markers(Misspelling{}, "We met Zorblat. Later Zorblat left with QWXYZ and QWXYZ.");
    const auto markers =
        require_markers(Misspelling{}, "[[Seperate]] them, then add [[ALOT]] more.", 2);
    CHECK(markers[0].fixes.at(0).new_text == "Separate");
    CHECK(markers[1].fixes.at(0).new_text == "A LOT");
}

TEST_CASE("misspelling stays quiet where the population misspells as often") {
    const Reference reference = reference_with({{"spelling.misspelled", "0.01,0.02,0.05,0.1"}});
    require_markers_with(Misspelling{}, reference, "I will recieve it on Friday morning.", 0);
}

TEST_CASE("misspelling leaves names and terms: in code, hyphen-joined, built from words") {
    // systemd recurs and is one letter from "system", but the text writes it in code.
    require_no_markers(Misspelling{},
                       "We use systemd here, and systemd starts early. Run `systemd-analyze`.\n",
                       Language::Markdown);
    // Joined to another name by a hyphen: a name.
    require_no_markers(Misspelling{}, "The timesyncd-like tool and timesyncd both work.");
    // A word with a letter more at either end, or two words run together: a term.
    require_no_markers(Misspelling{}, "The backend failed; the backend restarted.");
    require_no_markers(Misspelling{}, "Run dtrace now, then dtrace again.");
}
