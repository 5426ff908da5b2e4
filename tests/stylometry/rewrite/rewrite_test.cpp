#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/extract/extract.hpp"
#include "stylometry/rewrite/rewrite.hpp"

using namespace fantasma;

namespace {

// The bytes of every non-prose run, in order: what a rewrite must leave byte-identical.
std::vector<std::string> non_prose_bytes(const std::string& source, Language language) {
    std::vector<std::string> bytes;
    for (const Span run : non_prose_spans(source, language)) {
        bytes.push_back(source.substr(run.begin, run.size()));
    }
    return bytes;
}

RewriteResult rewrite_all(const std::string& source, Language language) {
    static const Analyzer analyzer;
    return rewrite(source, RewriteOptions{language, std::nullopt, {}}, analyzer);
}

// A detector for the mechanics: marks every occurrence of `word` in the prose with one fix.
class ReplaceWord final : public Detector {
  public:
    ReplaceWord(std::string code, std::string word, std::string replacement, bool identity)
        : code_(std::move(code)),
          word_(std::move(word)),
          replacement_(std::move(replacement)),
          identity_(identity) {}
    std::string_view code() const override { return code_; }
    std::string_view description() const override { return "test"; }
    void detect(const DetectionContext& context, MarkerSink& sink) const override {
        const std::string& text = context.document.prose.text;
        for (std::size_t at = text.find(word_); at != std::string::npos;
             at = text.find(word_, at + 1)) {
            Marker marker;
            marker.code = code_;
            marker.spans = {Span(at, at + word_.size())};
            marker.message = "test";
            marker.bits = 1;
            marker.identity = identity_;
            marker.fixes = {Fix{"Replace", replacement_}};
            sink.mark(std::move(marker));
        }
    }

  private:
    std::string code_, word_, replacement_;
    bool identity_;
};

Analyzer analyzer_with(std::vector<std::unique_ptr<Detector>> detectors) {
    return Analyzer(Reference::builtin(), std::move(detectors));
}

}  // namespace

TEST_CASE("Markdown: British spellings become American, code, math and URLs stay") {
    const std::string source =
        "# The favour of things\n\n"
        "Its favour is not `colour` nor $colour$ nor [the "
        "favour](https://colour.example/colour).\n\n"
        "```\nthe colour of code\n```\n";
    const RewriteResult result = rewrite_all(source, Language::Markdown);
    CHECK(
        result.text ==
        "# The favor of things\n\n"
        "Its favor is not `colour` nor $colour$ nor [the favor](https://colour.example/colour).\n\n"
        "```\nthe colour of code\n```\n");
    REQUIRE(result.edits.size() == 3);
    for (const TextEdit& edit : result.edits) {
        CHECK(edit.code == "regional-spelling");
        CHECK(source.substr(edit.source.begin, edit.source.size()) == "favour");
        CHECK(edit.new_text == "favor");
    }
    CHECK(non_prose_bytes(result.text, Language::Markdown) ==
          non_prose_bytes(source, Language::Markdown));
    CHECK(result.dropped_unsafe == 0);
    CHECK(result.bits_after < result.bits_before);
}

TEST_CASE("LaTeX: prose respelled, commands, keys, math and comments stay") {
    const std::string source =
        "\\section{The colour}\\label{sec:colour}\n"
        "The colour of $\\mathrm{hue}$ in \\cite{colour} % colour here\n"
        "and \\url{https://hue.example/tint}.\n";
    const RewriteResult result = rewrite_all(source, Language::Latex);
    CHECK(result.text ==
          "\\section{The color}\\label{sec:colour}\n"
          "The color of $\\mathrm{hue}$ in \\cite{colour} % colour here\n"
          "and \\url{https://hue.example/tint}.\n");
    CHECK(result.edits.size() == 2);
    CHECK(non_prose_bytes(result.text, Language::Latex) ==
          non_prose_bytes(source, Language::Latex));
}

TEST_CASE("Identity markers are flagged, never rewritten") {
    const std::string source = "Write to jane.doe@example.org about the colour.\n";
    const Analyzer analyzer;
    const Report report = analyzer.analyze(source, AnalysisOptions{});
    const bool has_identity = std::any_of(report.markers.begin(), report.markers.end(),
                                          [](const Marker& marker) { return marker.identity; });
    REQUIRE(has_identity);
    const RewriteResult result = rewrite(source, RewriteOptions{}, analyzer);
    CHECK(result.text == "Write to jane.doe@example.org about the color.\n");
}

TEST_CASE("Identity markers with a fix are still left to the writer") {
    std::vector<std::unique_ptr<Detector>> detectors;
    detectors.push_back(std::make_unique<ReplaceWord>("name", "Jane", "someone", true));
    detectors.push_back(std::make_unique<ReplaceWord>("habit", "whilst", "while", false));
    const Analyzer analyzer = analyzer_with(std::move(detectors));
    const RewriteResult result =
        rewrite("Jane said so whilst Jane left.", RewriteOptions{}, analyzer);
    CHECK(result.text == "Jane said so while Jane left.");
}

TEST_CASE("Numbers keep their digits, only their format may change") {
    std::vector<std::unique_ptr<Detector>> detectors;
    detectors.push_back(std::make_unique<ReplaceWord>("spell-out", "4", "four", false));
    detectors.push_back(std::make_unique<ReplaceWord>("grouping", "1,000", "1000", false));
    const Analyzer analyzer = analyzer_with(std::move(detectors));
    const RewriteResult result =
        rewrite("I wrote 4 pages for 1,000 readers.", RewriteOptions{}, analyzer);
    CHECK(result.text == "I wrote 4 pages for 1000 readers.");
}

TEST_CASE("Only markers wholly inside the range are rewritten") {
    const std::string source = "The colour here.\n\nThe colour there.\n\nA last colour.\n";
    const Analyzer analyzer;
    const std::size_t second = source.find("The colour there");
    RewriteOptions options;
    options.range = Span(second, second + std::string("The colour there.").size());
    const RewriteResult result = rewrite(source, options, analyzer);
    CHECK(result.text == "The colour here.\n\nThe color there.\n\nA last colour.\n");
    REQUIRE(result.edits.size() == 1);
    CHECK(result.edits[0].source.begin == second + 4);

    // A range that cuts the word in two rewrites nothing.
    options.range = Span(second, second + 7);
    CHECK(rewrite(source, options, analyzer).edits.empty());
}

TEST_CASE("Of overlapping fixes the first reported is kept") {
    std::vector<std::unique_ptr<Detector>> detectors;
    detectors.push_back(std::make_unique<ReplaceWord>("long", "in order to", "to", false));
    detectors.push_back(std::make_unique<ReplaceWord>("short", "order", "command", false));
    const Analyzer analyzer = analyzer_with(std::move(detectors));
    const RewriteResult result =
        rewrite("We came in order to see. An order.", RewriteOptions{}, analyzer);
    CHECK(result.text == "We came to see. An command.");
    CHECK(result.edits.size() == 2);
}

TEST_CASE("A fix that would create markup is dropped, the safe ones stay") {
    std::vector<std::unique_ptr<Detector>> detectors;
    detectors.push_back(std::make_unique<ReplaceWord>("code", "thing", "`thing`", false));
    detectors.push_back(std::make_unique<ReplaceWord>("habit", "whilst", "while", false));
    const Analyzer analyzer = analyzer_with(std::move(detectors));
    const RewriteResult result =
        rewrite("A thing whilst `x` waits.\n", RewriteOptions{Language::Markdown, std::nullopt, {}},
                analyzer);
    CHECK(result.text == "A thing while `x` waits.\n");
    CHECK(result.dropped_unsafe == 1);
}

TEST_CASE("A fix touching non-prose bytes is dropped") {
    // The word straddles prose and a code span only through the detector's prose text
    // joining pieces; a fix whose source span reaches into markup must not apply.
    std::vector<std::unique_ptr<Detector>> detectors;
    detectors.push_back(std::make_unique<ReplaceWord>("dollar", "cost", "price", false));
    const Analyzer analyzer = analyzer_with(std::move(detectors));
    const std::string source = "The cost is $x + cost$ and the cost.\n";
    const RewriteResult result =
        rewrite(source, RewriteOptions{Language::Markdown, std::nullopt, {}}, analyzer);
    CHECK(result.text == "The price is $x + cost$ and the price.\n");
}

TEST_CASE("apply_edits and non_prose_spans") {
    const std::vector<TextEdit> edits = {{Span(0, 1), "A", ""}, {Span(3, 3), "!", ""}};
    CHECK(apply_edits("abcd", edits) == "Abc!d");
    CHECK(non_prose_spans("Text `code` text.\n", Language::Markdown) ==
          std::vector<Span>{Span(5, 12), Span(17, 18)});
}

namespace {

// A stand-in attacker: its chance of picking the writer falls by `step` for each word of
// `unlike` in the text and rises by `step` for each word of `like` (the writer's own words).
RewriteAim counting_aim(std::vector<std::string> unlike, std::vector<std::string> like,
                        std::optional<double> target) {
    return {[unlike, like](std::string_view source) {
                const auto count = [&](const std::string& word) {
                    std::size_t n = 0;
                    for (std::size_t at = source.find(word); at != std::string_view::npos;
                         at = source.find(word, at + 1))
                        ++n;
                    return static_cast<double>(n);
                };
                double probability = 0.9;
                for (const std::string& word : unlike) probability -= 0.1 * count(word);
                for (const std::string& word : like) probability += 0.1 * count(word);
                return probability;
            },
            target,
            {}};
}

Analyzer three_habits() {
    std::vector<std::unique_ptr<Detector>> detectors;
    detectors.push_back(std::make_unique<ReplaceWord>("whilst", "whilst", "while", false));
    detectors.push_back(std::make_unique<ReplaceWord>("amongst", "amongst", "among", false));
    detectors.push_back(std::make_unique<ReplaceWord>("upon", "upon", "on", false));
    return analyzer_with(std::move(detectors));
}

}  // namespace

TEST_CASE("An aimed rewrite keeps the edits that lower the attacker's chance, largest first") {
    const Analyzer analyzer = three_habits();
    const std::string source = "We met upon a hill, whilst it rained, amongst friends.";
    // The writer's other texts say "on": that edit would bring the text nearer them.
    const RewriteAim aim = counting_aim({"while", "among "}, {" on "}, std::nullopt);
    RewriteOptions options;
    options.aim = &aim;
    const RewriteResult result = rewrite(source, options, analyzer);
    CHECK(result.text == "We met upon a hill, while it rained, among friends.");
    CHECK(result.attacker_before == Approx(0.9));
    CHECK(result.attacker_after == Approx(0.7));
    CHECK(result.dropped_raising_attacker == 1);
    CHECK(result.left_at_target == 0);
    // Without the aim every fix is made.
    CHECK(rewrite(source, {}, analyzer).text ==
          "We met on a hill, while it rained, among friends.");
}

TEST_CASE("An aimed rewrite keeps a word-choice edit only when it lowers the attacker's chance") {
    const Analyzer analyzer = three_habits();
    const std::string source = "We bought it upon a hill.";
    // Each edit raises the chance by 0.001, less than a writer is shown. The marker's fix stays
    // for the marker it removes; the synonym is there only for the attacker, so it goes.
    const RewriteAim aim{[](std::string_view text) {
                             double probability = 0.9;
                             if (text.find("purchased") != std::string_view::npos)
                                 probability += 0.001;
                             if (text.find(" on ") != std::string_view::npos) probability += 0.001;
                             return probability;
                         },
                         std::nullopt,
                         {}};
    RewriteOptions options;
    options.aim = &aim;
    const std::vector<TextEdit> proposed = {{Span(3, 9), "purchased", "word-choice"},
                                            {Span(13, 17), "on", "upon"}};
    const RewriteResult result = rewrite_with(source, proposed, options, analyzer);
    CHECK(result.text == "We bought it on a hill.");
    CHECK(result.dropped_raising_attacker == 1);
    // The same synonym when it lowers the chance is made.
    const RewriteAim lowering{[](std::string_view text) {
                                  return text.find("purchased") == std::string_view::npos ? 0.9
                                                                                          : 0.89;
                              },
                              std::nullopt,
                              {}};
    options.aim = &lowering;
    CHECK(rewrite_with(source, {proposed[0]}, options, analyzer).text ==
          "We purchased it upon a hill.");
}

TEST_CASE("An aimed rewrite stops once the attacker's chance is below the target") {
    const Analyzer analyzer = three_habits();
    const std::string source = "We met upon a hill, whilst it rained, amongst friends.";
    // "among" lowers it most (two steps), so it goes first and alone gets below 0.75.
    RewriteAim aim = counting_aim({"while", "among ", "among "}, {}, 0.75);
    RewriteOptions options;
    options.aim = &aim;
    RewriteResult result = rewrite(source, options, analyzer);
    CHECK(result.text == "We met upon a hill, whilst it rained, among friends.");
    CHECK(result.attacker_after == Approx(0.7));
    CHECK(result.left_at_target == 2);
    CHECK(result.dropped_raising_attacker == 0);
    // Already below the target: nothing to do.
    aim.target = 0.95;
    result = rewrite(source, options, analyzer);
    CHECK(result.edits.empty());
    CHECK(result.left_at_target == 3);
    CHECK_FALSE(result.refused());
}

TEST_CASE("An aimed rewrite counts a rise under half a hundredth as none") {
    const Analyzer analyzer = three_habits();
    const std::string source = "We met upon a hill, whilst it rained.";
    // The attacker would not pick the writer (0.001); "on" raises that to 0.002.
    const RewriteAim aim{[](std::string_view text) {
                             return text.find(" on ") == std::string_view::npos ? 0.001 : 0.002;
                         },
                         std::nullopt,
                         {}};
    RewriteOptions options;
    options.aim = &aim;
    const RewriteResult result = rewrite(source, options, analyzer);
    CHECK(result.text == "We met on a hill, while it rained.");
    CHECK(result.dropped_raising_attacker == 0);
}
