// What issue 33's blind sample seed 17 found wrong in publishers' templates and real papers,
// each in a text of the same shape written fresh: a template's placeholders are nobody's
// (generic addresses, an ORCID that fails its check digit, empty affiliation fields, grant
// 123456, the "do not write this" examples of a verbatim block), and a name wrapped onto the
// next line or joined by a hyphen is one name. Beside each, the real thing still found.
#include <catch2/catch.hpp>

#include <string>

#include "check_support.hpp"

using namespace fantasma;
using fantasma::testing::marked;

namespace {

Report check(std::string_view source) {
    return testing::check(source, Language::Latex);
}

bool has(const std::vector<std::string>& texts, std::string_view text) {
    return std::ranges::find(texts, text) != texts.end();
}

std::string paper(std::string_view preamble, std::string_view body) {
    return "\\documentclass{article}\n" + std::string(preamble) +
           "\\begin{document}\n\\maketitle\n" + std::string(body) + "\n\\end{document}\n";
}

}  // namespace

TEST_CASE("template placeholders: generic addresses and a failed ORCID check are nobody's") {
    const std::string source = paper(
        "\\author{Hedda Lindgren}\n\\email{hl@sample.com}\n\\orcid{1234-5678-9012}\n"
        "\\author{Tomas Berg}\n\\email{tberg@kth-example.se}\n"
        "\\orcid{0000-0002-1825-0097}\n"
        "% \\Email{abc@sample.com} for the second author\n",
        "The tiles are read in order.");
    const auto title = marked(check(source), source, "title-block");
    CHECK_FALSE(has(title, "hl@sample.com"));
    CHECK_FALSE(has(title, "1234-5678-9012"));
    CHECK(has(title, "tberg@kth-example.se"));
    CHECK(has(title, "0000-0002-1825-0097"));  // a valid iD: its check digit holds
    CHECK(marked(check(source), source, "comment-identity").empty());
}

TEST_CASE("template placeholders: empty affiliation fields and grant 123456 name nobody") {
    const std::string empty =
        paper("\\author{}\n\\affiliation{organization={},\n  city={},\n  country={}}\n", "Text.");
    CHECK(marked(check(empty), empty, "title-block").empty());
    const std::string grants =
        paper("",
              "\\section*{Acknowledgements}\nThe authors are grateful to NASA for grant "
              "123456 and to the Research Council for grant 2019-04417.");
    const auto found = marked(check(grants), grants, "acknowledgement");
    CHECK_FALSE(has(found, "123456"));
    CHECK(has(found, "2019-04417"));
}

TEST_CASE("template placeholders: a verbatim block's example is not the title block") {
    const std::string source =
        paper("\\author{Anonymous}\n",
              "Do not write several authors in one command:\n\\begin{verbatim}\n"
              "  \\author{Brooke Aster, David Mehldau}\n  \\email{dave@uni-example.edu}\n"
              "\\end{verbatim}\nor \\verb|\\author{A. Person}| either.");
    CHECK(marked(check(source), source, "title-block").empty());
}

TEST_CASE("names wrapped onto the next line or joined by a hyphen are one name") {
    const std::string source =
        paper("",
              "\\section*{Acknowledgements}\nWe thank Lee Brotzman and Amy\nHendrickson, "
              "and Daniel Foreman-Mackey for the design.");
    const Report report = check(source);
    const auto thanked = marked(report, source, "acknowledgement");
    CHECK(has(thanked, "Amy\nHendrickson"));
    CHECK(has(thanked, "Daniel Foreman-Mackey"));
    const auto names = marked(report, source, "personal-name");
    CHECK_FALSE(has(names, "Daniel Foreman"));
}

TEST_CASE("names written with LaTeX accents are found whole") {
    const std::string source =
        paper("",
              "\\section*{Acknowledgements}\nWe thank Martin Schr\\\"oder, Tomasz {\\L}uczak "
              "and Petr Ol\\v{s}ak for the translations, and Ren\\'{e} Blanc for the fonts.");
    const auto thanked = marked(check(source), source, "acknowledgement");
    CHECK(has(thanked, "Martin Schr\\\"oder"));
    CHECK(has(thanked, "Tomasz {\\L}uczak"));
    CHECK(has(thanked, "Petr Ol\\v{s}ak"));
    CHECK(has(thanked, "Ren\\'{e} Blanc"));
}

TEST_CASE("an e-mail command in the body prints a contact, not the title block") {
    // The TeX Live guide's "write to \email{tex-live@tug.org}" (fresh shape).
    const std::string source = paper("\\author{Hedda Lindgren}\n",
                                     "\\section{Help}\nQuestions go to the list, "
                                     "\\email{tiles-users@lists.example.org}.");
    const auto title = marked(check(source), source, "title-block");
    CHECK(has(title, "Hedda Lindgren"));
    CHECK_FALSE(has(title, "tiles-users@lists.example.org"));
}
