#include "stylometry/detectors/dash_style.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
// A population that mostly writes spaced em dashes.
const Reference& spaced_em_population() {
    static const Reference reference =
        reference_with({{"dash.em", "0,0.1,0.2"}, {"dash.em-spaced", "0.5,0.8,0.9"}});
    return reference;
}
}  // namespace

TEST_CASE("dash-style marks double and spaced hyphens used as dashes") {
    const auto markers =
        require_markers_with(DashStyle{}, kUnknown, "Wait[[ -- ]]what? Fine[[ - ]]go.", 2);
    REQUIRE(markers[0].fixes.size() == 1);
    CHECK(markers[0].fixes[0].new_text == "—");
    CHECK(markers[0].fixes[0].title == "Use '—'");
    CHECK(markers[0].feature == "dash.double-hyphen");
    CHECK(markers[1].feature == "dash.spaced-hyphen");
    CHECK(markers[0].bits == 0);  // the reference does not know dashes yet

    const auto sink =
        run_detector(DashStyle{}, "Wait -- what? Fine - go.", Language::Text, kUnknown);
    CHECK(measured(sink, "dash.double-hyphen") == std::pair(1.0, 2.0));
    CHECK(measured(sink, "dash.spaced-hyphen") == std::pair(1.0, 2.0));
    CHECK(measured(sink, "dash.em") == std::pair(0.0, 2.0));
}

TEST_CASE("dash-style ignores hyphens, ranges, minus signs, bullets and rules") {
    require_markers_with(DashStyle{}, kUnknown,
                         "A well-known fact—really. Pages 10-20, 1990–2000 and 1990--2000. "
                         "Paris–Rome. (May 6, 1911 – April 26, 1989) 5 - 3 = 2.\n\n- first item\n- "
                         "second item\n\n-----\n",
                         0);
    const auto sink = run_detector(DashStyle{}, "A fact—really.", Language::Text, kUnknown);
    CHECK(measured(sink, "dash.em") == std::pair(1.0, 1.0));
}

TEST_CASE("dash-style scores against the population's usual dash") {
    const auto markers =
        require_markers_with(DashStyle{}, spaced_em_population(), "Fine[[—]]go. Wait[[---]]no.", 2);
    CHECK(markers[0].fixes[0].new_text == " — ");
    CHECK(markers[0].bits > 0);
    CHECK(markers[0].message.find("% of reference writers") != std::string::npos);
    CHECK(markers[1].feature == "dash.triple-hyphen");
    require_markers_with(DashStyle{}, spaced_em_population(), "Fine — go.", 0);
}

TEST_CASE("dash-style reads LaTeX --- as an em dash and fixes in LaTeX") {
    require_markers_with(DashStyle{}, kUnknown, "Wait---what.\n", 0, Language::Latex);
    const auto markers = require_markers_with(DashStyle{}, spaced_em_population(), "Wait---what.\n",
                                              1, Language::Latex);
    CHECK(markers[0].fixes[0].new_text == " --- ");
}

TEST_CASE("dash-style fixes to the most used dash, in LaTeX the most used real dash") {
    const Reference hyphens = reference_with({{"dash.spaced-hyphen", "0,0.5,1,1"},
                                              {"dash.em", "0,0,0,0.2"},
                                              {"dash.en-spaced", "0,0,0.5,1"}});
    const auto text = require_markers_with(DashStyle{}, hyphens, "Wait[[—]]no.", 1);
    CHECK(text[0].fixes.at(0).new_text == " - ");
    const auto latex =
        require_markers_with(DashStyle{}, hyphens, "Wait --- no.\n", 1, Language::Latex);
    CHECK(latex[0].fixes.at(0).new_text == " -- ");
}

TEST_CASE("dash-style leaves command-line options alone") {
    require_markers_with(DashStyle{}, reference_with({{"dash.spaced-hyphen", "0,0.5,1,1"}}),
                         "Run it with --help or -r/--require, or (--use-uv) for more.", 0);
}

TEST_CASE("dash-style: a dash beside a dropped code span is not marked over the code") {
    // systemd's "(see `devpts` — or ...)": the marker and its fix would cover the code.
    const auto markers = require_markers_with(
        DashStyle{}, kUnknown, "Programs[[ — ]]kernel ones too[[ — ]]see `devpts` — fail.\n", 2,
        Language::Markdown);
    CHECK(markers[1].fixes.at(0).new_text == markers[0].fixes.at(0).new_text);
}

TEST_CASE("dash-style counts no dash inside a quoted message") {
    // A program's error message quoted in release notes (rsync's NEWS, fresh shape).
    const auto sink = run_detector(DashStyle{},
                                   "It caused \"failed verification -- update discarded\" "
                                   "errors on transfers.",
                                   Language::Text, Reference{});
    for (const auto& [feature, measured] : sink.measurements) CHECK(measured.first == 0);
}
