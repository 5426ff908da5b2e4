// comment-identity: who a source comment is addressed to or signed by. Programmers address
// notes ("Tomasz: ...", "ask Øystein") and sign them ("TODO(tlindqvist)", "-- jsmith"); notes
// that only look like that ("Note: ...", "-- see below", "TODO(#123)") name no one.
#include "stylometry/detectors/comment_identity.hpp"

#include <algorithm>

#include "detector_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

// The text each comment-identity marker of `comment` (one LaTeX comment line) covers.
std::vector<std::string> flagged(std::string_view comment) {
    const std::string source = "The tiles are kept in one folder.\n% " + std::string(comment) +
                               "\nThey are read back in order.\n";
    std::vector<std::string> texts;
    for (const Marker& marker :
         run_detector(CommentIdentity{}, source, Language::Latex).source_markers) {
        const Span span = marker.spans.front();
        texts.emplace_back(source.substr(span.begin, span.size()));
    }
    return texts;
}

using Texts = std::vector<std::string>;

}  // namespace

TEST_CASE("comment-identity: a note addressed to someone names them") {
    CHECK(flagged("Tomasz: the numbers below are from the March run") == Texts{"Tomasz"});
    CHECK(flagged("Øystein, please rewrite this paragraph") == Texts{"Øystein"});
    CHECK(flagged("ask Øystein whether table 3 still holds") == Texts{"Øystein"});
    CHECK(flagged("Siobhán to check the second proof") == Texts{"Siobhán"});
}

TEST_CASE("comment-identity: a signed note names its writer's account") {
    CHECK(flagged("TODO(tlindqvist): rerun with the new seed") == Texts{"tlindqvist"});
    CHECK(flagged("the bound is loose here -- jsmith") == Texts{"jsmith"});
}

TEST_CASE("comment-identity: notes that only look addressed or signed name no one") {
    CHECK(flagged("Note: the numbers below are from the March run").empty());
    CHECK(flagged("Usage, as in the manual: one tile per line").empty());
    CHECK(flagged("TODO(#123): rerun with the new seed").empty());
    CHECK(flagged("the bound is loose here -- see below").empty());
    CHECK(flagged("the bound is loose here -- done").empty());
}

TEST_CASE("comment-identity: a task given to someone names them") {
    CHECK(flagged("TODO: Øystein to rewrite this paragraph") == Texts{"Øystein"});
    CHECK(flagged("TODO: Section to rewrite after the review").empty());
}
