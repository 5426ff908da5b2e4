// Words, numbers, punctuation and symbols: kinds, norms and byte spans.
#include <catch2/catch.hpp>

#include "segment_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;
using Strings = std::vector<std::string>;

TEST_CASE("inner apostrophes, straight and curly, keep a word together", "[segment][words]") {
    CHECK(typed_tokens("don't o'clock l\u2019homme rock'n'roll") ==
          Strings{"Word:don't", "Word:o'clock", "Word:l\u2019homme", "Word:rock'n'roll"});
    // Apostrophes at a word's edge are punctuation: quotes, elisions, plural possessives.
    CHECK(typed_tokens("'tis the dogs' \u2018bone\u2019") ==
          Strings{"Punct:'", "Word:tis", "Word:the", "Word:dogs", "Punct:'", "Punct:\u2018",
                  "Word:bone", "Punct:\u2019"});
}

TEST_CASE("a word's norm is lower-cased with curly apostrophes folded", "[segment][words]") {
    const Segmentation result = segment(prose_of("L\u2019Homme DON'T \u00C9T\u00C9 Stra\u00DFe"));
    REQUIRE(result.tokens.size() == 4);
    CHECK(result.tokens[0].norm == "l'homme");
    CHECK(result.tokens[1].norm == "don't");
    CHECK(result.tokens[2].norm == "\u00E9t\u00E9");  // ÉTÉ -> été
    CHECK(result.tokens[3].norm == "stra\u00DFe");
}

TEST_CASE("hyphens and dashes are punctuation between words", "[segment][words]") {
    CHECK(typed_tokens("well-known self\u2013made end\u2014start") ==
          Strings{"Word:well", "Punct:-", "Word:known", "Word:self", "Punct:\u2013", "Word:made",
                  "Word:end", "Punct:\u2014", "Word:start"});
}

TEST_CASE("combining marks belong to their word and compose in the norm", "[segment][words]") {
    // "cafe" + U+0301 is 6 bytes, "nai" + U+0308 + "ve" is 7 bytes.
    const Prose prose = prose_of("cafe\u0301 nai\u0308ve caf\u00E9");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 3);
    CHECK(result.tokens[0].text == Span(0, 6));
    CHECK(result.tokens[0].norm == "caf\u00E9");  // composed: equals the precomposed spelling
    CHECK(result.tokens[1].text == Span(7, 14));
    CHECK(result.tokens[1].norm == "na\u00EFve");
    CHECK(result.tokens[2].text == Span(15, 20));
    CHECK(result.tokens[2].norm == result.tokens[0].norm);
}

TEST_CASE("each Han character is one word, kana and hangul runs are words", "[segment][words]") {
    // 漢 字 are 3 bytes each; です is 6; 。 is 3; 한국어 is 9.
    const Prose prose = prose_of("\u6F22\u5B57\u3067\u3059\u3002\uD55C\uAD6D\uC5B4 ok");
    const Segmentation result = segment(prose);
    CHECK(typed_tokens(prose.text) == Strings{"Word:\u6F22", "Word:\u5B57", "Word:\u3067\u3059",
                                              "Punct:\u3002", "Word:\uD55C\uAD6D\uC5B4",
                                              "Word:ok"});
    REQUIRE(result.tokens.size() == 6);
    CHECK(result.tokens[1].text == Span(3, 6));
    CHECK_FALSE(result.tokens[1].space_before);
    CHECK(result.tokens[4].text == Span(15, 24));
    CHECK(result.tokens[5].text == Span(25, 27));
    CHECK(result.tokens[5].space_before);
}

TEST_CASE("letters after an emoji, CJK and combining marks have exact spans", "[segment][words]") {
    // 👍🏽 = 8 bytes, space, 日 = 3 bytes, space, "e" + U+0301 = 3 bytes, space: Zoë at 17.
    const Prose prose = prose_of("\U0001F44D\U0001F3FD \u65E5 e\u0301 Zo\u00EB's");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 4);
    CHECK(result.tokens[0].text == Span(0, 8));
    CHECK(result.tokens[1].text == Span(9, 12));
    CHECK(result.tokens[2].text == Span(13, 16));
    CHECK(result.tokens[3].text == Span(17, 23));
    CHECK(result.tokens[3].norm == "zo\u00EB's");
}

TEST_CASE("letters and digits mix in a word that starts with a letter", "[segment][words]") {
    CHECK(typed_tokens("mp3 H2O") == Strings{"Word:mp3", "Word:H2O"});
}

TEST_CASE("numbers keep decimals, thousands, times and suffixes", "[segment][numbers]") {
    CHECK(typed_tokens("3 3.14 1,000,000 10:30 2nd 1990s 5%") ==
          Strings{"Number:3", "Number:3.14", "Number:1,000,000", "Number:10:30", "Number:2nd",
                  "Number:1990s", "Number:5", "Symbol:%"});
    CHECK(typed_tokens("the 1990's, 1.2.3 and \u0663\u0664") ==
          Strings{"Word:the", "Number:1990's", "Punct:,", "Number:1.2.3", "Word:and",
                  "Number:\u0663\u0664"});
}

TEST_CASE("separators that do not continue a number are punctuation", "[segment][numbers]") {
    // A list "1,2", a full stop after a number, a clock missing its minutes.
    CHECK(token_texts("1,2 and 3. At 10: go") ==
          Strings{"1", ",", "2", "and", "3", ".", "At", "10", ":", "go"});
    CHECK(token_texts("1,00 12,3456") == Strings{"1", ",", "00", "12", ",", "3456"});
}

TEST_CASE("a number after CJK and an emoji has an exact span", "[segment][numbers]") {
    // 年 = 3 bytes, space, 🙂 = 4 bytes, space: "1,000.5" starts at byte 9.
    const Prose prose = prose_of("\u5E74 \U0001F642 1,000.5!");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 4);
    CHECK(result.tokens[2].kind == TokenKind::Number);
    CHECK(result.tokens[2].text == Span(9, 16));
    CHECK(result.tokens[2].norm.empty());
    CHECK(result.tokens[3].text == Span(16, 17));
}

TEST_CASE("punctuation runs that read as one mark", "[segment][punct]") {
    CHECK(typed_tokens("a... b.. c-- d--- e?! f!!! g?") ==
          Strings{"Word:a", "Punct:...", "Word:b", "Punct:..", "Word:c", "Punct:--", "Word:d",
                  "Punct:---", "Word:e", "Punct:?!", "Word:f", "Punct:!!!", "Word:g", "Punct:?"});
    // Other marks stand alone, even repeated.
    CHECK(token_texts(",, ;; ((") == Strings{",", ",", ";", ";", "(", "("});
}

TEST_CASE("Unicode dashes, ellipsis and curly quotes are punctuation", "[segment][punct]") {
    CHECK(typed_tokens("\u201CYes\u201D \u2013 no \u2014 maybe\u2026 \u00ABoui\u00BB") ==
          Strings{"Punct:\u201C", "Word:Yes", "Punct:\u201D", "Punct:\u2013", "Word:no",
                  "Punct:\u2014", "Word:maybe", "Punct:\u2026", "Punct:\u00AB", "Word:oui",
                  "Punct:\u00BB"});
}

TEST_CASE("symbols are one character each", "[segment][symbols]") {
    CHECK(typed_tokens("R&D $5 \u20AC3 a/b x+y=z 2*3 \u00A7 4 x>y ~") ==
          Strings{"Word:R",        "Symbol:&", "Word:D",   "Symbol:$", "Number:5", "Symbol:\u20AC",
                  "Number:3",      "Word:a",   "Symbol:/", "Word:b",   "Word:x",   "Symbol:+",
                  "Word:y",        "Symbol:=", "Word:z",   "Number:2", "Symbol:*", "Number:3",
                  "Symbol:\u00A7", "Number:4", "Word:x",   "Symbol:>", "Word:y",   "Symbol:~"});
    // Text-style pictographs without U+FE0F are symbols, not emoji.
    CHECK(typed_tokens("\u00A9 2024 \u2122") ==
          Strings{"Symbol:\u00A9", "Number:2024", "Symbol:\u2122"});
}

TEST_CASE("space_before tells glued tokens from spaced ones", "[segment][words]") {
    const Segmentation result = segment(prose_of("one ,two\t\n(three)"));
    REQUIRE(result.tokens.size() == 6);
    CHECK(result.tokens[0].space_before);  // the block start counts as a space
    CHECK(result.tokens[1].space_before);
    CHECK_FALSE(result.tokens[2].space_before);
    CHECK(result.tokens[3].space_before);
    CHECK_FALSE(result.tokens[4].space_before);
    CHECK_FALSE(result.tokens[5].space_before);
}

TEST_CASE("invisible format characters are neither tokens nor spaces", "[segment][words]") {
    // A soft hyphen inside a word keeps it whole and leaves the norm; a BOM starts nothing.
    const Segmentation result = segment(prose_of("\uFEFFhy\u00ADphen"));
    REQUIRE(result.tokens.size() == 1);
    CHECK(result.tokens[0].text == Span(3, 11));
    CHECK(result.tokens[0].norm == "hyphen");
    // A zero-width space, though, separates words.
    CHECK(token_texts("\u0E44\u0E17\u0E22\u200B\u0E14\u0E35") ==
          Strings{"\u0E44\u0E17\u0E22", "\u0E14\u0E35"});
}
