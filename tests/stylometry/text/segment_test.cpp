#include <catch2/catch.hpp>

#include "segment_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;
using Strings = std::vector<std::string>;

TEST_CASE("words, punctuation and spaces", "[segment]") {
    const Prose prose = prose_of("Hello, world!");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 4);
    CHECK(result.tokens[0].text == Span(0, 5));
    CHECK(result.tokens[0].kind == TokenKind::Word);
    CHECK(result.tokens[0].norm == "hello");
    CHECK(result.tokens[0].space_before);
    CHECK(result.tokens[1].text == Span(5, 6));
    CHECK(result.tokens[1].kind == TokenKind::Punct);
    CHECK(result.tokens[1].norm.empty());
    CHECK_FALSE(result.tokens[1].space_before);
    CHECK(result.tokens[2].text == Span(7, 12));
    CHECK(result.tokens[2].space_before);
    CHECK(result.tokens[3].text == Span(12, 13));
    REQUIRE(result.sentences.size() == 1);
    CHECK(result.sentences[0].text == Span(0, 13));
    CHECK(result.sentences[0].first_token == 0);
    CHECK(result.sentences[0].end_token == 4);
}

TEST_CASE("inner apostrophes keep words together, hyphens do not", "[segment]") {
    CHECK(
        token_texts("don't l\u2019homme rock'n'roll well-known 'quoted'") ==
        Strings{"don't", "l\u2019homme", "rock'n'roll", "well", "-", "known", "'", "quoted", "'"});
    const Segmentation result = segment(prose_of("L\u2019Homme DON'T"));
    CHECK(result.tokens[0].norm == "l'homme");
    CHECK(result.tokens[1].norm == "don't");
}

TEST_CASE("numbers keep decimals, separators and suffixes", "[segment]") {
    CHECK(typed_tokens("3 3.14 1,000,000 10:30 2nd 1990s 5%") ==
          Strings{"Number:3", "Number:3.14", "Number:1,000,000", "Number:10:30", "Number:2nd",
                  "Number:1990s", "Number:5", "Symbol:%"});
    CHECK(token_texts("1,2 and 3.") == Strings{"1", ",", "2", "and", "3", "."});
}

TEST_CASE("sentences end at terminal marks before a capital", "[segment]") {
    CHECK(sentence_texts("It rained. We stayed in! Why? Because.") ==
          Strings{"It rained.", "We stayed in!", "Why?", "Because."});
    CHECK(sentence_texts("Mr. Smith met Dr. Jones. They talked.") ==
          Strings{"Mr. Smith met Dr. Jones.", "They talked."});
}
