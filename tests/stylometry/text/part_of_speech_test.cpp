// Part of speech from context: a word with several readings gets the one its sentence gives it.
// The sentences are written for these tests; those of the "real text" case have the shapes of
// sentences in Debian's shipped documentation (release notes, READMEs).
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "stylometry/document.hpp"
#include "stylometry/text/part_of_speech.hpp"

using namespace fantasma;

namespace {

// The part of speech of the `occurrence`th (from 0) word `word` (as written) of `text`, a
// plain-text document of one or more sentences, by the built-in model.
PartOfSpeech part_of(const std::string& text, std::string_view word, int occurrence = 0) {
    const Document document = make_document(text, Language::Text);
    for (const Sentence& sentence : document.sentences()) {
        const std::vector<PartOfSpeech> parts =
            PartOfSpeechTagger::builtin().tag(document.prose, document.tokens(), sentence);
        REQUIRE(parts.size() == sentence.end_token - sentence.first_token);
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            if (document.text(document.tokens()[i].text) == word && occurrence-- == 0)
                return parts[i - sentence.first_token];
        }
    }
    FAIL("no '" << word << "' in: " << text);
    return PartOfSpeech::Other;
}

// Names print in failure messages ("noun"), not numbers.
std::string named(PartOfSpeech part) {
    return std::string(name(part));
}

}  // namespace

TEST_CASE("lead: the metal or the verb", "[part-of-speech]") {
    CHECK(named(part_of("The old pipes in the cellar were made of lead.", "lead")) == "noun");
    CHECK(named(part_of("The paint on these walls contains lead and other metals.", "lead")) ==
          "noun");
    CHECK(named(part_of("She will lead the team through the next season.", "lead")) == "verb");
    CHECK(named(part_of("These small habits lead to better sleep.", "lead")) == "verb");
    CHECK(named(part_of("A missing check could lead to a crash at startup.", "lead")) == "verb");
}

TEST_CASE("present: adjective, noun or verb", "[part-of-speech]") {
    CHECK(named(part_of("All the members were present at the meeting.", "present")) == "adjective");
    CHECK(named(part_of("The library is used when it is present on the system.", "present")) ==
          "adjective");
    CHECK(named(part_of("He bought his sister a present for her birthday.", "present")) == "noun");
    CHECK(named(part_of("We will present our results to the board next week.", "present")) ==
          "verb");
}

TEST_CASE("close: adjective or verb", "[part-of-speech]") {
    // Brown tags "close to" an adverb as often as an adjective: either is not the verb.
    CHECK(wordnet_part(part_of("The station is close to the hotel.", "close")) !=
          WordNetPart::Verb);
    CHECK(named(part_of("They kept a close watch on the river.", "close")) == "adjective");
    CHECK(named(part_of("You should close the valve before the winter.", "close")) == "verb");
}

// Known weaknesses, not tested (a test that may fail proves nothing): commands, rare in Brown
// ("Please close the door", "Close the window", "Present your ticket", "the shops close at
// noon" come out as adverbs), a verb after a plural noun ("…, costs $300" as a plural noun)
// and "are striking" read as an adjective. The word-choice pass checks the word before a
// candidate against its tag for these (stylometry/rewrite/word_choice.cpp, context_agrees).

TEST_CASE("found: the past of find or the verb found", "[part-of-speech]") {
    CHECK(named(part_of("She found her keys under the sofa.", "found")) == "verb-past");
    CHECK(named(part_of("The keys were found in the car.", "found")) == "past-participle");
    CHECK(named(part_of("The settings file can be found in your home folder.", "found")) ==
          "past-participle");
    CHECK(wordnet_part(part_of("They hope to found a new school in the valley.", "found")) ==
          WordNetPart::Verb);
}

TEST_CASE("left: past, participle, adjective or noun", "[part-of-speech]") {
    CHECK(named(part_of("He left the house before dawn.", "left")) == "verb-past");
    CHECK(named(part_of("Nothing was left of the old barn.", "left")) == "past-participle");
    CHECK(named(part_of("She raised her left hand.", "left")) == "adjective");
    CHECK(named(part_of("The bakery is the second shop on the left.", "left")) == "noun");
}

TEST_CASE("saw: the tool or the past of see", "[part-of-speech]") {
    CHECK(named(part_of("He cut the plank with a saw.", "saw")) == "noun");
    CHECK(named(part_of("We saw a fox in the garden.", "saw")) == "verb-past");
}

TEST_CASE("work and works: noun or verb", "[part-of-speech]") {
    CHECK(named(part_of("Her work on the bridge took two years.", "work")) == "noun");
    CHECK(named(part_of("They work at the mill.", "work")) == "verb");
    CHECK(named(part_of("The new pump works well.", "works")) == "verb-third-person");
    CHECK(named(part_of("The option now works with older kernels too.", "works")) ==
          "verb-third-person");
    CHECK(named(part_of("He read the collected works of three poets.", "works")) == "plural-noun");
}

TEST_CASE("the -ing form: verb or adjective", "[part-of-speech]") {
    CHECK(named(part_of("She is reading a long letter.", "reading")) == "gerund");
    CHECK(named(part_of("Swimming in the lake is forbidden.", "Swimming")) == "gerund");
    CHECK(named(part_of("It was an interesting book.", "interesting")) == "adjective");
    CHECK(named(part_of("She bears a striking likeness to her aunt.", "striking")) == "adjective");
}

TEST_CASE("used to: the habit and the purpose", "[part-of-speech]") {
    const std::string habit = "He used to walk to the harbour every morning.";
    CHECK(named(part_of(habit, "used")) == "verb-past");
    CHECK(named(part_of(habit, "to")) == "to");
    CHECK(named(part_of(habit, "walk")) == "verb");
    const std::string purpose = "This key is used to sign the release.";
    CHECK(named(part_of(purpose, "used")) == "past-participle");
    CHECK(named(part_of(purpose, "to")) == "to");
    CHECK(named(part_of(purpose, "sign")) == "verb");
}

TEST_CASE("a capital that opens a sentence is the sentence's, not a name's", "[part-of-speech]") {
    CHECK(named(part_of("Lead is a soft and heavy metal.", "Lead")) == "noun");
    CHECK(named(part_of("Found in 1850, the school is the oldest in the county.", "Found")) ==
          "past-participle");
    // A name the model has never seen, opening a sentence, and in the middle of one.
    CHECK(named(part_of("Kowalczyk found the letter.", "Kowalczyk")) == "proper-noun");
    CHECK(named(part_of("The letter was found by Kowalczyk.", "Kowalczyk")) == "proper-noun");
}

TEST_CASE("numbers, punctuation and symbols", "[part-of-speech]") {
    const std::string text = "The pump, rated at 40 litres a minute, costs $300.";
    CHECK(named(part_of(text, ",")) == "punctuation");
    CHECK(named(part_of(text, "40")) == "number");
    CHECK(named(part_of(text, "$")) == "other");  // a symbol: not tagged
    CHECK(named(part_of(text, "litres")) == "plural-noun");
}

TEST_CASE("sentences shaped like those of real documentation", "[part-of-speech]") {
    // Release notes: a verb after "that", nouns and participles in passives.
    CHECK(named(part_of("We used to build it with the old compiler, but it is no longer tested.",
                        "used")) == "verb-past");
    CHECK(named(part_of("The old library was left behind after the upgrade.", "left")) ==
          "past-participle");
    CHECK(named(part_of("An error message is now printed if the device is not found.", "found")) ==
          "past-participle");
    CHECK(named(part_of("Unchecked input could lead to a buffer overrun in the parser.", "lead")) ==
          "verb");
    CHECK(named(part_of("The bug was present in the first release.", "present")) == "adjective");
    CHECK(named(part_of("Scrolling with the arrow keys works better now.", "works")) ==
          "verb-third-person");
}

TEST_CASE("the WordNet part of each part of speech", "[part-of-speech]") {
    CHECK(wordnet_part(PartOfSpeech::PluralNoun) == WordNetPart::Noun);
    CHECK(wordnet_part(PartOfSpeech::Gerund) == WordNetPart::Verb);
    CHECK(wordnet_part(PartOfSpeech::Superlative) == WordNetPart::Adjective);
    CHECK(wordnet_part(PartOfSpeech::Adverb) == WordNetPart::Adverb);
    CHECK(wordnet_part(PartOfSpeech::ProperNoun) == WordNetPart::None);
    CHECK(wordnet_part(PartOfSpeech::Modal) == WordNetPart::None);
}

namespace {

// A model of three tags small enough to follow by hand: "<s> DT NN" and "<s> DT VB".
constexpr std::string_view kTinyModel =
    "# a test model\n"
    "@table tags\n"
    "tag\tpart_of_speech\tcount\n"
    "<s>\tother\t2\n"
    "DT\tdeterminer\t2\n"
    "NN\tnoun\t1\n"
    "VB\tverb\t1\n"
    "@table interpolation\n"
    "order\tweight\n"
    "1\t0.1\n"
    "2\t0.3\n"
    "3\t0.6\n"
    "@table bigrams\n"
    "first\tsecond\tcount\n"
    "<s>\tDT\t2\n"
    "DT\tNN\t1\n"
    "DT\tVB\t1\n"
    "NN\t<s>\t1\n"
    "VB\t<s>\t1\n"
    "@table trigrams\n"
    "first\tsecond\tthird\tcount\n"
    "<s>\t<s>\tDT\t2\n"
    "<s>\tDT\tNN\t1\n"
    "<s>\tDT\tVB\t1\n"
    "DT\tNN\t<s>\t1\n"
    "DT\tVB\t<s>\t1\n"
    "@table words\n"
    "word\ttags\n"
    "the\tDT:2\n"
    "run\tNN:1 VB:1\n"
    "@table endings\n"
    "shape\tending\ttags\n"
    "lower\t\tNN:0.5 VB:0.5\n"
    "lower\ts\tNN:0.9 VB:0.1\n"
    "capital\t\tNN:1\n"
    "initial\t\tNN:1\n"
    "punct\t\tDT:1\n";

std::vector<std::string> tags_of(const PartOfSpeechTagger& tagger, const std::string& text) {
    const Document document = make_document(text, Language::Text);
    std::vector<std::string> out;
    for (const Sentence& sentence : document.sentences())
        for (PartOfSpeech part : tagger.tag(document.prose, document.tokens(), sentence))
            out.emplace_back(name(part));
    return out;
}

}  // namespace

TEST_CASE("a model table parses and tags by its counts", "[part-of-speech]") {
    const PartOfSpeechTagger tagger = PartOfSpeechTagger::parse(kTinyModel);
    // "the" is known; "cats" is not, and its ending says noun.
    CHECK(tags_of(tagger, "the cats") == std::vector<std::string>{"determiner", "noun"});
    // No token at all, or only a symbol: nothing to decode.
    CHECK(tags_of(tagger, "&").size() == 1);
}

TEST_CASE("a malformed model row throws with its line number", "[part-of-speech]") {
    std::string model(kTinyModel);
    const auto broken = [&](std::string_view row, std::string_view replacement) {
        std::string text = model;
        text.replace(text.find(row), row.size(), replacement);
        return text;
    };
    // Line 29 is the row of "the".
    CHECK_THROWS_WITH(PartOfSpeechTagger::parse(broken("the\tDT:2\n", "the\tXX:2\n")),
                      Catch::Contains("line 29") && Catch::Contains("'XX' is not a listed tag"));
    CHECK_THROWS_WITH(PartOfSpeechTagger::parse(broken("the\tDT:2\n", "the\tDT:two\n")),
                      Catch::Contains("line 29") && Catch::Contains("not a number"));
    CHECK_THROWS_WITH(PartOfSpeechTagger::parse(broken("the\tDT:2\n", "the DT:2\n")),
                      Catch::Contains("line 29") && Catch::Contains("tab-separated fields"));
    CHECK_THROWS_WITH(PartOfSpeechTagger::parse(broken("NN\tnoun\t1\n", "NN\tnouns\t1\n")),
                      Catch::Contains("line 6") && Catch::Contains("unknown part of speech"));
    CHECK_THROWS_AS(PartOfSpeechTagger::parse(broken("capital\t\tNN:1\n", "")),
                    std::runtime_error);  // every shape needs a distribution
}

TEST_CASE("the built-in model parses", "[part-of-speech]") {
    CHECK_NOTHROW(PartOfSpeechTagger::builtin());
}
