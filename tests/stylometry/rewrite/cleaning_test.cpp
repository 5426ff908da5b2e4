// Cleaning invisible characters and look-alike letters by the rewrite: it changes exactly the
// flagged characters, even inside quotations and names, and leaves legitimate uses alone.
#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/rewrite/rewrite.hpp"

using namespace fantasma;

namespace {

const Analyzer& analyzer() {
    static const Analyzer instance;
    return instance;
}

std::vector<Marker> appearance_markers(const std::string& source, Language language) {
    AnalysisOptions options;
    options.language = language;
    std::vector<Marker> markers = analyzer().analyze(source, options).markers;
    std::erase_if(markers, [](const Marker& m) {
        return m.fixes.empty() || !m.fixes.front().keeps_appearance;
    });
    return markers;
}

}  // namespace

TEST_CASE("cleaning changes only the flagged characters, in quotations and names too") {
    // Every kind, some inside a quotation and a name (which other fixes leave alone), beside
    // legitimate uses that must stay: an emoji sequence, French spacing, a Hebrew phrase.
    const std::string source =
        "# Board\u200E minutes\n\n"
        "J\u0430mes said \u201Cthe re\u200Bport is fin\u00ADal\u201D to the\u00A0board. "
        "The plan  is set and the  vote is in\U000E0041. Pla\uFE01n ahead 👩\u200D🔬.\n\n"
        "Il a dit\u00A0: «\u00A0oui\u00A0». שלום\u200F עולם.\n";
    for (const Language language : {Language::Markdown, Language::Text}) {
        const bool markdown = language == Language::Markdown;
        const std::vector<Marker> markers = appearance_markers(source, language);
        // direction, look-alike, zero-width, soft hyphen, no-break space, tag, variation
        // selector; and in Markdown, which shows a run of spaces as one, two spacing gaps.
        REQUIRE(markers.size() == (markdown ? 9 : 7));
        const RewriteResult result =
            rewrite(source, RewriteOptions{language, std::nullopt, {}}, analyzer());
        // Every flagged character was cleaned by its own fix...
        std::vector<TextEdit> cleaning;
        for (const TextEdit& edit : result.edits)
            if (edit.keeps_appearance) cleaning.push_back(edit);
        REQUIRE(cleaning.size() == markers.size());
        for (std::size_t i = 0; i < markers.size(); ++i) {
            CHECK(cleaning[i].source == markers[i].spans.front());
            CHECK(cleaning[i].new_text == markers[i].fixes.front().new_text);
        }
        // ...and cleaning alone changes nothing else: the document with only those edits
        // equals the source with the flagged characters replaced by hand.
        const std::string cleaned = apply_edits(source, cleaning);
        CHECK(cleaned ==
              "# Board minutes\n\n"
              "James said \u201Cthe report is final\u201D to the board. " +
                  std::string(markdown ? "The plan is set and the vote is in. "
                                       : "The plan  is set and the  vote is in. ") +
                  "Plan ahead 👩\u200D🔬.\n\n"
                  "Il a dit\u00A0: «\u00A0oui\u00A0». שלום\u200F עולם.\n");
        CHECK(appearance_markers(cleaned, language).empty());
    }
}

TEST_CASE("cleaning reaches alt text and LaTeX comments, and nothing else there") {
    const std::string markdown =
        "The colour of the plan.\n\n![The re\u200Bport of J\u0430mes; colour](a.png)\n";
    const std::string latex = "The colour of the plan. % the re\u200Bport of J\u0430mes; colour\n";
    for (const auto& [source, language] :
         {std::pair{markdown, Language::Markdown}, std::pair{latex, Language::Latex}}) {
        REQUIRE(appearance_markers(source, language).size() == 2);
        const RewriteResult result =
            rewrite(source, RewriteOptions{language, std::nullopt, {}}, analyzer());
        std::string expected = source;
        expected.replace(expected.find("\u200B"), 3, "");
        expected.replace(expected.find("\u0430"), 2, "a");
        // Only the prose's own fixes (if any) change the first sentence; the aside changes
        // by exactly the two cleaned characters ("colour" in it stays).
        const std::size_t aside = expected.find(language == Language::Latex ? "% the" : "![The");
        REQUIRE(result.text.size() >= aside);
        const std::size_t cut = result.text.find(language == Language::Latex ? "% the" : "![The");
        REQUIRE(cut != std::string::npos);
        CHECK(result.text.substr(cut) == expected.substr(aside));
        for (const TextEdit& edit : result.edits) {
            if (edit.source.begin >= source.find(language == Language::Latex ? "% the" : "![The"))
                CHECK(edit.keeps_appearance);
        }
    }
}

TEST_CASE("cleaning removes repeated blanks at line ends, and keeps hard breaks") {
    const std::string markdown =
        "The report is late \nand the board knows.\t\nRoses are red,  \nwe left early \n"
        "and came back \nat noon.\n\n```\ncode \n```\n";
    const std::string latex =
        "The report is \\emph{late} \nand the board knows.\t\nWe left early \n% note \nEnd.\n";
    for (const auto& [source, language, expected] :
         {std::tuple{markdown, Language::Markdown,
                     std::string("The report is late\nand the board knows.\nRoses are red,  \n"
                                 "we left early\nand came back\nat noon.\n\n```\ncode \n```\n")},
          std::tuple{latex, Language::Latex,
                     std::string("The report is \\emph{late}\nand the board knows.\n"
                                 "We left early\n% note \nEnd.\n")}}) {
        const RewriteResult result =
            rewrite(source, RewriteOptions{language, std::nullopt, {}}, analyzer());
        std::vector<TextEdit> cleaning;
        for (const TextEdit& edit : result.edits)
            if (edit.keeps_appearance) cleaning.push_back(edit);
        CHECK(apply_edits(source, cleaning) == expected);
    }
}
