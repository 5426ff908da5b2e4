#include "stylometry/detectors/trailing_whitespace.hpp"

#include <string>
#include <vector>

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

// The source spans of the markers, which trailing-whitespace gives in source coordinates.
std::vector<Span> flagged(std::string_view source, Language language) {
    const CollectingSink sink = run_detector(TrailingWhitespace{}, source, language);
    CHECK(sink.markers.empty());  // never in prose coordinates
    std::vector<Span> spans;
    for (const Marker& marker : sink.source_markers) {
        CHECK(marker.feature == "invisible.trailing-whitespace");
        REQUIRE(marker.fixes.size() == 1);
        CHECK(marker.fixes[0].new_text.empty());
        CHECK(marker.fixes[0].keeps_appearance);
        spans.push_back(marker.spans.front());
    }
    return spans;
}

}  // namespace

TEST_CASE("trailing-whitespace marks blanks that end line after line, at exact positions") {
    // One space, a tab, a CRLF line: each span is the blanks before the line break.
    const std::string markdown =
        "The report is late \nand the board knows it.\t\nWe left early \r\nand came back.\n";
    CHECK(flagged(markdown, Language::Markdown) == std::vector<Span>{{18, 19}, {43, 44}, {58, 59}});
    const std::string latex =
        "The report is \\emph{late} \nand the board knows.\t\nWe left early \nThe end.\n";
    CHECK(flagged(latex, Language::Latex) == std::vector<Span>{{25, 26}, {47, 48}, {62, 63}});
    const CollectingSink sink = run_detector(TrailingWhitespace{}, latex, Language::Latex);
    CHECK(sink.source_markers[0].message.starts_with("A space at the end of the line."));
    CHECK(sink.source_markers[1].message.starts_with("A tab at the end of the line."));
}

TEST_CASE("trailing-whitespace wants a habit, and leaves hard breaks, code, blanks and text") {
    // Two lines are not yet a habit.
    CHECK(flagged("One line \nanother \nand a third.\n", Language::Markdown).empty());
    // Markdown's hard breaks (two spaces or more) are seen by readers.
    CHECK(flagged("Roses  \nare  \nred  \nand blue  \n", Language::Markdown).empty());
    // Lines without prose (code, math) and blank lines are not looked at.
    CHECK(flagged("Text.\n\n```\nint a; \nint b; \nint c; \n```\n \n\t\n", Language::Markdown)
              .empty());
    CHECK(
        flagged("Text.\n\\begin{equation} \nx = 1 \n\\end{equation} \n", Language::Latex).empty());
    // Plain text shows the source as it is.
    CHECK(run_detector(TrailingWhitespace{}, "One \ntwo \nthree \nfour \n").source_markers.empty());
}
