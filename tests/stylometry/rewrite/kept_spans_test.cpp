#include <catch2/catch.hpp>

#include <string>

#include "stylometry/analyzer.hpp"
#include "stylometry/document.hpp"
#include "stylometry/rewrite/kept_spans.hpp"
#include "stylometry/rewrite/rewrite.hpp"

using namespace fantasma;

namespace {

std::string rewritten(const std::string& source, Language language = Language::Text) {
    static const Analyzer analyzer;
    return rewrite(source, RewriteOptions{language, std::nullopt, {}}, analyzer).text;
}

// The source text of each kept span.
std::vector<std::string> kept_texts(const std::string& source, Language language) {
    std::vector<std::string> texts;
    for (const Span span : kept_spans(make_document(source, language))) {
        texts.push_back(source.substr(span.begin, span.size()));
    }
    return texts;
}

}  // namespace

TEST_CASE("Quoted material comes back byte-identical, the prose around it is rewritten") {
    CHECK(rewritten("She wrote “the colour of money” and ‘the colour of night’ about the colour "
                    "of money.\n") ==
          "She wrote \"the colour of money\" and ‘the colour of night’ about the color of "
          "money.\n");
    CHECK(rewritten("He said \"I don't favour it\" and we favour it.\n") ==
          "He said \"I don't favour it\" and we favor it.\n");
    CHECK(rewritten("> the colour of money\n\nThe colour of money.\n", Language::Markdown) ==
          "> the colour of money\n\nThe color of money.\n");
    // A letter quoted to the paragraph's end, its closing mark forgotten (EBG, fresh).
    CHECK(rewritten("The colour faded. He called it “a centre for all the intrigues.\n\nThe "
                    "colour faded.\n") ==
          "The color faded. He called it \"a centre for all the intrigues.\n\nThe color "
          "faded.\n");
}

TEST_CASE("Names and acronyms keep their letters, a possessive's apostrophe may change style") {
    // PACE is a word of the dictionary, but written in capitals twice it names something;
    // capitals of up to six letters are never lowercased (the WHO), longer shouting is.
    CHECK(rewritten("I went to PACE last year. At PACE the classes were small, and I was NEVER "
                    "bored, ABSOLUTELY never.\n") ==
          "I went to PACE last year. At PACE the classes were small, and I was NEVER bored, "
          "absolutely never.\n");
    // The possessive's apostrophe follows the document's style; O’Brien's own does not.
    CHECK(rewritten("Edna’s colour is not O’Brien’s colour.\n") ==
          "Edna's color is not O’Brien's color.\n");
}

TEST_CASE("kept_spans: quotation insides, block quotations and names") {
    CHECK(kept_texts("He said \"so far\" and “not yet”, then ‘don’t’ and left.", Language::Text) ==
          std::vector<std::string>{"so far", "not yet", "don’t"});
    // An unpaired mark protects nothing; the students’ apostrophe opens no quotation.
    CHECK(kept_texts("The students’ work, 5\" wide.", Language::Text).empty());
    CHECK(kept_texts("> quoted here\n\nnot here\n", Language::Markdown) ==
          std::vector<std::string>{"quoted here"});
    // A sentence's first word is no name, nor is I; an inner capital is one anywhere.
    CHECK(kept_texts("Then I met Ann and McDonald’s staff. I’m sure. iPhones sold in Paris.",
                     Language::Text) ==
          std::vector<std::string>{"Ann", "McDonald", "iPhones", "Paris"});
    // Short words in capitals are acronyms, kept; the commonest words in capitals are
    // emphasis, and the capitalization detector's to judge.
    CHECK(kept_texts("We met at NASA today, NEVER again.", Language::Text) ==
          std::vector<std::string>{"NASA"});
}

TEST_CASE("kept_spans: terms, acronyms, figures, citations, calls and example outputs") {
    // systemd is written in code; i/o and v2 look like identifiers; the chain of three parts
    // is a name; REST is an acronym; the phone number's groups and the date are figures. Each
    // word and figure is kept on its own (the punctuation between them may change style).
    CHECK(kept_texts("Use `systemd` now. So systemd runs, i/o is slow, v2 works, the "
                     "test-tls-write case passes and the REST API answers. Call +44 20 7946000 "
                     "on 2020-12-31.\n",
                     Language::Markdown) ==
          std::vector<std::string>{"systemd", "i", "o", "v2", "test", "tls", "write", "REST", "API",
                                   "44", "20", "7946000", "2020", "12", "31"});
    // Citations and calls are kept whole; what follows an arrow is an example's output.
    CHECK(kept_texts("As shown [Smith and Ono 2004] and (Jones, 1990), generateKey('a', ...) "
                     "works.\n\\citet{jo93} --> Jo, Park, and Lee (1993)\n",
                     Language::Text) ==
          std::vector<std::string>{"[Smith and Ono 2004]", "(Jones, 1990)", "generateKey('a', ...)",
                                   "jo93", " Jo, Park, and Lee (1993)"});
}

TEST_CASE("Legal text is kept as worded: a licence's paragraph, a disclaimer in capitals") {
    // The same serial-comma and spelling fixes apply in the last paragraph but not in the
    // licence or the disclaimer, which bind as written.
    const std::string licence =
        "You may copy, adapt and share this colour chart under the licence below; the "
        "copyright stays with its makers.\n\n"
        "THIS CHART COMES WITH NO GUARANTEE, SPOKEN, WRITTEN OR IMPLIED, AND ITS MAKERS ARE NOT "
        "ANSWERABLE FOR LOSS, HARM OR DAMAGE.\n\n";
    CHECK(rewritten(licence + "We copy, adapt and share the colour chart.\n") ==
          licence + "We copy, adapt, and share the color chart.\n");
    // One legal word alone is ordinary prose ("licence" for a driving licence).
    CHECK(rewritten("My driving licence shows the colour of my eyes.\n") ==
          "My driving license shows the color of my eyes.\n");
}

TEST_CASE("A paragraph set off after 'says,' is a quotation without marks, kept as written") {
    const std::string quoted = "\tCritics favour it, for the colour of the text is plain.\n";
    CHECK(rewritten("Smith says,\n" + quoted) == "Smith says,\n" + quoted);
    CHECK(rewritten("Smith says,\n\n" + quoted) == "Smith says,\n\n" + quoted);
    CHECK(rewritten("As Smith writes:\n\n" + quoted) == "As Smith writes:\n\n" + quoted);
    // After a sentence of one's own the paragraph is the writer's.
    CHECK(rewritten("Smith is right.\n\n" + quoted) ==
          "Smith is right.\n\n\tCritics favor it, for the color of the text is plain.\n");
}

TEST_CASE("A saved message's headers come back byte-identical") {
    // Seed 16: a Subject line's "behaviour" was rewritten, a header no writer edits so.
    CHECK(rewritten("From: Ada <ada@analytical.example>\nSubject: Odd behaviour of the mill\n\n"
                    "The behaviour of the mill was odd.\n") ==
          "From: Ada <ada@analytical.example>\nSubject: Odd behaviour of the mill\n\n"
          "The behavior of the mill was odd.\n");
}
