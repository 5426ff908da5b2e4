#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "stylometry/analyzer.hpp"
#include "stylometry/document.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/reference.hpp"
#include "stylometry/rewrite/kept_spans.hpp"
#include "stylometry/rewrite/word_choice.hpp"

using namespace fantasma;

namespace {

const SynonymTable kTable = SynonymTable::parse(
    "# a test table\n"
    "@table synonyms\n"
    "form\tpos\treplacements\n"
    "automobiles\tnoun\tcars\n"
    "employed\tverb\tused\n"
    "enormous\tadj\thuge|vast\n"
    "immensely\tadv\tvastly\n"
    "purchased\tverb\tbought\n");

// The text with the pass's edits applied, at `strength`, guided by `profile` when given.
std::string chosen(const std::string& source, double strength, const Profile* profile = nullptr,
                   Language language = Language::Text, const SynonymTable& table = kTable,
                   bool any_word = false) {
    const Document document = make_document(source, language);
    const std::vector<Span> kept = kept_spans(document);
    return apply_edits(source, word_choice_edits(document, Reference::builtin(), kept,
                                                 {strength, profile, any_word}, table));
}

// The text with the pass's edits at full strength, with `table`'s synonyms.
std::string chosen_from(const SynonymTable& table, const std::string& source) {
    return chosen(source, 1.0, nullptr, Language::Text, table);
}

}  // namespace

TEST_CASE("word choice: the table's synonyms, in the word's casing, up to the share asked") {
    const std::string text = "Automobiles were employed daily. The enormous garage held them.";
    CHECK(chosen(text, 0) == text);
    // A share of 1 changes all three words the table knows.
    // "vast" over "huge": the reference reads "the vast" more often than "the huge".
    CHECK(chosen(text, 1) == "Cars were used daily. The vast garage held them.");
    // Six content words: a share of 0.12 changes one, the rarest in the reference first.
    const std::string one = chosen(text, 0.12);
    CHECK(one != text);
    CHECK(std::count(one.begin(), one.end(), ' ') == std::count(text.begin(), text.end(), ' '));
}

TEST_CASE("word choices: every replacement ranked, in the word's casing, for the editor") {
    const std::string text = "Enormous crowds came. We purchased tickets.";
    const Document document = make_document(text, Language::Text);
    const std::vector<WordChoice> choices =
        word_choices(document, Reference::builtin(), kept_spans(document), {1.0, nullptr}, kTable);
    REQUIRE(choices.size() == 2);
    // The most distinctive first: "purchased" is the rarer in the reference.
    CHECK(choices[0].distinctiveness >= choices[1].distinctiveness);
    CHECK(choices[0].word == "purchased");
    CHECK(choices[0].replacements == std::vector<std::string>{"bought"});
    CHECK(choices[1].word == "Enormous");
    // "Huge" before "Vast": the reference has neither pair, so the commoner word first.
    CHECK(choices[1].replacements == std::vector<std::string>{"Huge", "Vast"});
    CHECK(text.substr(choices[1].source.begin, choices[1].source.size()) == "Enormous");
}

TEST_CASE("word choice leaves names, quotations, code, compounds and articles that would clash") {
    // "Enormous" inside a name, a quotation, a code span and a hyphenated compound stays, and
    // "an enormous" cannot become "an huge".
    const std::string markdown =
        "We met at Enormous Automobiles Ltd and she said \"it was enormous\". The flag "
        "`employed` is set, the enormous-looking car was purchased, and an enormous one too.\n";
    // A replacement the sentence already has is no choice: "cars" stays "automobiles" here.
    CHECK(chosen("Cars and automobiles filled the road.", 1) ==
          "Cars and automobiles filled the road.");
    // Nor in another inflection: "used" beside "using" reads as a slip (an EBG essay's
    // "assist girls ... by helping them", fresh).
    CHECK(chosen("They employed it after using the rest.", 1) ==
          "They employed it after using the rest.");
    // A verb before a preposition keeps it: its synonym may not take the same one.
    CHECK(chosen("They were employed by us and employed it.", 1) ==
          "They were employed by us and used it.");
    CHECK(chosen(markdown, 1, nullptr, Language::Markdown) ==
          "We met at Enormous Automobiles Ltd and she said \"it was enormous\". The flag "
          "`employed` is set, the enormous-looking car was bought, and an enormous one too.\n");
}

TEST_CASE("word choice with a profile replaces the writer's own favourite words first") {
    // The writer's other texts use "purchased" all the time and "immensely" never: with one
    // word to change, it is "purchased", though "immensely" is the rarer in the reference
    // (and the one changed without a profile).
    Profile profile;
    profile.add_words(make_document(
        "We purchased a car. They purchased a boat. She purchased it, as always.", Language::Text));
    const std::string text = "We purchased it and liked it immensely over the years.";
    CHECK(chosen(text, 0.2, &profile) == "We bought it and liked it immensely over the years.");
    // A word the writer never uses does not point at them: not replaced at any share.
    CHECK(chosen(text, 1.0, &profile) == "We bought it and liked it immensely over the years.");
    CHECK(chosen(text, 0.2) == "We purchased it and liked it vastly over the years.");
    // For an aimed rewrite every replaceable word is a candidate: its attacker decides.
    CHECK(chosen(text, 1.0, &profile, Language::Text, kTable, true) ==
          "We bought it and liked it vastly over the years.");
}

TEST_CASE("synonym table: malformed rows are refused with their line") {
    CHECK_THROWS_WITH(
        SynonymTable::parse("@table synonyms\nform\tpos\treplacements\nCar\tnoun\tauto\n"),
        Catch::Contains("line 3"));
    CHECK_THROWS_WITH(SynonymTable::parse("@table synonyms\nform\tpos\treplacements\nx\tnoun\t\n"),
                      Catch::Contains("line 3"));
    CHECK_THROWS_WITH(SynonymTable::parse("form\tpos\treplacements\na\tnoun\tb\na\tnoun\tc\n"),
                      Catch::Contains("listed twice"));
    CHECK_THROWS_WITH(SynonymTable::parse("form\tpos\treplacements\na\tname\tb\n"),
                      Catch::Contains("unknown part of speech 'name'"));
    // One form may have a row for each part of speech.
    CHECK(SynonymTable::parse("form\tpos\treplacements\na\tnoun\tb\na\tverb\tc\n").size() == 2);
}

TEST_CASE("the built-in synonym table: judged pairs, a row per part of speech") {
    const SynonymTable& table = SynonymTable::builtin();
    CHECK(table.size() > 300);
    // "purchase" the verb is "buy"; the noun has no judged pair ("a good purchase" is no
    // "a good buy" in every sentence).
    CHECK(table.replacements("purchase", WordNetPart::Verb) == std::vector<std::string>{"buy"});
    CHECK(table.replacements("purchase", WordNetPart::Noun).empty());
    CHECK(table.replacements("purchase", WordNetPart::None).empty());
    // Inflection is kept: a plural for a plural.
    CHECK(table.replacements("physicians", WordNetPart::Noun) ==
          std::vector<std::string>{"doctors"});
    // Pairs people judged wrong are absent though WordNet lists them: "idea" → "thought".
    CHECK(table.replacements("idea", WordNetPart::Noun).empty());
}

TEST_CASE("word choice takes the row of the part of speech the sentence gives the word") {
    const SynonymTable& table = SynonymTable::builtin();
    const auto rewritten = [&](const std::string& text) { return chosen_from(table, text); };
    // "aid" and "purchase" the verbs have a synonym, the nouns none.
    CHECK(rewritten("The aid came late. We will purchase a car and aid them.") ==
          "The aid came late. We will buy a car and help them.");
    CHECK(rewritten("The purchase was costly.") == "The purchase was costly.");
}

TEST_CASE("word choice moves function words the writer leans on, where the meaning stays") {
    const auto rewritten = [](const std::string& text) { return chosen(text, 0.1); };
    // A restrictive "which" after a noun becomes "that"; after a comma, after a preposition
    // and before the noun it determines it stays.
    CHECK(rewritten("The road which we took was long, which was fine. The town in which we "
                    "stayed was old. I asked the guide which road was shorter.") ==
          "The road that we took was long, which was fine. The town in which we stayed was "
          "old. I asked the guide which road was shorter.");
    // "upon" is "on", except in "once upon a time" and "row upon row".
    CHECK(rewritten("Once upon a time we relied upon maps, row upon row of them.") ==
          "Once upon a time we relied on maps, row upon row of them.");
    CHECK(rewritten("Although it rained, we walked.") == "Though it rained, we walked.");
    // Off with the pass.
    const std::string text = "Although it rained, we walked.";
    const Document document = make_document(text, Language::Text);
    CHECK(word_choice_edits(document, Reference::builtin(), kept_spans(document), {0, nullptr},
                            kTable)
              .empty());
}

TEST_CASE("word choice does not trust a noun right after the infinitive's 'to'") {
    // The tagger reads "decree" after "quick to" as a noun here; a noun's synonym ("edict")
    // after "to" would be no verb at all.
    const SynonymTable table =
        SynonymTable::parse("form\tpos\treplacements\ndecree\tnoun\tedict\nsort\tnoun\tkind\n");
    CHECK(chosen_from(table, "He is quick to decree this way change back. The decree stands.") ==
          "He is quick to decree this way change back. The edict stands.");
    // Nor after a subject pronoun: "we sort through" is read as the noun here.
    const std::string sorting = "We sort through millions of incoming reports every day.";
    CHECK(chosen_from(table, sorting) == sorting);
}

TEST_CASE("word choice leaves a word whose neighbour contradicts the tagger's reading") {
    const SynonymTable table =
        SynonymTable::parse("form\tpos\treplacements\nsorts\tnoun\tkinds\nepoch\tnoun\tera\n");
    const auto rewritten = [&](const std::string& text) { return chosen_from(table, text); };
    // "now sorts" is the verb, whatever the tagger says; "the Unix epoch" a term of its own.
    CHECK(rewritten("The tool now sorts pages below real ones.") ==
          "The tool now sorts pages below real ones.");
    CHECK(rewritten("It ran before the Unix epoch.") == "It ran before the Unix epoch.");
    CHECK(rewritten("We saw all sorts of birds in that epoch.") ==
          "We saw all kinds of birds in that era.");
}
