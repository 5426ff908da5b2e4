#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "stylometry/analyzer.hpp"
#include "stylometry/document.hpp"
#include "stylometry/rewrite/phrase_table.hpp"
#include "stylometry/rewrite/rewrite.hpp"

using namespace fantasma;

namespace {

const PhraseTable kTable = PhraseTable::parse(
    "# a test table\n"
    "@table phrase_replacements\n"
    "phrase\treplacement\tkind\n"
    "in order to\tto\twordy\n"
    "in spite of\tdespite\twordy\n"
    "in spite of the fact that\talthough\twordy\n"
    "prior to\tbefore\twordy\n"
    "whilst\twhile\tregional\n");

// The document with the table's edits applied.
std::string replaced(const PhraseTable& table, const std::string& source,
                     Language language = Language::Text) {
    const Document document = make_document(source, language);
    return apply_edits(source, table.edits(document));
}

std::string rewritten(const std::string& source, Language language = Language::Text) {
    static const Analyzer analyzer;
    return rewrite(source, RewriteOptions{language, std::nullopt, {}}, analyzer).text;
}

}  // namespace

TEST_CASE("phrase table: whole words, any case of the first letter, any spacing") {
    CHECK(replaced(kTable, "We left early in order to rest, whilst they stayed.") ==
          "We left early to rest, while they stayed.");
    CHECK(replaced(kTable, "In order\n to win, we trained prior to the race.") ==
          "To win, we trained before the race.");
    // The longest phrase wins; a phrase never runs across punctuation or sentences.
    CHECK(replaced(kTable, "In spite of the fact that it rained, we went in spite of it.") ==
          "Although it rained, we went despite it.");
    CHECK(replaced(kTable, "Put them in order. To win, read the priors to me.") ==
          "Put them in order. To win, read the priors to me.");
    // Other capitals mean a title or shouting: left alone.
    CHECK(replaced(kTable, "See In Order To Win and IN ORDER TO WIN.") ==
          "See In Order To Win and IN ORDER TO WIN.");
}

TEST_CASE("phrase table: the edits are in source bytes and leave markup alone") {
    const std::string source = "Read *this* in order to see `in order to` stay.\n";
    const Document document = make_document(source, Language::Markdown);
    const std::vector<TextEdit> edits = kTable.edits(document);
    REQUIRE(edits.size() == 1);
    CHECK(source.substr(edits[0].source.begin, edits[0].source.size()) == "in order to");
    CHECK(edits[0].new_text == "to");
    CHECK(edits[0].code == "phrase-table");
}

TEST_CASE("phrase table: malformed tables are refused with the line") {
    const std::string header = "@table phrase_replacements\nphrase\treplacement\tkind\n";
    CHECK_THROWS_WITH(PhraseTable::parse("phrase\treplacement\tkind\n"),
                      Catch::Contains("line 1") && Catch::Contains("@table"));
    CHECK_THROWS_WITH(PhraseTable::parse(header + "in order to\tto\n"),
                      Catch::Contains("line 3") && Catch::Contains("three columns"));
    CHECK_THROWS_WITH(PhraseTable::parse(header + "In Order\tto\twordy\n"),
                      Catch::Contains("lower-case words"));
    CHECK_THROWS_WITH(
        PhraseTable::parse(header + "prior to\tbefore\twordy\nprior to\tere\twordy\n"),
        Catch::Contains("line 4") && Catch::Contains("twice"));
    CHECK_THROWS_WITH(PhraseTable::parse(header + "prior to\tbefore\tfancy\n"),
                      Catch::Contains("kind"));
}

TEST_CASE("phrase table: the built-in table parses and the rewrite applies it") {
    CHECK(PhraseTable::builtin().size() >= 40);
    CHECK(rewritten("Prior to the war, the majority of the farms grew wheat whilst others "
                    "grew corn.\n") ==
          "Before the war, most of the farms grew wheat while others grew corn.\n");
    // After a noun "in order to" stays: "respect to realize" would read as one phrase.
    CHECK(rewritten("They need respect in order to grow, and work hard in order to grow.\n") ==
          "They need respect in order to grow, and work hard to grow.\n");
    // "Except" alone cannot open a sentence where "with the exception of" did (EBG, fresh).
    CHECK(rewritten("With the exception of the lid, the jar was intact.\n") ==
          "Except for the lid, the jar was intact.\n");
    // Quoted material is someone else's words: it stays.
    CHECK(rewritten("He wrote \"in order to win\" in order to win.\n") ==
          "He wrote \"in order to win\" to win.\n");
}

TEST_CASE("phrase table: no phrase starts or ends inside a hyphenated compound") {
    // "off of" is wordy in "get off of the bus", but "trade-off of" is a compound and "of".
    CHECK(rewritten("They made the trade-off of speed for size.\n") ==
          "They made the trade-off of speed for size.\n");
    CHECK(rewritten("Get off of the bus.\n") == "Get off the bus.\n");
}
