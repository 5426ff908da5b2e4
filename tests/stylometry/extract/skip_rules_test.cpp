// One line per skip or keep rule: the source, then the exact prose it must give.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "prose_checks.hpp"
#include "stylometry/extract/extract.hpp"

namespace {

using Case = std::pair<std::string, std::string>;

void check_cases(const std::vector<Case>& cases, fantasma::Language language) {
    for (const auto& [source, expected] : cases) {
        INFO("source: " << source);
        const auto prose = fantasma::extract(source, language);
        fantasma::testing::check_invariants(prose, source);
        CHECK(prose.text == expected);
    }
}

}  // namespace

TEST_CASE("latex: every skip and keep rule", "[extract][latex]") {
    check_cases(
        {
            {"a \\begin{gather}X\\end{gather} b", "a b"},
            {"a \\begin{multline*}X\\end{multline*} b", "a b"},
            {"a \\begin{eqnarray}X\\end{eqnarray} b", "a b"},
            {"a \\begin{displaymath}X\\end{displaymath} b", "a b"},
            {"a \\begin{math}X\\end{math} b", "a b"},
            {"a \\begin{align*}X\\end{align*} b", "a b"},
            {"a\n\\begin{minted}{python}\nX\n\\end{minted}\nb", "a\n\nb"},
            {"a\n\\begin{lstlisting}\nX\n\\end{lstlisting}\nb", "a\n\nb"},
            {"See \\citep[ch.~2]{k1,k2} and \\citet*{k} and \\eqref{e}.", "See and and."},
            {"\\textsc{Small} \\underline{under} \\textit{it} \\textbf{bf} \\emph{em}",
             "Small under it bf em"},
            {"\\chapter{C}\\subsection*{S}\\subsubsection{SS}\\paragraph{P}", "C\n\nS\n\nSS\n\nP"},
            {"Wait\\dots{} or\\ldots", "Wait\u2026 or\u2026"},
            {"\\usepackage[utf8]{inputenc}Text", "Text"},
            {"\\documentclass[12pt]{article}Text", "Text"},
            {"Text\\label{x}.", "Text."},
            {"\\href{http://x.org}{the site} and \\url{http://y.org}", "the site and"},
            {"\\includegraphics[scale=2]{fig.pdf}Caption", "Caption"},
            {"\\author{Ana}\\date{2024}Body", "Body"},
            {"100\\% \\& \\$ \\# \\_", "100% & $ # _"},
            {"a~b", "a b"},
            {"one\\\\two", "one\ntwo"},
            {"a \\unknown[opt]{arg} b", "a arg b"},
            {"a %comment\nb", "a b"},
            {"a%\nb", "ab"},
            {"a\n\n\nb", "a\n\nb"},
            {"\\begin{document}In\\end{document}Out", "In"},
        },
        fantasma::Language::Latex);
}

TEST_CASE("markdown: every skip and keep rule", "[extract][markdown]") {
    check_cases(
        {
            {"a `code` b", "a b"},
            {"a ``co`de`` b", "a b"},
            {"```\nX\n```", ""},
            {"~~~\nX\n~~~", ""},
            {"    X", ""},
            {"a $x$ b $$y$$ c", "a b c"},
            {"$$\nX\n$$\nafter", "after"},
            {"<div>\nX\n</div>", ""},
            {"<!-- X -->", ""},
            {"a <b>bold</b> c", "a bold c"},
            {"[text](http://x \"t\")", "text"},
            {"![alt](img.png) after", "after"},
            {"[text][r]\n\n[r]: http://x", "text"},
            {"<https://x.org/a>", "https://x.org/a"},
            {"bare https://x.org/a", "bare https://x.org/a"},
            {"---\nk: v\n---\nBody", "Body"},
            {"+++\nk = 1\n+++\nBody", "Body"},
            {"*em* _em_ **st** __st__ ~~del~~", "em em st st del"},
            {"\\*not em\\* \\_x\\_", "*not em* _x_"},
            {"&amp; &lt; &#65; &#x42; &unknown;", "& < A B &unknown;"},
            {"> quoted\n> more", "quoted\nmore"},
            {"- a\n  b", "a\nb"},
            {"# H #\ntext", "H\n\ntext"},
            {"text[^1]\n\n[^1]: note", "text\n\nnote"},
            {"***\n---\n___", ""},
        },
        fantasma::Language::Markdown);
}
