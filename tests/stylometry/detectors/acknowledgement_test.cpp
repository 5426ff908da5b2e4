// acknowledgement: a section that thanks or credits someone is a double-blind leak; a section
// with that heading that credits no one (a manual's "Acknowledgements: this layout follows the
// GNU manuals") says nothing about who the authors work with.
#include "stylometry/detectors/acknowledgement.hpp"

#include <algorithm>

#include "detector_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

std::vector<Marker> acknowledgement_markers(std::string_view section) {
    const std::string source = "# Storing the tiles\n\nThe tiles are kept in one folder.\n\n" +
                               std::string(section) + "\n";
    return run_detector(Acknowledgement{}, source, Language::Markdown).source_markers;
}

bool any_starts_with(const std::vector<Marker>& markers, std::string_view start) {
    return std::ranges::any_of(
        markers, [&](const Marker& marker) { return marker.message.starts_with(start); });
}

}  // namespace

TEST_CASE("acknowledgement: a section crediting no one is no leak") {
    CHECK(acknowledgement_markers("## Acknowledgements\n\nThe layout of this manual follows the "
                                  "reference pages of the standard library.")
              .empty());
}

TEST_CASE("acknowledgement: thanks, named or not, are flagged") {
    const auto named =
        acknowledgement_markers("## Acknowledgements\n\nWe thank Margaret Okafor for the data.");
    CHECK(any_starts_with(named, "Acknowledgements say who you work with"));
    CHECK(any_starts_with(named, "The acknowledgements thank \"Margaret Okafor\""));

    const auto unnamed = acknowledgement_markers(
        "## Acknowledgements\n\nWe are grateful to our colleagues in the lab for their comments.");
    CHECK(any_starts_with(unnamed, "Acknowledgements say who you work with"));

    const auto funded = acknowledgement_markers(
        "## Funding\n\nThis work was partly paid for by the DFG, project 445566778.");
    CHECK(any_starts_with(funded, "Acknowledgements say who you work with"));
    CHECK(any_starts_with(funded, "A grant number is public"));
}
