// title-block's count of an anonymised title block: placeholders that still show how many
// authors and affiliations there are.
#include "stylometry/detectors/title_block.hpp"

#include "detector_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

std::vector<Marker> title_markers(std::string_view preamble, std::string_view title) {
    const std::string source = std::string(preamble) + "\n" + std::string(title) +
                               "\n\\begin{document}\n\\maketitle\nWe measured it twice.\n"
                               "\\end{document}\n";
    return run_detector(TitleBlock{}, source, Language::Latex).source_markers;
}

}  // namespace

TEST_CASE("title-block: anonymous placeholders that still count the authors") {
    const auto three = title_markers("\\documentclass{article}",
                                     "\\author{Anonymous \\and Anonymous \\and Anonymous}");
    REQUIRE(three.size() == 1);
    CHECK(three[0].message.starts_with("The anonymised title block still shows 3 authors:"));
    CHECK(three[0].bits < 4);  // a note
    CHECK(three[0].identity);

    // IEEEtran's blocks: two authors, each with an affiliation block.
    const auto ieee = title_markers(
        "\\documentclass[conference]{IEEEtran}",
        "\\author{\\IEEEauthorblockN{Anonymous Author 1}\n"
        "\\IEEEauthorblockA{Anonymous Institution}\n\\and\n"
        "\\IEEEauthorblockN{Anonymous Author 2}\n\\IEEEauthorblockA{Anonymous Institution}}");
    REQUIRE(ieee.size() == 1);
    CHECK(ieee[0].message.starts_with(
        "The anonymised title block still shows 2 authors and 2 affiliations:"));
    CHECK(ieee[0].spans.size() == 1);  // the one \author holds them all

    // llncs: authors and institutes as lists.
    const auto llncs = title_markers("\\documentclass[runningheads]{llncs}",
                                     "\\author{Anonymous Author(s)}\n"
                                     "\\institute{Anonymous \\and Anonymous}");
    REQUIRE(llncs.size() == 1);
    CHECK(llncs[0].message.starts_with("The anonymised title block still shows 2 affiliations:"));
}

TEST_CASE("title-block: one placeholder, real names, or a hidden block: no count") {
    CHECK(title_markers("\\documentclass{article}", "\\author{Anonymous Author(s)}").empty());
    CHECK(title_markers("\\documentclass[sigconf,review]{acmart}",
                        "\\author{Anonymous Author}\n"
                        "\\affiliation{\\institution{Anonymous Institution}\\country{}}")
              .empty());
    // The template prints "Anonymous Author(s)" whatever the source says.
    CHECK(title_markers("\\documentclass[sigconf,anonymous]{acmart}",
                        "\\author{Anonymous}\n\\author{Anonymous}\n\\author{Anonymous}")
              .empty());
    // Real names are flagged themselves; counting the placeholders beside them adds nothing.
    const auto named = title_markers("\\documentclass[sigconf]{acmart}",
                                     "\\author{Maria Okafor}\n\\author{Anonymous}\n"
                                     "\\author{Anonymous}");
    REQUIRE(named.size() == 1);
    CHECK(named[0].message.starts_with("\\author prints your names"));
}

TEST_CASE("title-block: a real name beside a placeholder is still marked") {
    // An author list half anonymised by hand: the real name must not hide behind the rest.
    const auto markers =
        title_markers("\\documentclass{article}", "\\author{Maria Okafor \\and Anonymous}");
    REQUIRE(markers.size() == 1);
    CHECK(markers[0].message.find("author") != std::string::npos);
    CHECK(markers[0].bits > 4);  // a name, not a count
}
