// The double-blind check's one home (stylometry/double_blind.hpp) and what a LaTeX preamble
// says about review (stylometry/leaks/review_template.hpp): the class options and style
// packages as their templates spell them.
#include <catch2/catch.hpp>

#include "stylometry/analyzer.hpp"
#include "stylometry/double_blind.hpp"
#include "stylometry/leaks/review_template.hpp"

using namespace fantasma;

namespace {

leaks::ReviewTemplate review(std::string_view preamble) {
    return leaks::review_template(std::string(preamble) +
                                  "\n\\begin{document}\nText.\n\\end{document}\n");
}

Marker marker(std::string code, std::size_t spans = 1) {
    Marker result;
    result.code = std::move(code);
    for (std::size_t i = 0; i < spans; ++i) result.spans.push_back({i, i + 1});
    return result;
}

}  // namespace

TEST_CASE("review copies: the options each template really has") {
    struct Case {
        std::string_view preamble;
        bool review_copy;
        bool hides_authors;
    };
    const Case cases[] = {
        {"\\documentclass[sigconf,review,anonymous]{acmart}", true, true},
        {"\\documentclass[acmsmall, anonymous]{acmart}", true, true},
        {"\\documentclass[sigconf,review]{acmart}", true, false},  // line numbers only
        {"\\documentclass[sigconf]{acmart}", false, false},
        {"\\documentclass[journal,peerreview]{IEEEtran}", true, false},  // names on the cover
        {"\\documentclass[peerreviewca]{IEEEtran}", true, false},
        {"\\documentclass[conference]{IEEEtran}", false, false},
        {"\\documentclass[runningheads]{llncs}", false, false},  // llncs has no such option
        {"\\documentclass[runningheads]{llncs}\n\\usepackage[review,year=2024,ID=123]{eccv}", true,
         true},
        {"\\documentclass[11pt]{article}\n\\usepackage[review]{acl}", true, true},
        {"\\documentclass[11pt]{article}\n\\usepackage[final]{acl}", false, false},
        {"\\documentclass{article}\n\\usepackage[review]{cvpr}", true, true},
        {"\\documentclass{article}\n\\usepackage{cvpr}", false, false},
        {"\\documentclass[letterpaper]{article}\n\\usepackage[submission]{aaai2026}", true, true},
        {"\\documentclass{article}\n\\usepackage{neurips_2024}", true, true},
        {"\\documentclass{article}\n\\usepackage[final]{neurips_2024}", false, false},
        {"\\documentclass{article}\n\\usepackage[preprint]{neurips_2024}", false, false},
        {"\\documentclass{article}\n\\usepackage{icml2024}", true, true},
        {"\\documentclass{article}\n\\usepackage[accepted]{icml2024}", false, false},
        {"\\documentclass{article}\n\\usepackage{iclr2025_conference,times}", true, true},
        {"\\documentclass{article}\n\\usepackage{iclr2025_conference,times}\n\\iclrfinalcopy",
         false, false},
        {"\\documentclass[a4paper,UKenglish,anonymous]{lipics-v2021}", true, true},
        {"\\documentclass[anon,12pt]{colt2025}", true, true},
        {"\\documentclass[final,12pt]{colt2025}", false, false},
        {"\\documentclass[review]{elsarticle}", false, false},  // double spacing, not blind
        {"\\documentclass{article}\n\\usepackage[anonymous]{mystyle}", true, false},
        {"% \\documentclass[anonymous]{acmart}\n\\documentclass{article}", false, false},
    };
    for (const Case& c : cases) {
        INFO(c.preamble);
        const leaks::ReviewTemplate found = review(c.preamble);
        CHECK(found.review_copy == c.review_copy);
        CHECK(found.hides_authors == c.hides_authors);
        CHECK(found.reason.empty() == !c.review_copy);
    }
    CHECK(review("\\documentclass[review,anonymous]{acmart}").reason ==
          "acmart's anonymous option");
    // Only the preamble counts: LaTeX refuses \usepackage after \begin{document}.
    CHECK_FALSE(leaks::review_template("\\documentclass{article}\n\\begin{document}\n"
                                       "\\usepackage[review]{acl}\n\\end{document}\n")
                    .review_copy);
}

TEST_CASE("a double-blind check applies by default to LaTeX review copies only") {
    CHECK(double_blind_by_default("\\documentclass[review,anonymous]{acmart}\n", Language::Latex));
    CHECK_FALSE(double_blind_by_default("\\documentclass{article}\n", Language::Latex));
    CHECK_FALSE(
        double_blind_by_default("\\documentclass[anonymous]{acmart}\n", Language::Markdown));
}

TEST_CASE("leaks come first, group by group, and every place counts in the verdict") {
    const std::vector<Marker> markers = {marker("dash-style"), marker("self-citation"),
                                         marker("personal-name"), marker("title-block", 2),
                                         marker("self-citation")};
    CHECK(double_blind_order(markers) == std::vector<std::size_t>{3, 1, 4, 0, 2});
    CHECK(is_leak("bibliography-author"));
    CHECK_FALSE(is_leak("personal-name"));  // a name in the prose is not counted as a leak
    CHECK(count_leaks(markers) == 4);
    CHECK(leak_verdict(4) == "4 leaks would identify you to a reviewer.");
    CHECK(leak_verdict(1) == "1 leak would identify you to a reviewer.");
    CHECK(leak_verdict(0).starts_with("No leaks found"));
}

TEST_CASE("the title block names what hides it from the PDF") {
    const Analyzer analyzer;
    AnalysisOptions options;
    options.language = Language::Latex;
    const Report report = analyzer.analyze(
        "\\documentclass[review,anonymous]{acmart}\n\\author{Maria Okafor}\n\\begin{document}\n"
        "We measured it twice.\n\\end{document}\n",
        options);
    const auto title = std::ranges::find(report.markers, "title-block", &Marker::code);
    REQUIRE(title != report.markers.end());
    CHECK(title->message.find("acmart's anonymous option hides it from the PDF") !=
          std::string::npos);
    CHECK(title->bits < 4);  // a note: only the source shows it
}
