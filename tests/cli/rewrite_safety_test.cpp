// The rewrite never damages a text: the shapes that real documents were damaged in (issue
// 15), written fresh, in Markdown and LaTeX. Every protected span must come back
// byte-identical after `fantasma rewrite`, while the document's plain prose is still
// rewritten (so a rewrite that did nothing could not pass), and a rewrite that would raise
// the score is refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cli_test_support.hpp"

namespace fs = std::filesystem;

namespace {

using namespace cli_test;

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++count;
    return count;
}

// Rewrites `document` (written to `name`) and checks that each of `kept` appears in the
// result as often as in the document, and each of `changed` no more.
void check_rewrite(const std::string& name, const std::string& document,
                   const std::vector<std::string>& kept, const std::vector<std::string>& changed) {
    const Scratch scratch;
    const Run run = run_fantasma("rewrite " + quote(scratch.write(name, document)));
    INFO(run.err);
    REQUIRE(run.status == 0);
    for (const std::string& span : kept) {
        INFO("kept: " << span);
        REQUIRE(occurrences(document, span) > 0);
        CHECK(occurrences(run.out, span) == occurrences(document, span));
    }
    for (const std::string& span : changed) {
        INFO("changed: " << span);
        REQUIRE(occurrences(document, span) > 0);
        CHECK(occurrences(run.out, span) == 0);
    }
}

// Plain prose with British spellings, which the rewrite makes American: the proof that it ran.
const std::string kPlainProse =
    "My neighbour painted the fence in a colour she liked, and the colour faded by autumn; "
    "my other neighbour chose a grey colour that did not fade.\n";

}  // namespace

TEST_CASE("Markdown: names, identifiers, acronyms, figures and continued sentences are kept") {
    const std::string document =
        "# Why systemd starts first\n\n" + kPlainProse +
        "\nThe board boots with systemd, and systemd starts the clock service early. We keep\n"
        "`systemd-timesyncd` running, because systemd-timesyncd is smaller than a full daemon.\n"
        "The vendor ships a REST API for the sensors, and it answers in JSON.\n"
        "Follow the [SETUP][] notes first; they list the steps in order.\n"
        "pip fetches the packages, and it needs network access.\n"
        "The card does slow i/o when it is busy, so expect the i/o to lag.\n"
        "The old SALT records mention it, and so does a USDA leaflet.\n"
        "Call the help line on +44 20 7946000 when the board does not start.\n\n"
        "Install the tools with:\n\n"
        "```sh\npip install --user sensors\n```\n\n"
        "and the result is a small program that starts at boot. The readings are:\n\n"
        "- the temperature\n- the pressure\n\n"
        "and nothing else. The data was reduced\n\n"
        "$$ y = a x + b $$\n\n"
        "into the form given in [Smith and Ono 2004].\n\n"
        "The manual lists what each call prints:\n\n"
        "| call | | prints |\n|---|---|---|\n"
        "| `cite(jo93)` | --> | Jo, Park, and Lee (1993) |\n\n"
        "[SETUP]: ./SETUP.md\n";
    check_rewrite(
        "board.md", document,
        {"# Why systemd starts first", "boots with systemd, and systemd starts",
         "because systemd-timesyncd is", "a REST API", "[SETUP][]", "\npip fetches",
         "slow i/o when", "the i/o to lag", "old SALT records", "a USDA leaflet", "+44 20 7946000",
         "\n\nand the result is", "\n\nand nothing else",
         "\n\ninto the form given in [Smith and Ono 2004].", "| Jo, Park, and Lee (1993) |"},
        {"colour"});
}

TEST_CASE("LaTeX: command arguments, figures and sentences across displays are kept") {
    const std::string document =
        "\\documentclass{article}\n\\begin{document}\n"
        "\\section{Why systemd starts first}\n"
        "\\typeout{note for the log: the hue table is recieved late}\n" +
        kPlainProse +
        "\nThe board boots with systemd, and systemd starts the clock service early. We keep\n"
        "\\texttt{systemd-timesyncd} running, because systemd-timesyncd is smaller than a full "
        "daemon.\n"
        "The vendor ships a REST API for the sensors.\n"
        "The card does slow i/o when it is busy, so expect the i/o to lag.\n"
        "Call the help line on +44 20 7946000 when the board does not start.\n"
        "The program is built by\n"
        "\\begin{verbatim}\nmake all\n\\end{verbatim}\n"
        "and the result is a small program that starts at boot. The data was reduced\n"
        "\\begin{equation}\ny = a x + b\n\\end{equation}\n"
        "into the form given in [Smith and Ono 2004].\n"
        "\\begin{tabular}{lll}\n"
        "\\verb|\\cite{jo93}| & $\\Rightarrow$ & Jo, Park, and Lee (1993)\n"
        "\\end{tabular}\n"
        "\\end{document}\n";
    check_rewrite(
        "board.tex", document,
        {"\\section{Why systemd starts first}",
         "\\typeout{note for the log: the hue table is recieved late}",
         "boots with systemd, and systemd starts", "because systemd-timesyncd is", "a REST API",
         "slow i/o when", "the i/o to lag", "+44 20 7946000", "\\end{verbatim}\nand the result is",
         "\\end{equation}\ninto the form given in [Smith and Ono 2004].",
         "Jo, Park, and Lee (1993)"},
        {"colour she", "a colour", "colour that"});
}

TEST_CASE("Plain TeX: operands of primitives are no prose") {
    const std::string document =
        "\\input pagesetup.sty\n"
        "\\hyphenation{key-board mini-buf-fer}\n"
        "\\def\\abc{a}\n"
        "\\if a\\abc \\message{first column} \\fi\n" +
        kPlainProse + "\\bye\n";
    check_rewrite("card.tex", document,
                  {"\\input pagesetup.sty\n", "\\hyphenation{key-board mini-buf-fer}",
                   "\\if a\\abc \\message{first column} \\fi"},
                  {"colour she"});
}

TEST_CASE("Markdown: a product's i, a word joined by a semicolon and an ungrouped number") {
    // "ibm i" names a system, "tl;dr" is one word, and a writer who groups no number may be
    // writing a constant: 16320 bytes stays as written.
    const std::string document =
        kPlainProse +
        "\nWe skip the ibm i tests until the crash on that system is understood.\n\n"
        "_tl;dr: you can land a change by adding the label to it._\n\n"
        "The derived key holds at most 16320 bytes, which is plenty.\n";
    check_rewrite("notes.md", document, {"ibm i tests", "_tl;dr: you", "16320 bytes"},
                  {"neighbour", "colour"});
}

TEST_CASE("A rewrite that would raise the score is refused") {
    // The phrase table turns "a great deal of" into "much"; in a text that already uses
    // "much", two more make its rate stand out more than the phrase did.
    const std::string document =
        "The committee spent a great deal of time on the budget this spring, and the members "
        "argued about every line of it. The chair, who had a great deal of patience, let each "
        "of them speak before she called the vote. Nobody expected the outcome. The treasurer "
        "said the numbers were sound, but the auditors disagreed with him on two points, and "
        "the report went back for another round of review before the summer break. It did not "
        "change much. The town has grown over the last ten years, the roads need repair, and "
        "the school wants a new roof, so there is little room left in the plan for anything "
        "else. The library asked for longer opening hours and got a polite letter in reply. The "
        "fire station asked for a second truck and was told to wait another year. When the vote "
        "finally came, the plan passed by a single voice, and the chair thanked everyone for "
        "their work and sent them home.\n";
    const Scratch scratch;
    const std::string path = scratch.write("minutes.txt", document);
    const Run run = run_fantasma("rewrite " + quote(path));
    CHECK(run.status == 3);
    CHECK(run.out == document);
    CHECK(run.err.find("rewrite refused") != std::string::npos);
    CHECK(run.err.find("nothing was changed") != std::string::npos);
    const Run in_place = run_fantasma("rewrite --in-place " + quote(path));
    CHECK(in_place.status == 3);
    CHECK(read_file(path) == document);
}
