// Input-controlled nesting, 100,000 levels deep: every extractor and the whole analysis must
// finish without exhausting the stack (a hostile or broken document must never crash the
// language server), and still check its invariants.
#include <catch2/catch.hpp>
#include <string>

#include "prose_checks.hpp"
#include "stylometry/analyzer.hpp"
#include "stylometry/extract/extract.hpp"

using fantasma::Language;

namespace {

constexpr int kLevels = 100'000;

std::string repeat(std::string_view piece, int times) {
    std::string out;
    out.reserve(piece.size() * std::size_t(times));
    for (int i = 0; i < times; ++i) out += piece;
    return out;
}

void extract_and_analyze(const std::string& source, Language language) {
    const auto prose = fantasma::extract(source, language);
    fantasma::testing::check_invariants(prose, source);
    static const fantasma::Analyzer analyzer;
    fantasma::AnalysisOptions options;
    options.language = language;
    CHECK(analyzer.analyze(source, options).word_count <= source.size());
}

}  // namespace

TEST_CASE("deeply nested Markdown is read without recursion", "[extract][markdown][deep]") {
    SECTION("block quotes") {
        extract_and_analyze(repeat(">", kLevels) + " quoted\n", Language::Markdown);
    }
    SECTION("block quotes, one level a line") {
        std::string source;
        for (int i = 1; i <= 2000; ++i) source += std::string(std::size_t(i), '>') + " line\n";
        extract_and_analyze(source, Language::Markdown);
    }
    SECTION("lists") {
        extract_and_analyze(repeat("- ", kLevels) + "item\n", Language::Markdown);
    }
    SECTION("emphasis") {
        extract_and_analyze(repeat("*", kLevels) + "word" + repeat("*", kLevels) + "\n",
                            Language::Markdown);
        extract_and_analyze(repeat("*a _b ", kLevels) + "\n", Language::Markdown);
        // Closers that match no opener, over openers of another kind: linear, not quadratic.
        extract_and_analyze(repeat("*a ", kLevels / 2) + repeat("b_ ", kLevels / 2) + "\n",
                            Language::Markdown);
    }
    SECTION("links inside links") {
        extract_and_analyze(repeat("[", kLevels) + "text" + repeat("](u)", kLevels) + "\n",
                            Language::Markdown);
    }
    SECTION("brackets and parentheses") {
        extract_and_analyze(repeat("[", kLevels) + repeat("]", kLevels) + repeat("(", kLevels) +
                                repeat(")", kLevels) + "\n",
                            Language::Markdown);
    }
    SECTION("HTML and code") {
        extract_and_analyze(repeat("<a>", kLevels) + repeat("`", kLevels) + "\n",
                            Language::Markdown);
    }
}

TEST_CASE("deeply nested LaTeX is read without recursion", "[extract][latex][deep]") {
    SECTION("braces") {
        extract_and_analyze(repeat("{", kLevels) + "text" + repeat("}", kLevels) + "\n",
                            Language::Latex);
    }
    SECTION("unclosed braces") {
        extract_and_analyze(repeat("{a ", kLevels), Language::Latex);
    }
    SECTION("prose commands") {
        extract_and_analyze(repeat("\\emph{", kLevels) + "text" + repeat("}", kLevels),
                            Language::Latex);
        extract_and_analyze(repeat("\\footnote{\\textbf{", kLevels) + "x" + repeat("}}", kLevels),
                            Language::Latex);
    }
    SECTION("non-prose arguments") {
        extract_and_analyze(repeat("\\label{", kLevels) + "x" + repeat("}", kLevels),
                            Language::Latex);
        extract_and_analyze(repeat("\\foo[", kLevels) + "x" + repeat("]", kLevels),
                            Language::Latex);
    }
    SECTION("environments") {
        extract_and_analyze(
            repeat("\\begin{itemize}\\item a ", kLevels) + repeat("\\end{itemize}", kLevels),
            Language::Latex);
        extract_and_analyze(repeat("\\begin{x}", kLevels) + "text", Language::Latex);
    }
    SECTION("math") {
        extract_and_analyze("$" + repeat("{", kLevels) + "x" + repeat("}", kLevels) + "$ after",
                            Language::Latex);
    }
}
