#include <catch2/catch.hpp>

#include "prose_checks.hpp"
#include "stylometry/extract/extract.hpp"

using fantasma::BlockKind;
using fantasma::testing::blocks_of;
using fantasma::testing::check_invariants;
using fantasma::testing::source_of;

namespace {

fantasma::Prose latex(const std::string& source) {
    auto prose = fantasma::extract_latex(source);
    check_invariants(prose, source);
    return prose;
}

}  // namespace

TEST_CASE("latex: preamble skipped except the title, body paragraphs kept", "[extract][latex]") {
    const std::string source =
        "\\documentclass[11pt]{article}\n\\usepackage{CODEONLY}\n\\title{My \\emph{Title}}\n"
        "\\author{Ana CODEONLY}\n\\begin{document}\n\\maketitle\n"
        "First paragraph\nline two.\n\n\\section{Intro}\nSecond paragraph.\n"
        "\\end{document}\nafter end CODEONLY\n";
    const auto prose = latex(source);
    CHECK(blocks_of(prose) == "My Title|First paragraph\nline two.|Intro|Second paragraph.");
    REQUIRE(prose.blocks.size() == 4);
    CHECK(prose.blocks[0].kind == BlockKind::Title);
    CHECK(prose.blocks[1].kind == BlockKind::Paragraph);
    CHECK(prose.blocks[2].kind == BlockKind::Heading);
    CHECK(source_of(prose, "Title") == source.find("Title}"));
    CHECK(source_of(prose, "line two") == source.find("line two"));
    CHECK(source_of(prose, "Intro") == source.find("Intro"));
}

TEST_CASE("latex: math, comments, verbatim and keys are skipped", "[extract][latex]") {
    const std::string source =
        "Inline $x = CODEONLY$ and \\(CODEONLY\\) and $$CODEONLY$$ and \\[CODEONLY\\] end.\n"
        "As \\citet{CODEONLY} and \\cite[p.~3]{CODEONLY} show in Fig.~\\ref{fig:CODEONLY}. "
        "% a comment CODEONLY\n"
        "\\label{CODEONLY}See \\url{http://CODEONLY} or \\href{http://CODEONLY}{this page}.\n\n"
        "\\begin{equation*}\nCODEONLY\n\\end{equation*}\n"
        "\\begin{align}\nCODEONLY \\\\ CODEONLY\n\\end{align}\n"
        "\\begin{verbatim}\n\\emph{CODEONLY}\n\\end{verbatim}\n"
        "\\begin{lstlisting}[language=C]\nint CODEONLY;\n\\end{lstlisting}\n"
        "Code \\verb|CODEONLY| and \\texttt{CODEONLY} gone.\n"
        "\\includegraphics[width=3cm]{CODEONLY.png}\n";
    const auto prose = latex(source);
    CHECK(prose.text.find("CODEONLY") == std::string::npos);
    CHECK(blocks_of(prose) ==
          "Inline and and and end.\nAs and show in Fig. . See or this page.|"
          "Code and gone.");
    CHECK(source_of(prose, "this page") == source.find("this page"));
}

TEST_CASE("latex: typography becomes synthetic text", "[extract][latex]") {
    const std::string source =
        "``Quoted'' text---with dashes--and~ties\\ldots{} 50\\% \\& \\$5 \\#1 a\\_b\\\\next "
        "Schr\\\"odinger \\'{e}t\\'e \\c{c}a\n";
    const auto prose = latex(source);
    CHECK(prose.text ==
          "\u201cQuoted\u201d text\u2014with dashes\u2013and ties\u2026 50% & $5 #1 a_b\nnext "
          "Schr\u00f6dinger \u00e9t\u00e9 \u00e7a");
    // Escaped characters are verbatim, one byte past the backslash.
    CHECK(source_of(prose, "% &") == source.find("\\%") + 1);
    const std::size_t dash = prose.text.find("\u2014");
    CHECK(prose.to_source(dash) == source.find("---"));
    CHECK(prose.to_source(fantasma::Span{dash, dash + 3}) ==
          fantasma::Span{source.find("---"), source.find("---") + 3});
    CHECK(source_of(prose, "dinger") == source.find("dinger"));
}

TEST_CASE("latex: footnotes, captions, lists and quotes", "[extract][latex]") {
    const std::string source =
        "Main text\\footnote{A note.} continues \\cite{k}.\n\n"
        "\\begin{figure}[h]\n\\centering\n\\caption{A caption.}\\label{f}\n\\end{figure}\n"
        "\\begin{itemize}\n\\item First item.\n\\item[Term] Second.\n\\end{itemize}\n"
        "\\begin{quote}\nQuoted words.\n\\end{quote}\n"
        "\\begin{tabular}{|l|c|}\nCell one & Cell two \\\\ \\hline\n\\end{tabular}\n";
    const auto prose = latex(source);
    CHECK(blocks_of(prose) ==
          "Main text continues.|A note.|A caption.|First item.|Term Second.|Quoted words.|"
          "Cell one|Cell two");
    REQUIRE(prose.blocks.size() == 8);
    CHECK(prose.blocks[1].kind == BlockKind::Footnote);
    CHECK(prose.blocks[2].kind == BlockKind::Caption);
    CHECK(prose.blocks[3].kind == BlockKind::ListItem);
    CHECK(prose.blocks[5].kind == BlockKind::Quote);
    CHECK(prose.blocks[6].kind == BlockKind::TableCell);
    CHECK(source_of(prose, "A note") == source.find("A note"));
    CHECK(source_of(prose, "continues") == source.find("continues"));
}

TEST_CASE("latex: unknown commands keep their argument text", "[extract][latex]") {
    const std::string source = "A \\mymacro[opt]{kept words} and \\textbf{bold \\textit{it}}.\n";
    CHECK(latex(source).text == "A kept words and bold it.");
}

TEST_CASE("latex: fantasma-ignore comments", "[extract][latex]") {
    const std::string source =
        "% fantasma-ignore dash-style\nCovered one.\n\nCovered two. % fantasma-ignore\n"
        "still two.\n\nFree.\n";
    const auto prose = latex(source);
    CHECK(blocks_of(prose) == "Covered one.|Covered two. still two.|Free.");
    REQUIRE(prose.ignores.size() == 2);
    CHECK(prose.view(prose.ignores[0].text) == "Covered one.");
    CHECK(prose.ignores[0].codes == std::vector<std::string>{"dash-style"});
    CHECK(prose.view(prose.ignores[1].text) == "Covered two. still two.");
    CHECK(prose.ignores[1].codes.empty());
}

TEST_CASE("latex: exact offsets after emoji, CJK, combining marks and CRLF", "[extract][latex]") {
    const std::string source =
        "\\section{Cafe\u0301 \U0001F600}\r\n\r\n\u4e2d\u6587 $x$ \\emph{target} word\r\nnext\r\n";
    const auto prose = latex(source);
    CHECK(blocks_of(prose) == "Cafe\u0301 \U0001F600|\u4e2d\u6587 target word\nnext");
    CHECK(source_of(prose, "target") == source.find("target"));
    CHECK(source_of(prose, "next") == source.find("next"));
    CHECK(prose.from_source(source.find("word")) == prose.text.find("word"));
}

TEST_CASE("latex: odd input never throws", "[extract][latex]") {
    const std::vector<std::string> sources = {
        "\\", "{", "}", "$", "$$ open", "\\(", "\\[", "\\begin{equation} open", "\\begin{",
        "\\section{unclosed\n\nnext", "\\footnote{open", "\\verb|x", "\\'", "\\c", "\\item[", "%",
        "\\begin{document}", "\\end{document}", "\xff\xfe \\emph{\xc3}", "}}]]", "\\\\", "--", "``",
        "\\title{", "\\begin{document}\\end{itemize}",
        // Found by fuzzing: an unclosed option after a table (once an endless loop), an
        // accent on a broken byte, spaces before a line break after removed markup.
        "\\begin{tabular}[", "\\begin{minipage}{x}[no close", "\\c\xc3\n\n)",
        "*\\L\n    #\\emph{\n\\)"};
    for (const std::string& source : sources) {
        INFO(source);
        CHECK_NOTHROW(latex(source));
    }
}

TEST_CASE("latex: messages to the log, hyphenations and TeX primitives' operands are no prose",
          "[extract][latex]") {
    CHECK(
        latex("A \\typeout{log note} b \\message{more} c \\hyphenation{mini-buf-fer} d.\n").text ==
        "A b c d.");
    // Plain TeX: a file name, a definition, a comparison and a box's size go; the box's text
    // stays.
    CHECK(latex("\\input pdflayout.sty\nAn \\def\\abc#1{x #1}\\if a\\abc if\\fi{} "
                "\\hbox to 2in{box} end.\n")
              .text == "An if box end.");
    // Keys and symbols in braces (\key{...}{C-x i}) go; words stay.
    CHECK(latex("\\key{read a file}{C-x i} and \\key{quit}{M-!}.\n").text ==
          "read a file and quit.");
}

TEST_CASE("latex: code and package names of JSS papers and typewriter groups are no prose",
          "[extract][latex]") {
    // Shapes of R vignettes (issue 13, seed 14): \code{REML = TRUE}, \pkg{MASS}, {\tt TRUE},
    // ltxdoc's \cs{@maxdepth} and Sweave's options.
    const std::string source =
        "\\SweaveOpts{engine=R,eps=FALSE}\nIt refits with \\code{REML = TRUE} as in \\pkg{MASS}; "
        "if set to {\\tt TRUE} the lags enter. The counter \\cs{@maxdepth} is {\\bf kept}.\n";
    CHECK(latex(source).text ==
          "It refits with as in; if set to the lags enter. The counter is kept.");
}
