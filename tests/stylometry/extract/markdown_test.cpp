#include <catch2/catch.hpp>

#include "prose_checks.hpp"
#include "stylometry/extract/extract.hpp"

using fantasma::BlockKind;
using fantasma::testing::blocks_of;
using fantasma::testing::check_invariants;
using fantasma::testing::source_of;

namespace {

fantasma::Prose markdown(const std::string& source) {
    auto prose = fantasma::extract_markdown(source);
    check_invariants(prose, source);
    return prose;
}

}  // namespace

TEST_CASE("markdown: paragraphs and headings become blocks", "[extract][markdown]") {
    const std::string source = "# Title here #\n\nFirst line\nsecond line.\n\nSetext\n===\n";
    const auto prose = markdown(source);
    CHECK(blocks_of(prose) == "Title here|First line\nsecond line.|Setext");
    REQUIRE(prose.blocks.size() == 3);
    CHECK(prose.blocks[0].kind == BlockKind::Heading);
    CHECK(prose.blocks[1].kind == BlockKind::Paragraph);
    CHECK(prose.blocks[2].kind == BlockKind::Heading);
    CHECK(source_of(prose, "second") == source.find("second"));
    CHECK(source_of(prose, "here") == 8);
}

TEST_CASE("markdown: code, math and html are skipped", "[extract][markdown]") {
    const std::string source =
        "Before `inline CODEONLY` after.\n\n"
        "```cpp\nint CODEONLY = 1;\n```\n\n"
        "    indented CODEONLY\n\n"
        "Sum $x + CODEONLY$ and $$y^2 CODEONLY$$ done.\n\n"
        "$$\nCODEONLY\n$$\n\n"
        "<div>\nCODEONLY\n</div>\n\n"
        "Tag <span class=\"CODEONLY\">kept</span> here.\n";
    const auto prose = markdown(source);
    CHECK(blocks_of(prose) == "Before after.|Sum and done.|Tag kept here.");
    CHECK(prose.text.find("CODEONLY") == std::string::npos);
}

TEST_CASE("markdown: links keep their text, not their targets", "[extract][markdown]") {
    const std::string source =
        "See [the docs](https://example.com/x_(y)) and ![alt](img.png) or [ref text][r] or "
        "<https://auto.example/a> or [^1].\n\n[r]: https://example.com/ref \"Title\"\n";
    const auto prose = markdown(source);
    CHECK(blocks_of(prose) == "See the docs and or ref text or https://auto.example/a or.");
    CHECK(source_of(prose, "docs") == source.find("docs"));
    CHECK(source_of(prose, "ref text") == source.find("ref text"));
    CHECK(source_of(prose, "https://auto") == source.find("https://auto"));
}

TEST_CASE("markdown: emphasis markers, escapes and entities", "[extract][markdown]") {
    const std::string source =
        "A *very* __bold__ ~~gone~~ snake_case 2 * 3 \\*star\\* &amp; &#x2014; &bogus;\n";
    const auto prose = markdown(source);
    CHECK(prose.text == "A very bold gone snake_case 2 * 3 *star* & \u2014 &bogus;");
    CHECK(source_of(prose, "*star") == source.find("\\*star") + 1);
    const std::size_t amp = prose.text.find('&');
    CHECK(prose.to_source(amp) == source.find("&amp;"));
    CHECK(prose.to_source(fantasma::Span{amp, amp + 1}) ==
          fantasma::Span{source.find("&amp;"), source.find("&amp;") + 5});
}

TEST_CASE("markdown: lists, quotes and tables", "[extract][markdown]") {
    const std::string source =
        "- item one\n  continues\n- item two\n\n"
        "> quoted line\n> more quote\nlazy line\n\n"
        "| Name | Note |\n|------|:----:|\n| Ana | likes \\| pipes |\n";
    const auto prose = markdown(source);
    CHECK(blocks_of(prose) ==
          "item one\ncontinues|item two|quoted line\nmore quote\nlazy line|Name|Note|Ana|likes | "
          "pipes");
    REQUIRE(prose.blocks.size() == 7);
    CHECK(prose.blocks[0].kind == BlockKind::ListItem);
    CHECK(prose.blocks[2].kind == BlockKind::Quote);
    CHECK(prose.blocks[3].kind == BlockKind::TableCell);
    CHECK(source_of(prose, "continues") == source.find("continues"));
    CHECK(source_of(prose, "more quote") == source.find("more quote"));
}

TEST_CASE("markdown: front matter is skipped", "[extract][markdown]") {
    CHECK(markdown("---\ntitle: CODEONLY\n---\nBody.\n").text == "Body.");
    CHECK(markdown("+++\ntitle = \"CODEONLY\"\n+++\n\nBody.\n").text == "Body.");
    // Not front matter when unclosed: a thematic break, then prose.
    CHECK(markdown("---\nBody.\n").text == "Body.");
}

TEST_CASE("markdown: fantasma-ignore comments", "[extract][markdown]") {
    const std::string source =
        "<!-- fantasma-ignore dash-style, spelling -->\nCovered one.\n\n"
        "Covered two. <!-- fantasma-ignore -->\n\nFree.\n";
    const auto prose = markdown(source);
    CHECK(blocks_of(prose) == "Covered one.|Covered two.|Free.");
    REQUIRE(prose.ignores.size() == 2);
    CHECK(prose.view(prose.ignores[0].text) == "Covered one.");
    CHECK(prose.ignores[0].codes == std::vector<std::string>{"dash-style", "spelling"});
    CHECK(prose.view(prose.ignores[1].text) == "Covered two.");
    CHECK(prose.ignores[1].codes.empty());
}

TEST_CASE("markdown: exact offsets after emoji, CJK, combining marks and CRLF",
          "[extract][markdown]") {
    const std::string source =
        "# Cafe\u0301 \U0001F600\r\n\r\n> \u4e2d\u6587 `x` **target** word\r\n> next\r\n";
    const auto prose = markdown(source);
    CHECK(blocks_of(prose) == "Cafe\u0301 \U0001F600|\u4e2d\u6587 target word\nnext");
    CHECK(source_of(prose, "target") == source.find("target"));
    CHECK(source_of(prose, "next") == source.find("next"));
    CHECK(prose.from_source(source.find("word")) == prose.text.find("word"));
}

TEST_CASE("markdown: odd input never throws", "[extract][markdown]") {
    for (const std::string source :
         {"```\nunclosed fence", "$$\nunclosed math", "[unclosed link(", "<!-- open", "*", "\\",
          "| a |\n|---|", "> ", "-", "1.", "&#", "\xff\xfe broken \xc3", "``", "[^", "<", "$"}) {
        CHECK_NOTHROW(markdown(source));
    }
}

TEST_CASE("markdown: removed markup leaves no double space, typed ones stay",
          "[extract][markdown]") {
    const std::string source = "Code `x` here,  typed double. End `y`\n`z` start.\n";
    const auto prose = markdown(source);
    CHECK(prose.text == "Code here,  typed double. End\nstart.");
    CHECK(source_of(prose, "start") == source.find("start"));
}

TEST_CASE("markdown: an ignore comment before a list or table covers all of it",
          "[extract][markdown]") {
    const std::string source =
        "<!-- fantasma-ignore spelling -->\n- one\n- two\n\nAfter list.\n\n"
        "<!-- fantasma-ignore -->\n| a | b |\n|---|---|\n| c | d |\n\nAfter table.\n";
    const auto prose = markdown(source);
    CHECK(blocks_of(prose) == "one|two|After list.|a|b|c|d|After table.");
    std::string covered;
    for (const auto& ignore : prose.ignores) covered += std::string(prose.view(ignore.text)) + "|";
    CHECK(covered == "one|two|a|b|c|d|");
    REQUIRE(prose.ignores.size() == 6);
    CHECK(prose.ignores[1].codes == std::vector<std::string>{"spelling"});
    CHECK(prose.ignores[5].codes.empty());
}
