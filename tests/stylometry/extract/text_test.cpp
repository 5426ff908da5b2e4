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
