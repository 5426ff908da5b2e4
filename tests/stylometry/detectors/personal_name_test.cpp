#include "stylometry/detectors/personal_name.hpp"

#include "detector_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("personal-name marks full names and titled names mid-sentence") {
    const auto markers = require_markers(
        PersonalName{},
        "Yesterday I met [[Jane Doe]] at the station. Later [[Dr. Smith]] called, and "
        "Jane Doe answered.",
        2);
    CHECK(markers[0].spans.size() == 2);
    CHECK(markers[0].identity);
    CHECK(markers[0].fixes.empty());
    CHECK(markers[0].message.find("\"Jane Doe\"") != std::string::npos);
}

TEST_CASE("personal-name marks a lone first name") {
    require_markers(PersonalName{}, "I showed the draft to [[Marisol]] before lunch.", 1);
    // Names in neither the first-name nor the surname list are missed: an unknown capitalised
    // word is as often a product or a system.
    require_no_markers(PersonalName{}, "I showed the draft to Xiaowen before lunch.");
}

TEST_CASE("personal-name leaves products, places and organisations alone") {
    require_no_markers(PersonalName{},
                       "We ran it on Flink, Kafka Streams and Spark Structured Streaming on a "
                       "Xeon Gold server with AMD Turbo Core off, in New Jersey, funded by the "
                       "National Science Foundation, tested with Google Test.");
}

TEST_CASE("personal-name marks every mention of a flagged name") {
    const auto markers = require_markers(
        PersonalName{}, "Maria said no to us. Later [[Maria Chen]] agreed, and Chen's draft won.",
        1);
    CHECK(markers[0].spans.size() == 3);
}

TEST_CASE("personal-name marks a name that opens a sentence, without its greeting") {
    require_markers(PersonalName{}, "[[Jane Doe]] wrote back. Dear Jane, thank you.", 1);
    require_markers(PersonalName{}, "Today [[Jane Doe]] wrote back to me.", 1);
}

TEST_CASE("personal-name ignores ordinary capitals") {
    require_no_markers(PersonalName{},
                       "The meeting is on Monday in March. I think English is hard. "
                       "However, we shipped it and NASA approved.");
    // Capitals after a place preposition belong to affiliation-place.
    require_no_markers(PersonalName{}, "She grew up in Xiaowen Province.");
}

TEST_CASE("personal-name skips headings and headline-style lines") {
    require_no_markers(PersonalName{}, "# Notes From Jane Doe\n\nThe rest is plain.",
                       Language::Markdown);
    require_no_markers(PersonalName{}, "My Summer With Jane Doe\n\nThe rest is plain.");
}

TEST_CASE("personal-name leaves a month's abbreviation before a day alone") {
    require_no_markers(PersonalName{}, "The summit was held on Jan 27 2022 in a large hall.");
}

TEST_CASE("personal-name keeps an opening initial and leaves places and things alone") {
    // Shapes from real papers and essays (the issue 13/14 precision sample).
    const auto markers = require_markers(
        PersonalName{},
        "Some techniques work better than others. [[F. Scott Fitzgerald]] showed me many of them.",
        1);
    CHECK(markers[0].message.find("\"F. Scott Fitzgerald\"") != std::string::npos);
    require_no_markers(PersonalName{},
                       "It generated a Markov chain Monte Carlo sample. Body composition was "
                       "measured by Dual Energy X-Ray Absorptiometry. The data come from the "
                       "Stanford heart transplant study, as in Santa Barbara and Fort Collins.");
}

TEST_CASE("personal-name leaves the authors of an author-year citation alone") {
    // Shapes from a paleontology abstract and a paper's related work.
    require_no_markers(PersonalName{},
                       "Shells change in both ontogeny and phylogeny (e.g., Raup and Stanley, "
                       "1981). The method follows Newkirk (2007) and Okafor et al. closely.");
    // A name without a year is still a name.
    require_markers(PersonalName{}, "I showed the draft to [[Maria Okafor]] before lunch.", 1);
}

TEST_CASE("personal-name marks people the writer is tied to, not people a text discusses") {
    // Shapes from an essay on a novel and a HOWTO's further reading: characters, an author
    // under discussion and the authors of linked articles say what the text is about.
    require_no_markers(PersonalName{},
                       "Tom wears a white shirt when he meets Myrtle, and Daisy smiles. F. Scott "
                       "Fitzgerald uses colour on every page.\n\nFor the history you can read "
                       "Nick Coghlan's Q and A or Brett Cannon's essay.");
    // Thanks, credits and the first person tie them to the writer, in the same paragraph.
    require_markers(PersonalName{},
                    "This document was reviewed and revised by [[John Lee]].\n\nThe code was sent "
                    "to us by [[Bruce Hansen]], who wrote it first.",
                    2);
}

TEST_CASE("personal-name ends a name at a possessive and at a table's column gap") {
    // Seed 16: "Jim Hester's [Covr]" ran into the package's name, and a credits table's
    // columns merged into one name (fresh names).
    const auto markers =
        require_markers(PersonalName{},
                        "I measured it thanks to [[Agnes Keller's]] Gauge package. My thanks go to "
                        "[[Tomas Berg]]            [[Irene Walsh]] for the rest.",
                        3);
    CHECK(markers[1].message.find("\"Tomas Berg\"") != std::string::npos);
}
