#include <catch2/catch.hpp>
#include <ctime>

#include "stylometry/reference.hpp"

using namespace fantasma;

TEST_CASE("the builtin reference knows common English") {
    const Reference& reference = Reference::builtin();
    CHECK(reference.is_function_word("the"));
    CHECK(reference.is_function_word("whereas"));
    CHECK_FALSE(reference.is_function_word("house"));
    CHECK(reference.function_words().size() >= 250);
    CHECK(reference.function_words().front() == "the");

    CHECK(reference.is_dictionary_word("receive"));
    CHECK(reference.is_dictionary_word("colour"));
    CHECK(reference.is_dictionary_word("don't"));
    CHECK_FALSE(reference.is_dictionary_word("recieve"));
    CHECK_FALSE(reference.is_dictionary_word("teh"));

    // "the" is about 7% of Brown's words; "of the" its most frequent bigram.
    CHECK(reference.word_per_million("the") > 50000);
    CHECK(reference.word_per_million("xylophonic") == 0);
    CHECK(reference.phrase_per_million("of the") > 5000);
    CHECK(reference.phrase_per_million("the of") == 0);
    CHECK(reference.phrase_per_million("one of the") > 100);
}

TEST_CASE("the builtin reference maps regional spellings to American") {
    const Reference& reference = Reference::builtin();
    const SpellingVariant* colour = reference.spelling("colour");
    REQUIRE(colour != nullptr);
    CHECK(colour->neutral == "color");
    CHECK(colour->regions == (British | Canadian | Australian));

    const SpellingVariant* color = reference.spelling("color");
    REQUIRE(color != nullptr);
    CHECK(color->neutral == "color");
    CHECK(color->regions == American);

    const SpellingVariant* realise = reference.spelling("realise");
    REQUIRE(realise != nullptr);
    CHECK(realise->neutral == "realize");
    CHECK((realise->regions & American) == 0);

    REQUIRE(reference.spelling("travelled") != nullptr);
    CHECK(reference.spelling("travelled")->neutral == "traveled");
    REQUIRE(reference.spelling("centre") != nullptr);
    CHECK(reference.spelling("centre")->neutral == "center");
    CHECK(reference.spelling("house") == nullptr);
}

TEST_CASE("parsing the builtin tables is fast") {
    // Processor time, not wall time: the tests may share a busy machine. (When another test
    // case of this process parsed the tables first, this measures nothing: CTest runs each
    // test case in its own process.)
    const std::clock_t start = std::clock();
    const Reference& reference = Reference::builtin();
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    CHECK(reference.is_function_word("of"));
    // Generous: the budget is 50 ms in an optimised build (about 25 ms measured); Debug and
    // sanitizer builds are several times slower.
    CHECK(seconds < 1.0);
}

TEST_CASE("the builtin distributions come from Brown's 500 writers and documented priors") {
    const Reference& reference = Reference::builtin();
    CHECK(reference.writers() == 500);

    // About 2 semicolons per 1,000 words for the median Brown writer; "the" is about 6% of
    // a typical writer's words.
    const Distribution* semicolons = reference.distribution("punct.semicolon");
    REQUIRE(semicolons != nullptr);
    CHECK(reference.distribution_source("punct.semicolon") == "brown");
    CHECK(semicolons->median() > 0.0005);
    CHECK(semicolons->median() < 0.01);
    const Distribution* the = reference.distribution("function-word.the");
    REQUIRE(the != nullptr);
    CHECK(the->median() > 0.03);
    CHECK(the->median() < 0.1);

    // Brown's typists wrote "--" for every dash: the em dash figure is a prior.
    CHECK(reference.distribution_source("dash.em").starts_with("prior: "));
    const Distribution* regional = reference.distribution("spelling.regional");
    REQUIRE(regional != nullptr);
    CHECK(reference.distribution_source("spelling.regional").starts_with("prior: "));
    // 30% of writers are assumed to spell the Commonwealth way, mostly (50-100%); a few of
    // Brown's American writers use a regional form or two as well.
    CHECK(regional->share_at_least(0.5) >= 0.3);
    CHECK(regional->share_at_least(0.5) < 0.35);
}
