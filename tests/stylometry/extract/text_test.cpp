#include <catch2/catch.hpp>

#include "prose_checks.hpp"
#include "stylometry/extract/extract.hpp"

using fantasma::BlockKind;
using fantasma::Language;
using fantasma::testing::blocks_of;
using fantasma::testing::check_invariants;
using fantasma::testing::source_of;

TEST_CASE("plain text: lines are prose, blank lines separate blocks", "[extract][text]") {
    const std::string source = "First line\nsecond line.\n\n  \nNext paragraph.\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(prose.text == "First line\nsecond line.\n\nNext paragraph.");
    CHECK(blocks_of(prose) == "First line\nsecond line.|Next paragraph.");
    REQUIRE(prose.blocks.size() == 2);
    CHECK(prose.blocks[1].kind == BlockKind::Paragraph);
    CHECK(source_of(prose, "Next") == source.find("Next"));
    CHECK(prose.language == Language::Text);
}

TEST_CASE("plain text: offsets stay exact after multi-byte characters and CRLF",
          "[extract][text]") {
    // "é" combining (e + U+0301), CJK, emoji: all before the checked word.
    const std::string source = "Cafe\u0301 \u4e2d\u6587 \U0001F600\r\n\r\nthe target word\r\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(prose.text == "Cafe\u0301 \u4e2d\u6587 \U0001F600\n\nthe target word");
    CHECK(source_of(prose, "target") == source.find("target"));
    CHECK(prose.from_source(source.find("word")) == prose.text.find("word"));
    CHECK(prose.from_source(source.find('\r')) == std::string::npos);
}

TEST_CASE("plain text: empty and whitespace-only sources give no prose", "[extract][text]") {
    for (const std::string source : {"", "\n", " \r\n\t\n"}) {
        const auto prose = fantasma::extract_text(source);
        check_invariants(prose, source);
        CHECK(prose.text.empty());
        CHECK(prose.blocks.empty());
    }
}

TEST_CASE("extract dispatches on the language", "[extract]") {
    const std::string source = "Hello.\n";
    CHECK(fantasma::extract(source, Language::Text).language == Language::Text);
    CHECK(fantasma::extract(source, Language::Markdown).language == Language::Markdown);
    CHECK(fantasma::extract(source, Language::Latex).language == Language::Latex);
}

TEST_CASE("plain text: typed double spaces stay, spaces before a line break go",
          "[extract][text]") {
    const std::string source = "Two  spaces. Trailing   \nnext\tline\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(prose.text == "Two  spaces. Trailing\nnext\tline");
    CHECK(source_of(prose, "next") == source.find("next"));
}

TEST_CASE("plain text: doctests and shell prompts are not prose", "[extract][text]") {
    const std::string source =
        "Look up a key:\n\n    >>> stock = {'pens': 4, 'ink': 0}\n    >>> stock['pens']\n"
        "    4\n\nThen install it:\n$ pip install --user inkwell\n\nThat is all.\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(blocks_of(prose) == "Look up a key:|Then install it:|That is all.");
    CHECK(source_of(prose, "That") == source.find("That"));
}

TEST_CASE("plain text: lines drawn in symbols are not prose", "[extract][text]") {
    const std::string source =
        "The branches before the merge:\n\n"
        "      D---E  feature\n     /\n  ---a---b---M---c\n\n"
        "where M merged the feature.\n\nNotes\n=====\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(blocks_of(prose) == "The branches before the merge:|where M merged the feature.|Notes");
}

TEST_CASE("plain text: reStructuredText literal blocks, directives and roles are not prose",
          "[extract][text]") {
    const std::string source =
        ".. _tidy-guide:\n\nSort a list with :func:`sorted` or ``items.sort()`` like so::\n\n"
        "   values = sorted(values, key=len)  # shortest first\n\n"
        ".. code-block:: none\n\n   raw output: 'a', \"b\"\n\nThe result is new.\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(blocks_of(prose) == "Sort a list with or like so:|The result is new.");
    CHECK(source_of(prose, "like") == source.find("like"));
}

TEST_CASE("plain text: indented blocks are code only among flush-left prose", "[extract][text]") {
    const std::string mail =
        "Hi all,\n\nTo rebuild the index run:\n\n    make index\n    make check\n\n"
        "and tell me if it breaks.\nThanks.\n";
    const auto prose = fantasma::extract_text(mail);
    check_invariants(prose, mail);
    CHECK(blocks_of(prose) ==
          "Hi all,|To rebuild the index run:|and tell me if it breaks.\nThanks.");

    // A story indented paragraph by paragraph keeps every line.
    const std::string story = "\tThe train was late.\n\n\tShe waited -- again.\n";
    const auto indented = fantasma::extract_text(story);
    check_invariants(indented, story);
    CHECK(blocks_of(indented) == "The train was late.|She waited -- again.");
}

TEST_CASE("plain text: a role continued on the next line is dropped to the line's end",
          "[extract][text]") {
    const std::string source =
        "See :meth:`Ledger.total(cents,\nrounding)<Ledger.total>` for sums.\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(prose.text.find("cents") == std::string::npos);
    CHECK(prose.text.starts_with("See\n"));
}

TEST_CASE("plain text: an indented block of sentences stays prose", "[extract][text]") {
    const std::string mail =
        "Hi all,\n\nAlex wrote:\n\n    We merged the branch last week and then reverted it,\n"
        "    and now the later changes are missing from master.\n\nThat is expected.\nThanks.\n";
    const auto prose = fantasma::extract_text(mail);
    check_invariants(prose, mail);
    CHECK(prose.text.find("We merged the branch") != std::string::npos);
}

TEST_CASE("plain text: AsciiDoc listings and C source in a mail are code", "[extract][text]") {
    // Shapes of the git manual's mails (issue 13, seed 14), written fresh: a listing of
    // program output, a C function set flush left, a tab-indented ls-tree listing of hashes.
    const std::string source =
        "It stopped halfway:\n\n-------\n  i=5642, j=c7\n-------\n\nI let it run.\n\n"
        "static int count(const char *s)\n{\n\tint i;\n\tfor (i = 0; s[i]; i++)\n\t\t;\n"
        "\treturn i;\n}\n\nThat is all.\n\nIt shows\n\n"
        "\t100644 blob 8d14531846b95bfa3564b58ccfb7913a034323b8    CREDITS\n"
        "\t100644 blob ebf9bf84da0aab5ed944264a5db2a65fe3a3e883    Kbuild\n\nin the output.\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(blocks_of(prose) ==
          "It stopped halfway:|I let it run.|That is all.|It shows|in the output.");
}

TEST_CASE("plain text: a quoted mail between rules and headings with rules stay prose",
          "[extract][text]") {
    const std::string source =
        "-----\nTitle\n-----\n\n------------\nAda <ada@host.example> writes:\n\n"
        "> Dear diary, on Monday I got a letter\n> where Bob <bob@host.example> told me that...\n"
        ">>\n>> > Maybe you want to talk about how you move patches\n"
        "> Actually, would this not be what the tool is for?\n------------\n\nExactly my "
        "feeling.\n";
    const auto prose = fantasma::extract_text(source);
    check_invariants(prose, source);
    CHECK(prose.text.find("Title") != std::string::npos);
    CHECK(prose.text.find("bob@host.example") != std::string::npos);
    CHECK(prose.text.find("Exactly my feeling.") != std::string::npos);
}
