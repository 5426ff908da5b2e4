// The five shapes issue 33 found in a blind-labelled sample of real documents, where a
// self-identifying marker was wrong, each in a text of the same shape written fresh and
// checked through the whole analyzer: an organisation's address, a street inside a postal
// address, a sign-off running into the next message's salutation, a recipient list, and
// the credits of a template's boilerplate header. Beside each, the same shape that is a leak.
#include <catch2/catch.hpp>

#include <string>

#include "check_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {

using Texts = std::vector<std::string>;

}  // namespace

TEST_CASE("name shapes: an organisation's address is no colleague's") {
    const std::string header =
        "% tiles.cls 2.1 2021/04/12: the class of the Tile Society's proceedings.\n"
        "% Copyright (C) 2019-2021 The Tile Society. Distributed under the LPPL 1.3c.\n"
        "% Please report problems to latex-bugs@latex-project.org or to\n"
        "% tex-support@tilesociety.example.org.\n"
        "\\documentclass{article}\n\\begin{document}\nThe body.\n"
        "% ask helena.varga@uni-example.hu for the raw counts\n\\end{document}\n";
    CHECK(marked(check(header, Language::Latex), header, "comment-identity") ==
          Texts{"helena.varga@uni-example.hu"});
}

TEST_CASE("name shapes: a street in a postal address is no person") {
    const std::string letter =
        "Please send the signed forms to our office:\n\nDepartment of Linguistics\n"
        "201 Charles Street\nProvidence, RI 02912\n\nThe forms came back from my colleague "
        "Peter Novak yesterday.\n";
    CHECK(marked(check(letter), letter, "personal-name") == Texts{"Peter Novak"});
    const std::string comment =
        "\\documentclass{article}\n\\begin{document}\nBody.\n"
        "% post the proofs to 14 Warren Avenue, Leeds\n\\end{document}\n";
    CHECK(marked(check(comment, Language::Latex), comment, "comment-identity").empty());
}

TEST_CASE("name shapes: a sign-off and the next message's salutation are two names") {
    const std::string thread =
        "The tables look right to me.\n\nThanks,\nPhillip\nGreg,\nI looked "
        "at the draft again and the totals match.\n";
    const Texts names = marked(check(thread), thread, "personal-name");
    CHECK(std::ranges::find(names, "Phillip Greg") == names.end());
    CHECK(std::ranges::find(names, "Phillip") != names.end());
    // A name wrapped inside a sentence is still one name.
    const std::string wrapped =
        "The reviewers were kind, and we thank Hanna\nKowalczyk for "
        "reading it twice.\n";
    CHECK(marked(check(wrapped), wrapped, "personal-name") == Texts{"Hanna\nKowalczyk"});
}

TEST_CASE("name shapes: a recipient list names the recipients, not the writer") {
    const std::string mail =
        "From: Dana Price <dana.price@example.org>\n"
        "To: Marcus.Webb@example.org, Jordan Ellis <jordan@example.org>\n"
        "Cc: grace.lee@example.org\nSubject: tables\n\nThe tables are attached.\n\nDana\n";
    const Report report = check(mail);
    CHECK(marked(report, mail, "contact-detail") == Texts{"dana.price@example.org"});
    for (const std::string& name : marked(report, mail, "personal-name")) {
        CHECK(name.find("Marcus") == std::string::npos);
        CHECK(name.find("Grace") == std::string::npos);
    }
}

TEST_CASE("name shapes: a template's credits are no co-authors") {
    const std::string source =
        "%% proc_template.tex V2.3 2020/02/11 by Randall Okoye\n"
        "%% Copyright (c) 2015-2020 by Randall Okoye; see the licence for terms of use.\n"
        "\\documentclass{article}\n\\begin{document}\nThe body.\n"
        "% Tomasz: the numbers below are from the March run\n\\end{document}\n";
    CHECK(marked(check(source, Language::Latex), source, "comment-identity") == Texts{"Tomasz"});
    // A file that opens with the writer's own notes keeps them.
    const std::string own =
        "% draft of 3 March: Randall Okoye rewrites the method section\n"
        "\\documentclass{article}\n\\begin{document}\nThe body.\n\\end{document}\n";
    CHECK(marked(check(own, Language::Latex), own, "comment-identity") == Texts{"Randall Okoye"});
}
