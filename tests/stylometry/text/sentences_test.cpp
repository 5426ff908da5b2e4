// Sentence boundaries: terminal marks, closing quotes, abbreviations, initials, decimals,
// ellipses, CJK full stops and blocks.
#include <catch2/catch.hpp>

#include "segment_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;
using Strings = std::vector<std::string>;

TEST_CASE("sentences end at . ! ? and their runs before a capital", "[segment][sentences]") {
    CHECK(sentence_texts("It rained. We stayed in! Why? Really?! Yes... We did\u2026 Fine.") ==
          Strings{"It rained.", "We stayed in!", "Why?", "Really?!", "Yes...", "We did\u2026",
                  "Fine."});
}

TEST_CASE("a sentence may start with a quote, a bracket, a digit or a caseless letter",
          "[segment][sentences]") {
    CHECK(sentence_texts(
              "Done. \"Next,\" he said. (Aside.) 42 came. \u00BFQu\u00E9? \u041E\u043A. \u5C71.") ==
          Strings{"Done.", "\"Next,\" he said.", "(Aside.)", "42 came.", "\u00BFQu\u00E9?",
                  "\u041E\u043A.", "\u5C71."});
}

TEST_CASE("closing quotes and brackets stay with their sentence", "[segment][sentences]") {
    CHECK(sentence_texts("He said \u201CStop.\u201D Then he left (quietly.) She stayed.'' Ok.") ==
          Strings{"He said \u201CStop.\u201D", "Then he left (quietly.)", "She stayed.''", "Ok."});
}

TEST_CASE("no break before a lower-case word or without a space", "[segment][sentences]") {
    CHECK(sentence_texts("Wait... then go. What? no. See Amazon.COM now.") ==
          Strings{"Wait... then go.", "What? no.", "See Amazon.COM now."});
}

TEST_CASE("a lower-case word glued to a capitalised one by a terminal is a break",
          "[segment][sentences]") {
    // Pasted text often loses the space after a full stop.
    CHECK(sentence_texts("It ended.Then it began?Again, said Mr.Smith to e.g.Bob.") ==
          Strings{"It ended.", "Then it began?", "Again, said Mr.Smith to e.g.Bob."});
}

TEST_CASE("no break after titles and reference abbreviations", "[segment][sentences]") {
    CHECK(sentence_texts("Mr. Smith and Mrs. Jones met Dr. Who. See Fig. 3 and Prof. Xu. Done.") ==
          Strings{"Mr. Smith and Mrs. Jones met Dr. Who.", "See Fig. 3 and Prof. Xu.", "Done."});
    CHECK(sentence_texts("Cats vs. Dogs, e.g. Rex, i.e. Bo. Fine.") ==
          Strings{"Cats vs. Dogs, e.g. Rex, i.e. Bo.", "Fine."});
}

TEST_CASE("abbreviations that can end a sentence end one before a common opener",
          "[segment][sentences]") {
    CHECK(sentence_texts("Pens, ink, etc. The rest waits. Ask St. Louis or the U.S. Army.") ==
          Strings{"Pens, ink, etc.", "The rest waits.", "Ask St. Louis or the U.S. Army."});
    CHECK(sentence_texts("We met at 5 p.m. It was late. She lives in the U.S. He does not.") ==
          Strings{"We met at 5 p.m.", "It was late.", "She lives in the U.S.", "He does not."});
}

TEST_CASE("initials do not end a sentence, the pronoun I does", "[segment][sentences]") {
    CHECK(sentence_texts("J. R. R. Tolkien wrote. So did I. Then vitamin C. It helps.") ==
          Strings{"J. R. R. Tolkien wrote.", "So did I.", "Then vitamin C.", "It helps."});
}

TEST_CASE("decimals and list numbers do not end a sentence", "[segment][sentences]") {
    CHECK(sentence_texts("Pi is 3.14 or so. 1. Introduction here. It cost 2. Then more.") ==
          Strings{"Pi is 3.14 or so.", "1. Introduction here.", "It cost 2.", "Then more."});
}

TEST_CASE("emoji and emoticons after a terminal close the sentence", "[segment][sentences]") {
    CHECK(sentence_texts("Thanks! \U0001F600 See you. :) Bye! \U0001F600 \U0001F600 ok") ==
          Strings{"Thanks! \U0001F600", "See you. :)", "Bye! \U0001F600 \U0001F600 ok"});
}

TEST_CASE("CJK full stops end a sentence without a space", "[segment][sentences]") {
    CHECK(sentence_texts("\u4ECA\u65E5\u306F\u3002\u660E\u65E5\uFF01\u5F8C\uFF1F") ==
          Strings{"\u4ECA\u65E5\u306F\u3002", "\u660E\u65E5\uFF01", "\u5F8C\uFF1F"});
    // Repeated marks and closing brackets stay with the sentence they end.
    CHECK(sentence_texts("\u300C\u884C\u304F\uFF01\uFF01\u300D\u672C\u3002") ==
          Strings{"\u300C\u884C\u304F\uFF01\uFF01\u300D", "\u672C\u3002"});
}

TEST_CASE("glued runs of terminals end one sentence", "[segment][sentences]") {
    CHECK(sentence_texts("Wait\u2026\u2026 What?. Done!\u2026 Yes\u203D Ok.") ==
          Strings{"Wait\u2026\u2026", "What?.", "Done!\u2026", "Yes\u203D", "Ok."});
}

TEST_CASE("sentences never cross a block and end at its end", "[segment][sentences]") {
    const Prose prose =
        prose_of(std::vector<std::string>{"A heading", "it goes on. Then", "stops"});
    CHECK(sentence_texts(prose) == Strings{"A heading", "it goes on.", "Then", "stops"});
}

TEST_CASE("sentence spans and token ranges after emoji and CJK", "[segment][sentences]") {
    // 🙂 = 4 bytes; "Hi 🙂." is bytes 0-8; 日本 = 6 bytes; the second is 9-23.
    const Prose prose = prose_of("Hi \U0001F642. \u65E5\u672C is far.");
    const Segmentation result = segment(prose);
    REQUIRE(result.sentences.size() == 2);
    CHECK(result.sentences[0].text == Span(0, 8));
    CHECK(result.sentences[0].first_token == 0);
    CHECK(result.sentences[0].end_token == 3);
    CHECK(result.sentences[1].text == Span(9, 23));
    CHECK(result.sentences[1].first_token == 3);
    CHECK(result.sentences[1].end_token == 8);
}
