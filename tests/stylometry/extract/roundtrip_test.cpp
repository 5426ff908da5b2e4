// Round-trip property over generated documents: seeded random Markdown and LaTeX composed
// from fragments. For each document: the Prose invariants hold (verbatim pieces equal their
// source), the token CODEONLY (placed only in code, math, targets, keys and comments) never
// reaches the text, and every prose word appears, in order, at its exact source offset.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "prose_checks.hpp"
#include "stylometry/extract/extract.hpp"

namespace {

const std::vector<std::string> kWords = {"word",
                                         "caf\u00e9",
                                         "na\u00efve",
                                         "\u4e2d\u6587",
                                         "\U0001F600",
                                         "e\u0301te",
                                         "don't",
                                         "Stra\u00dfe",
                                         "\u00bfqu\u00e9",
                                         "\u0645\u0631\u062d\u0628\u0627",
                                         "plain",
                                         "x\u200dy",
                                         "\U0001F469\u200d\U0001F4BB"};

struct Generated {
    std::string source;
    std::vector<std::string> words;  // prose words in text order
};

class Generator {
  public:
    explicit Generator(unsigned seed) : random_(seed) {}

    std::size_t pick(std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_);
    }

    // A run of prose words, recorded as expected unless `record` is false.
    std::string words(Generated& doc, std::size_t max = 4, bool record = true) {
        std::string out;
        const std::size_t count = 1 + pick(max);
        for (std::size_t i = 0; i < count; ++i) {
            const std::string& word = kWords[pick(kWords.size())];
            if (!out.empty()) out += ' ';
            out += word;
            if (record) doc.words.push_back(word);
        }
        return out;
    }

    Generated markdown() {
        Generated doc;
        if (pick(4) == 0)
            doc.source += pick(2) ? "---\ntitle: CODEONLY\n---\n" : "+++\nx = 'CODEONLY'\n+++\n";
        const std::size_t blocks = 1 + pick(8);
        for (std::size_t b = 0; b < blocks; ++b) {
            if (b > 0) doc.source += "\n\n";
            doc.source += markdown_block(doc);
        }
        return doc;
    }

    Generated latex() {
        Generated doc;
        const bool preamble = pick(2) == 0;
        if (preamble) {
            doc.source += "\\documentclass[a4paper]{article}\n\\usepackage{CODEONLY}\n";
            doc.source += "\\title{" + words(doc) + "}\n\\author{CODEONLY}\n\\begin{document}\n";
        }
        const std::size_t blocks = 1 + pick(8);
        for (std::size_t b = 0; b < blocks; ++b) {
            if (b > 0) doc.source += "\n\n";
            doc.source += latex_block(doc);
        }
        if (preamble) doc.source += "\n\\end{document}\nCODEONLY\n";
        return doc;
    }

    // Random runs of markup characters and fragments: only the invariants can be checked.
    std::string noise(bool latex) {
        static const std::string kMarkdownBits[] = {
            "*",  "_",   "`",    "```",  "$",    "$$",      "[",    "]",   "(",
            ")",  "<",   ">",    "!",    "&",    "&amp;",   "\\",   "|",   "~",
            "-",  "#",   "\n",   "\n\n", "    ", "<!--",    "-->",  "1. ", "- ",
            "> ", "---", "\r\n", "\xff", "\xc3", "w\u00e9", "|---|"};
        static const std::string kLatexBits[] = {"\\",
                                                 "{",
                                                 "}",
                                                 "[",
                                                 "]",
                                                 "$",
                                                 "$$",
                                                 "%",
                                                 "~",
                                                 "--",
                                                 "---",
                                                 "``",
                                                 "''",
                                                 "\\(",
                                                 "\\)",
                                                 "\\[",
                                                 "\\]",
                                                 "\\emph{",
                                                 "\\footnote{",
                                                 "\\section{",
                                                 "\\begin{itemize}",
                                                 "\\end{itemize}",
                                                 "\\item",
                                                 "\\begin{verbatim}",
                                                 "\\verb|",
                                                 "\\'",
                                                 "\\c",
                                                 "&",
                                                 "\\\\",
                                                 "\n",
                                                 "\n\n",
                                                 "\r\n",
                                                 "\xff",
                                                 "w\u00e9",
                                                 "\\cite{",
                                                 "\\begin{document}"};
        std::string out;
        const std::size_t count = pick(40);
        for (std::size_t i = 0; i < count; ++i) {
            out += latex ? kLatexBits[pick(std::size(kLatexBits))]
                         : kMarkdownBits[pick(std::size(kMarkdownBits))];
        }
        return out;
    }

  private:
    std::string markdown_inline(Generated& doc) {
        std::string line = words(doc);
        const std::size_t extras = pick(4);
        for (std::size_t i = 0; i < extras; ++i) {
            switch (pick(9)) {
                case 0:
                    line += " `CODEONLY x`";
                    break;
                case 1:
                    line += " $CODEONLY^2$";
                    break;
                case 2:
                    line += " [" + words(doc, 2) + "](http://CODEONLY.example/a_(b))";
                    break;
                case 3:
                    line += " ![CODEONLY](CODEONLY.png)";
                    break;
                case 4:
                    line += " *" + words(doc, 2) + "*";
                    break;
                case 5:
                    line += " **" + words(doc, 2) + "**";
                    break;
                case 6:
                    line += " <span class=\"CODEONLY\">" + words(doc, 1) + "</span>";
                    break;
                case 7:
                    line += " <!-- CODEONLY -->";
                    break;
                default:
                    line += " $$CODEONLY$$";
                    break;
            }
            line += ' ' + words(doc, 2);
        }
        return line;
    }

    std::string two_lines(Generated& doc, const std::string& first, const std::string& second) {
        std::string lines = first + markdown_inline(doc);
        return lines + second + markdown_inline(doc);
    }

    std::string markdown_block(Generated& doc) {
        switch (pick(12)) {
            case 0:
                return "```js\nlet CODEONLY = 1;\n\n```";
            case 1:
                return "        CODEONLY indented";  // code even inside a list item
            case 2:
                return "$$\nCODEONLY\n$$";
            case 3:
                return std::string(1 + pick(3), '#') + " " + markdown_inline(doc);
            case 4:
                return two_lines(doc, "- ", "\n- ");
            case 5:
                return two_lines(doc, "> ", "\n> ");
            case 6: {
                // One call per statement: the order of operands of + is unspecified.
                std::string table = "| " + words(doc, 2);
                table += " | " + words(doc, 2);
                table += " |\n|---|:-:|\n| " + words(doc, 2);
                return table + " | `CODEONLY` " + words(doc, 1) + " |";
            }
            case 7:
                return "<div class=\"CODEONLY\">\nCODEONLY\n</div>";
            case 8:
                return "[ref]: http://CODEONLY.example \"CODEONLY\"";
            case 9:
                return two_lines(doc, "1. ", "\n   ");
            default:
                return two_lines(doc, "", "\n");
        }
    }

    std::string latex_inline(Generated& doc) {
        std::string line = words(doc);
        const std::size_t extras = pick(4);
        for (std::size_t i = 0; i < extras; ++i) {
            switch (pick(12)) {
                case 0:
                    line += " $CODEONLY$";
                    break;
                case 1:
                    line += " \\(CODEONLY\\)";
                    break;
                case 2:
                    line += " \\cite[p.~3]{CODEONLY}";
                    break;
                case 3:
                    line += " \\emph{" + words(doc, 2) + "}";
                    break;
                case 4:
                    line += " \\textbf{" + words(doc, 2) + "}";
                    break;
                case 5:
                    line += " \\href{http://CODEONLY}{" + words(doc, 2) + "}";
                    break;
                case 6:
                    line += " \\label{CODEONLY}\\ref{CODEONLY}";
                    break;
                case 7:
                    line += " \\verb|CODEONLY|";
                    break;
                case 8:
                    line += " \\footnote{" + words(doc, 2, false) + "}";
                    break;
                case 9:
                    line += " --- ``" + words(doc, 2) + "'' \\ldots";
                    break;
                case 10:
                    line += " % CODEONLY comment\n";
                    break;
                default:
                    line += " \\[CODEONLY\\]";
                    break;
            }
            line += ' ' + words(doc, 2);
        }
        return line;
    }

    std::string latex_block(Generated& doc) {
        switch (pick(9)) {
            case 0:
                return "\\section{" + words(doc) + "}\\label{CODEONLY}";
            case 1:
                return "\\begin{equation}\nCODEONLY\n\\end{equation}";
            case 2:
                return "\\begin{verbatim}\n\\emph{CODEONLY}\n\\end{verbatim}";
            case 3: {
                std::string list = "\\begin{itemize}\n\\item " + latex_inline(doc);
                return list + "\n\\item " + latex_inline(doc) + "\n\\end{itemize}";
            }
            case 4:
                return "\\begin{align*}\nCODEONLY &= 1 \\\\\n\\end{align*}";
            case 5:
                return "\\includegraphics[width=CODEONLY]{CODEONLY}";
            default: {
                std::string paragraph = latex_inline(doc) + "\n";
                return paragraph + latex_inline(doc);
            }
        }
    }

    std::mt19937 random_;
};

// Every expected word occurs in order, and maps back to the same bytes in the source.
void check_words(const fantasma::Prose& prose, const Generated& doc) {
    INFO("prose text:\n" << prose.text);
    std::size_t from = 0;
    for (const std::string& word : doc.words) {
        const std::size_t at = prose.text.find(word, from);
        INFO("missing word: " << word);
        REQUIRE(at != std::string::npos);
        const fantasma::Span source = prose.to_source(fantasma::Span{at, at + word.size()});
        CHECK(doc.source.substr(source.begin, source.size()) == word);
        from = at + word.size();
    }
}

}  // namespace

TEST_CASE("round trip: generated Markdown documents", "[extract][roundtrip]") {
    Generator generator(20261129);
    for (int i = 0; i < 400; ++i) {
        Generated doc = generator.markdown();
        if (generator.pick(3) == 0) {  // CRLF line endings
            std::string crlf;
            for (const char c : doc.source)
                crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
            doc.source = crlf;
        }
        INFO("document:\n" << doc.source);
        const fantasma::Prose prose = fantasma::extract_markdown(doc.source);
        fantasma::testing::check_invariants(prose, doc.source);
        CHECK(prose.text.find("CODEONLY") == std::string::npos);
        check_words(prose, doc);
    }
}

TEST_CASE("round trip: generated LaTeX documents", "[extract][roundtrip]") {
    Generator generator(4242);
    for (int i = 0; i < 400; ++i) {
        const Generated doc = generator.latex();
        INFO("document:\n" << doc.source);
        const fantasma::Prose prose = fantasma::extract_latex(doc.source);
        fantasma::testing::check_invariants(prose, doc.source);
        CHECK(prose.text.find("CODEONLY") == std::string::npos);
        check_words(prose, doc);
    }
}

TEST_CASE("round trip: markup noise keeps the invariants", "[extract][roundtrip]") {
    Generator generator(7);
    for (int i = 0; i < 600; ++i) {
        const bool latex = i % 2 == 1;
        const std::string source = generator.noise(latex);
        INFO("document:\n" << source);
        for (const auto language :
             {fantasma::Language::Markdown, fantasma::Language::Latex, fantasma::Language::Text}) {
            fantasma::testing::check_invariants(fantasma::extract(source, language), source);
        }
    }
}
