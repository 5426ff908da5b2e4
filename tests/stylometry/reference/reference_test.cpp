#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

#include "stylometry/reference.hpp"

using namespace fantasma;

namespace {

const char* const small_tables =
    "# a hand-written reference\n"
    "@table function_words\n"
    "word\n"
    "the\n"
    "of\n"
    "@table word_frequencies\n"
    "word\tper_million\n"
    "the\t69970\n"
    "colour\t0.5\n"
    "@table phrase_frequencies\n"
    "phrase\tper_million\n"
    "of the\t9593\n"
    "@table dictionary\n"
    "word\n"
    "receive\n"
    "colour\n"
    "color\n"
    "@table spelling_variants\n"
    "form\tneutral\tregions\n"
    "colour\tcolor\tbritish|canadian|australian\n"
    "color\tcolor\tamerican\n"
    "@table distributions\n"
    "feature\tsource\tvalues\n"
    "semicolon-rate\tbrown\t0,0,0.001,0.002,0.01\n"
    "emoji-rate\tprior: assumed\t0,0.5\n";

std::string message_of(std::string_view tables) {
    try {
        Reference::parse(tables);
    } catch (const std::runtime_error& error) {
        return error.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("parse reads every table of a hand-written reference") {
    const Reference reference = Reference::parse(small_tables);
    CHECK(reference.function_words() == std::vector<std::string>{"the", "of"});
    CHECK(reference.is_function_word("of"));
    CHECK_FALSE(reference.is_function_word("colour"));
    CHECK(reference.word_per_million("the") == Approx(69970));
    CHECK(reference.word_per_million("colour") == Approx(0.5));
    CHECK(reference.word_per_million("unseen") == 0);
    CHECK(reference.phrase_per_million("of the") == Approx(9593));
    CHECK(reference.phrase_per_million("the of") == 0);
    CHECK(reference.is_dictionary_word("receive"));
    CHECK_FALSE(reference.is_dictionary_word("recieve"));

    const SpellingVariant* colour = reference.spelling("colour");
    REQUIRE(colour != nullptr);
    CHECK(colour->neutral == "color");
    CHECK(colour->regions == (British | Canadian | Australian));
    CHECK(reference.spelling("receive") == nullptr);

    const Distribution* semicolons = reference.distribution("semicolon-rate");
    REQUIRE(semicolons != nullptr);
    CHECK(semicolons->writers() == 5);
    CHECK(reference.distribution_source("semicolon-rate") == "brown");
    CHECK(reference.distribution_source("emoji-rate") == "prior: assumed");
    CHECK(reference.distribution("nothing") == nullptr);
    CHECK(reference.writers() == 5);
    CHECK(reference.features() == std::vector<std::string_view>{"emoji-rate", "semicolon-rate"});
}

TEST_CASE("a parsed reference does not depend on the text it was parsed from") {
    std::string tables = small_tables;
    const Reference reference = Reference::parse(tables);
    tables.assign(tables.size(), 'x');
    const Reference copy = reference;
    CHECK(copy.is_function_word("the"));
    CHECK(copy.spelling("colour") != nullptr);
}

TEST_CASE("malformed tables are rejected with the table and line named") {
    CHECK(message_of("@table word_frequencies\nword\tper_million\nthe\tmany\n") ==
          "reference tables: input line 3 (table word_frequencies): 'many' is not a number");
    CHECK(message_of("@table word_frequencies\nword\tper_million\nthe\n") ==
          "reference tables: input line 3 (table word_frequencies): expected 2 tab-separated "
          "fields, got 1");
    CHECK(message_of("# comment\n@table words\nword\n") ==
          "reference tables: input line 2: unknown table 'words'");
    CHECK(message_of("the\n") ==
          "reference tables: input line 1: data before the first '@table NAME' line");
    CHECK(message_of("@table dictionary\nterm\n") ==
          "reference tables: input line 2 (table dictionary): expected the header 'word', got "
          "'term'");
    CHECK(
        message_of("@table spelling_variants\nform\tneutral\tregions\ncolour\tcolor\tscottish\n") ==
        "reference tables: input line 3 (table spelling_variants): unknown region 'scottish'");
    CHECK(message_of("@table distributions\nfeature\tsource\tvalues\nx\tbrown\t0,,1\n") ==
          "reference tables: input line 3 (table distributions): '' is not a number");
    CHECK(message_of("@table dictionary\nword\nthe\nthe\n") ==
          "reference tables: table dictionary lists 'the' twice");
}

TEST_CASE("shares are exact on the stored values") {
    const Distribution distribution({0.0f, 0.0f, 0.25f, 0.5f, 1.0f});
    CHECK(distribution.share_at_least(0.0) == 1.0);
    CHECK(distribution.share_at_least(0.25) == Approx(0.6));
    CHECK(distribution.share_at_least(0.3) == Approx(0.4));
    CHECK(distribution.share_at_least(1.0) == Approx(0.2));
    CHECK(distribution.share_at_least(2.0) == 0.0);
    CHECK(distribution.share_at_most(0.0) == Approx(0.4));
    CHECK(distribution.share_at_most(0.25) == Approx(0.6));
    CHECK(distribution.share_at_most(-1.0) == 0.0);
    CHECK(distribution.median() == Approx(0.25));
    CHECK(Distribution({1.0f, 2.0f, 4.0f, 8.0f}).median() == Approx(3.0));
    CHECK(Distribution({3.0f, 1.0f, 2.0f}).values() == std::vector<float>{1.0f, 2.0f, 3.0f});
    CHECK(Distribution().share_at_least(1.0) == 1.0);
    CHECK(Distribution().median() == 0.0);
}

TEST_CASE("bits are -log2 of the share, floored at one writer more than the reference") {
    CHECK(bits_for_share(1.0, 500) == 0.0);
    CHECK(bits_for_share(0.5, 500) == Approx(1.0));
    CHECK(bits_for_share(0.125, 500) == Approx(3.0));
    // No reference writer shows it: log2(501), not infinity.
    CHECK(bits_for_share(0.0, 500) == Approx(std::log2(501.0)));
    CHECK(bits_for_share(0.0, 3) == Approx(2.0));
    CHECK(bits_for_share(1.5, 500) == 0.0);
}

TEST_CASE("shrunk rates lean on the median when evidence is thin") {
    // One semicolon in five words, the population median 1 in 1000, worth 200 words.
    CHECK(shrunk_rate(1, 5, 0.001, 200) == Approx(1.2 / 205));
    CHECK(shrunk_rate(0, 0, 0.001, 200) == Approx(0.001));
    CHECK(shrunk_rate(10, 1000, 0.001, 0) == Approx(0.01));
    CHECK(shrunk_rate(0, 0, 0.25, 0) == 0.25);
}
