// The invisible-character detectors through the Analyzer: each kind in Markdown and LaTeX,
// in prose and in the parts around it that reach readers (headings, link text, captions,
// footnotes), with exact source byte spans and UTF-16 positions; and the legitimate uses
// (emoji sequences, right-to-left text, French typography, CJK) left alone.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/text/line_index.hpp"

using namespace fantasma;

namespace {

const std::vector<std::string> kInvisibleCodes = {
    "direction-mark", "look-alike-letter", "soft-hyphen",        "spacing-pattern",
    "tag-character",  "unusual-space",     "variation-selector", "zero-width"};

std::vector<Marker> invisible_markers(const std::string& source, Language language) {
    static const Analyzer analyzer;
    AnalysisOptions options;
    options.language = language;
    options.enabled_codes = kInvisibleCodes;
    return analyzer.analyze(source, options).markers;
}

struct Case {
    std::string code;
    std::string source;
    std::string flagged;  // the flagged bytes; the first occurrence after `after` in source
    std::string after;    // a landmark before them
    LineColumn utf16;     // where they start, as LSP counts
};

void require_flagged(const Case& c, Language language) {
    INFO(c.code << " in " << (language == Language::Markdown ? "Markdown" : "LaTeX"));
    const std::vector<Marker> markers = invisible_markers(c.source, language);
    REQUIRE(markers.size() == 1);
    const Marker& marker = markers.front();
    CHECK(marker.code == c.code);
    CHECK(marker.bits > 0);
    const std::size_t begin = c.source.find(c.flagged, c.source.find(c.after) + c.after.size());
    REQUIRE(begin != std::string::npos);
    CHECK(marker.spans.front() == Span(begin, begin + c.flagged.size()));
    CHECK(LineIndex(c.source).to_utf16(begin) == c.utf16);
    REQUIRE(!marker.fixes.empty());
    CHECK(marker.fixes.front().keeps_appearance);
}

}  // namespace

TEST_CASE("each kind is found in Markdown prose and link text, at exact positions") {
    // 😀 is two UTF-16 units and four bytes; "é" one unit and two bytes: the columns differ.
    const std::vector<Case> cases = {
        {"zero-width",
         "# Notes 😀\n\nSee [the re\u200Bport](https://example.org) é.\n",
         "\u200B",
         "the re",
         {2, 11}},
        {"direction-mark", "# Notes 😀\n\nCafé work\u200E is done.\n", "\u200E", "work", {2, 9}},
        {"tag-character",
         "# Notes\U000E0041 😀\n\nCafé work is done.\n",
         "\U000E0041",
         "Notes",
         {0, 7}},
        {"variation-selector", "Café 😀 pla\uFE01n is set.\n", "\uFE01", "pla", {0, 11}},
        {"unusual-space", "Café 😀 the\u00A0plan is set.\n", "\u00A0", "the", {0, 11}},
        {"soft-hyphen",
         "Café 😀 [extra\u00ADordinary](https://example.org) plan.\n",
         "\u00AD",
         "extra",
         {0, 14}},
        {"look-alike-letter", "Café 😀 J\u0430mes came.\n", "\u0430", "J", {0, 9}},
    };
    for (const Case& c : cases) require_flagged(c, Language::Markdown);
}

TEST_CASE("each kind is found in LaTeX prose, captions and footnotes, at exact positions") {
    const std::vector<Case> cases = {
        {"zero-width",
         "\\section{Notes}\nCafé text.\n\\begin{figure}\\caption{The re\u200Bport}\\end{figure}\n",
         "\u200B",
         "The re",
         {2, 29}},
        {"direction-mark",
         "Café work\u200E is done.\\footnote{A note.}\n",
         "\u200E",
         "work",
         {0, 9}},
        {"tag-character",
         "\\section{Notes\U000E0041}\nCafé work.\n",
         "\U000E0041",
         "Notes",
         {0, 14}},
        {"variation-selector", "Café pla\uFE01n is \\emph{set}.\n", "\uFE01", "pla", {0, 8}},
        {"unusual-space", "Café: the\u00A0plan is \\emph{set}.\n", "\u00A0", "the", {0, 9}},
        {"soft-hyphen",
         "Café \\footnote{An extra\u00ADordinary note.}\n",
         "\u00AD",
         "extra",
         {0, 23}},
        {"look-alike-letter", "Café \\textbf{J\u0430mes} came.\n", "\u0430", "J", {0, 14}},
    };
    for (const Case& c : cases) require_flagged(c, Language::Latex);
}

TEST_CASE("spacing patterns are found in Markdown and LaTeX, one marker per gap") {
    const std::string markdown = "The plan  is set and the  board *knows* it.\n";
    auto markers = invisible_markers(markdown, Language::Markdown);
    REQUIRE(markers.size() == 2);
    CHECK(markers[0].spans.front() == Span(8, 10));
    CHECK(markers[1].spans.front() == Span(24, 26));
    const std::string latex = "The plan  is set and the  board \\emph{knows} it.\n";
    markers = invisible_markers(latex, Language::Latex);
    REQUIRE(markers.size() == 2);
    CHECK(markers[1].spans.front() == Span(24, 26));
}

TEST_CASE("legitimate uses are left alone in Markdown and LaTeX") {
    const std::string emoji =
        "We met 👨\u200D👩\u200D👧 and 👩\u200D🔬, ❤\uFE0F, 1\uFE0F\u20E3 and "
        "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F today.\n";
    const std::string right_to_left =
        "שלום\u200F עולם, מה שלומך?\n\nمرحبا\u200F بالعالم\u061C. می\u200Cخواهم بروم.\n";
    const std::string french =
        "Il a dit\u202F: «\u00A0Bonjour\u00A0!\u00A0» Vraiment\u00A0? Il mesure "
        "10\u00A0000\u00A0km, soit 5\u202F% de plus.\n";
    const std::string cjk = "今日は\u3000晴れです。\n\n\u3000日本語の段落です。東京\u200Bへ。\n";
    for (const std::string& text : {emoji, right_to_left, french, cjk}) {
        INFO(text);
        CHECK(invisible_markers(text, Language::Markdown).empty());
        CHECK(invisible_markers(text, Language::Latex).empty());
    }
}

TEST_CASE("each kind is found in Markdown image alt text, at exact positions") {
    const std::vector<Case> cases = {
        {"zero-width", "Café 😀 text.\n\n![The re\u200Bport](a.png)\n", "\u200B", "The re", {2, 8}},
        {"direction-mark", "Café.\n\n![Work\u200E done](a.png)\n", "\u200E", "Work", {2, 6}},
        {"tag-character", "Café.\n\n![Notes\U000E0041](a.png)\n", "\U000E0041", "Notes", {2, 7}},
        {"variation-selector", "Café.\n\n![Pla\uFE01n](a.png)\n", "\uFE01", "Pla", {2, 5}},
        {"unusual-space", "Café.\n\n![The\u00A0plan](a.png)\n", "\u00A0", "The", {2, 5}},
        {"soft-hyphen",
         "Café [see ![extra\u00ADordinary](a.png)](https://example.org).\n",
         "\u00AD",
         "extra",
         {0, 17}},
        {"look-alike-letter", "Café.\n\n![J\u0430mes](a.png)\n", "\u0430", "J", {2, 3}},
    };
    for (const Case& c : cases) require_flagged(c, Language::Markdown);
}

TEST_CASE("each kind is found in LaTeX % comments, at exact positions") {
    const std::vector<Case> cases = {
        {"zero-width", "Café text. % the re\u200Bport\nMore.\n", "\u200B", "the re", {0, 19}},
        {"direction-mark", "Café.\n% work\u200E done\nMore.\n", "\u200E", "work", {1, 6}},
        {"tag-character", "Café.\n%Notes\U000E0041\n", "\U000E0041", "Notes", {1, 6}},
        {"variation-selector", "Café.\n% pla\uFE01n\n", "\uFE01", "pla", {1, 5}},
        {"unusual-space", "Café.\n% the\u00A0plan\n", "\u00A0", "the", {1, 5}},
        {"soft-hyphen", "Café.\n% extra\u00ADordinary\n", "\u00AD", "extra", {1, 7}},
        {"look-alike-letter", "Café.\n% J\u0430mes\n", "\u0430", "J", {1, 3}},
    };
    for (const Case& c : cases) require_flagged(c, Language::Latex);
}

TEST_CASE("a marker in an aside says where it is") {
    auto markers = invisible_markers("Text.\n\n![The re\u200Bport](a.png)\n", Language::Markdown);
    REQUIRE(markers.size() == 1);
    CHECK(markers[0].message.find("in an image's alt text") != std::string::npos);
    markers = invisible_markers("Text. % the re\u200Bport\n", Language::Latex);
    REQUIRE(markers.size() == 1);
    CHECK(markers[0].message.find("in a comment of the LaTeX source") != std::string::npos);
}

TEST_CASE("legitimate uses in asides are left alone, and asides feed no style marker") {
    // An emoji sequence in alt text, a Hebrew phrase with its direction mark in a comment.
    CHECK(invisible_markers("Text.\n\n![A scientist 👩\u200D🔬](a.png)\n", Language::Markdown)
              .empty());
    CHECK(invisible_markers("Text.\n% שלום\u200F עולם\n", Language::Latex).empty());
    // Semicolons and British spellings in a comment or alt text are not the writer's habits:
    // no marker of any detector lies in them.
    static const Analyzer analyzer;
    const std::string latex =
        "The plan is set.\n% colour; honour; favour; behaviour; neighbour; labour; flavour\n";
    const std::string markdown =
        "The plan is set.\n\n![colour; honour; favour; behaviour; neighbour; labour](a.png)\n";
    for (const auto& [source, language] :
         {std::pair{latex, Language::Latex}, std::pair{markdown, Language::Markdown}}) {
        AnalysisOptions options;
        options.language = language;
        const Report report = analyzer.analyze(source, options);
        const std::size_t aside = source.find("colour");
        for (const Marker& marker : report.markers) {
            INFO(marker.code);
            CHECK(marker.spans.front().end <= aside);
        }
        CHECK(report.word_count == 4);
    }
}

TEST_CASE("the alt text of HTML images in Markdown is read too") {
    const std::vector<Case> cases = {
        {"zero-width",
         "Café, see <img src=\"a.png\" alt=\"The re\u200Bport\"> here.\n",
         "\u200B",
         "The re",
         {0, 38}},
        {"unusual-space",
         "Café.\n\n<p align=\"center\">\n  <IMG SRC='a.png' ALT='The\u00A0plan'>\n</p>\n",
         "\u00A0",
         "The",
         {3, 27}},
    };
    for (const Case& c : cases) require_flagged(c, Language::Markdown);
    // Other attributes are not read: only what stands in for the image.
    CHECK(invisible_markers(
              "Text <img src=\"a\u200Bb.png\" title=\"x\"> and <span alt=\"a\u200Bb\">.\n",
              Language::Markdown)
              .empty());
}
