// The model pass's judging, with hand-written candidates standing in for the model: which
// candidates are rejected and why, which one wins, and that the original stays otherwise.
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/rewrite/faithfulness.hpp"
#include "stylometry/rewrite/model_pass.hpp"

using namespace fantasma;

namespace {

// Marks every occurrence of each of `words` in the prose, one bit each, no fix: the document's
// total is the number of distinct words of the list it uses.
class MarkWords final : public Detector {
  public:
    explicit MarkWords(std::vector<std::string> words) : words_(std::move(words)) {}
    std::string_view code() const override { return "mark-words"; }
    std::string_view description() const override { return "test"; }
    void detect(const DetectionContext& context, MarkerSink& sink) const override {
        const std::string& text = context.document.prose.text;
        for (const std::string& word : words_) {
            for (std::size_t at = text.find(word); at != std::string::npos;
                 at = text.find(word, at + 1)) {
                Marker marker;
                marker.code = "mark-words";
                marker.spans = {Span(at, at + word.size())};
                marker.message = "uses '" + word + "'";
                marker.bits = 1;
                sink.mark(std::move(marker));
            }
        }
    }

  private:
    std::vector<std::string> words_;
};

Analyzer marking(std::vector<std::string> words) {
    std::vector<std::unique_ptr<Detector>> detectors;
    detectors.push_back(std::make_unique<MarkWords>(std::move(words)));
    return Analyzer(Reference::builtin(), std::move(detectors));
}

// Candidate i is the i-th scripted answer; it records the prompts and seeds it was given.
class ScriptedGenerator final : public CandidateGenerator {
  public:
    explicit ScriptedGenerator(std::vector<std::string> answers) : answers_(std::move(answers)) {}
    std::string generate(const RewritePrompt& prompt, std::uint64_t seed, std::stop_token,
                         const std::function<void(std::size_t)>& on_token) override {
        prompts.push_back(prompt);
        seeds.push_back(seed);
        on_token(1);
        on_token(2);
        return answers_.at(seeds.size() - 1);
    }
    std::vector<RewritePrompt> prompts;
    std::vector<std::uint64_t> seeds;

  private:
    std::vector<std::string> answers_;
};

Span whole_line(const std::string& source) {
    return Span(0, source.find('\n'));
}

}  // namespace

TEST_CASE("protect swaps non-prose runs for placeholders, restore needs each exactly once") {
    const std::string source = "Run `make test` and read [the docs](https://a.example/x) now.\n";
    const ProtectedPassage passage = protect(source, whole_line(source), Language::Markdown);
    CHECK(passage.text == "Run \u27e61\u27e7 and read \u27e62\u27e7the docs\u27e63\u27e7 now.");
    REQUIRE(passage.originals.size() == 3);
    CHECK(passage.originals[0] == "`make test`");
    CHECK(passage.originals[2] == "](https://a.example/x)");
    CHECK(restore(passage.text, passage) == source.substr(0, source.find('\n')));
    // Moved is fine; missing, repeated, unknown or broken is not.
    CHECK(restore("\u27e62\u27e7the docs\u27e63\u27e7 say: run \u27e61\u27e7.", passage) ==
          "[the docs](https://a.example/x) say: run `make test`.");
    CHECK_FALSE(restore("Run \u27e61\u27e7 and read the docs now.", passage));
    CHECK_FALSE(restore("\u27e61\u27e7 \u27e61\u27e7 \u27e62\u27e7 \u27e63\u27e7", passage));
    CHECK_FALSE(restore("\u27e61\u27e7 \u27e62\u27e7 \u27e63\u27e7 \u27e64\u27e7", passage));
    CHECK_FALSE(restore("\u27e61\u27e7 \u27e62\u27e7 \u27e63 x", passage));
    CHECK_FALSE(restore("\u27e61\u27e7 \u27e7 \u27e62\u27e7 \u27e63\u27e7", passage));
}

TEST_CASE("faithfulness: numbers, names and content words") {
    const std::string original = "On Monday Ada paid 1,250 euros for 3 tickets to Lisbon.";
    CHECK_FALSE(
        unfaithful(original, "Ada paid 1,250 euros on Monday for 3 tickets to Lisbon.", 0.3));
    CHECK(unfaithful(original, "On Monday Ada paid 1,200 euros for 3 tickets to Lisbon.", 0.3) ==
          Unfaithful::ChangedNumber);
    CHECK(unfaithful(original, "On Monday Ada paid 1,250 euros for three tickets to Lisbon.",
                     0.3) == Unfaithful::ChangedNumber);
    CHECK(unfaithful(original, "On Monday Eve paid 1,250 euros for 3 tickets to Lisbon.", 0.3) ==
          Unfaithful::ChangedName);
    CHECK(unfaithful(original, "On Monday Ada paid 1,250 for 3 to Lisbon.", 0.3) ==
          Unfaithful::DroppedContent);
    CHECK(numbers_in("Pages 3. to 10:30, 2.5 and 1,000.") ==
          std::vector<std::string>{"3", "10:30", "2.5", "1,000"});
    CHECK(names_in("Then Ada met Bob. After that I left with Eve") ==
          std::vector<std::string>{"Ada", "Bob", "Eve"});
}

TEST_CASE("The prompt names the markers and carries the protected passage") {
    const RewritePrompt prompt =
        rewrite_prompt("Verily \u27e61\u27e7 ran.", {{"mark-words", "uses 'verily'"}});
    CHECK(prompt.system.find("\u27e61\u27e7") != std::string::npos);
    CHECK(prompt.system.find("number") != std::string::npos);
    CHECK(prompt.user.find("- mark-words: uses 'verily'\n") != std::string::npos);
    CHECK(prompt.user.size() > std::string("Verily \u27e61\u27e7 ran.").size());
    const std::string passage = "\nVerily \u27e61\u27e7 ran.";
    CHECK(prompt.user.substr(prompt.user.size() - passage.size()) == passage);
    CHECK(prompt.passage == "Verily \u27e61\u27e7 ran.");
    CHECK(rewrite_prompt("x", {}).user.find("habits") == std::string::npos);
}

TEST_CASE("Unfaithful candidates are rejected and the one with the fewest bits wins") {
    const Analyzer analyzer = marking({"Verily", "indeed", "whilst"});
    const std::string source =
        "Verily the `code` ran 3 times for Ada, indeed whilst the tests waited.\n\nNext.\n";
    ScriptedGenerator generator({
        "The code ran 3 times for Ada, indeed while the tests waited.",           // no ⟦1⟧
        "The \u27e61\u27e7 ran 4 times for Ada, indeed while the tests waited.",  // number
        "The \u27e61\u27e7 ran 3 times for Eve, indeed while the tests waited.",  // name
        "The \u27e61\u27e7 ran 3 times for Ada.",                                 // dropped
        "The \u27e61\u27e7 ran 3 times for Ada, indeed while the tests waited.",  // 1 bit
        "The \u27e61\u27e7 ran 3 times for Ada while the tests waited.",          // 0 bits
        "The \u27e61\u27e7 ran 3 times for *Ada* while the tests waited.",        // markup
        "Verily the \u27e61\u27e7 ran 3 times for Ada, indeed whilst the tests waited.",  // same
    });
    ModelRewriteOptions options;
    options.rewrite.language = Language::Markdown;
    options.rewrite.range = whole_line(source);
    options.candidates = 8;
    options.seed = 40;
    options.max_dropped_share = 0.5;
    std::vector<std::pair<std::size_t, std::size_t>> progress;
    options.on_token = [&](std::size_t candidate, std::size_t tokens) {
        progress.emplace_back(candidate, tokens);
    };
    const ModelRewriteResult result = model_rewrite(source, options, analyzer, generator);

    CHECK(generator.seeds == std::vector<std::uint64_t>{40, 41, 42, 43, 44, 45, 46, 47});
    REQUIRE(generator.prompts.size() == 8);
    CHECK(generator.prompts[0].user.find("Verily the \u27e61\u27e7 ran") != std::string::npos);
    CHECK(generator.prompts[0].user.find("- mark-words: uses 'Verily'") != std::string::npos);
    CHECK(progress.size() == 16);
    CHECK(progress.back() == std::pair<std::size_t, std::size_t>{7, 2});

    std::vector<Verdict> verdicts;
    for (const CandidateJudgement& candidate : result.candidates)
        verdicts.push_back(candidate.verdict);
    CHECK(verdicts == std::vector<Verdict>{Verdict::LostPlaceholder, Verdict::ChangedNumber,
                                           Verdict::ChangedName, Verdict::DroppedContent,
                                           Verdict::Improves, Verdict::Best, Verdict::ChangedMarkup,
                                           Verdict::NoImprovement});
    CHECK(result.candidates[4].bits == Approx(1));
    CHECK(result.candidates[5].bits == Approx(0));
    CHECK(result.model_won);
    CHECK(result.rewrite.text ==
          "The `code` ran 3 times for Ada while the tests waited.\n\nNext.\n");
    CHECK(result.rewrite.bits_before == Approx(3));
    CHECK(result.rewrite.bits_after == Approx(0));
    // Word-level edits inside the range, none touching the code span.
    CHECK(result.rewrite.edits.size() >= 2);
    const std::size_t code = source.find('`');
    for (const TextEdit& edit : result.rewrite.edits) {
        CHECK(edit.code == "model-rewrite");
        CHECK(edit.source.end <= options.rewrite.range->end);
        CHECK_FALSE(edit.source.overlaps(Span(code, code + 6)));
    }
    CHECK(apply_edits(source, result.rewrite.edits) == result.rewrite.text);
}

TEST_CASE("The deterministic result stays when no candidate improves on it") {
    const Analyzer analyzer;  // every detector: regional spelling has a deterministic fix
    const std::string source = "The colour of the sea was grey that morning.\n";
    ScriptedGenerator generator({
        "",                                             // empty
        "The color of the sea was gray that morning.",  // as before
        "zxq vvv",                                      // garbage: content dropped
    });
    ModelRewriteOptions options;
    options.rewrite.range = whole_line(source);
    options.candidates = 3;
    const ModelRewriteResult result = model_rewrite(source, options, analyzer, generator);
    CHECK_FALSE(result.model_won);
    CHECK(result.rewrite.text == "The color of the sea was gray that morning.\n");
    CHECK(result.rewrite.edits == result.deterministic.edits);
    REQUIRE(result.candidates.size() == 3);
    CHECK(result.candidates[0].verdict == Verdict::Empty);
    INFO(result.deterministic.text);
    CHECK(result.candidates[1].verdict == Verdict::NoImprovement);
    CHECK(result.candidates[2].verdict == Verdict::DroppedContent);
    // The model saw the deterministic result, not the original.
    CHECK(generator.prompts[0].user.find("The color of the sea was gray") != std::string::npos);
}

TEST_CASE("LaTeX: a winning candidate leaves math, commands and keys byte-identical") {
    const Analyzer analyzer = marking({"Verily"});
    const std::string source =
        "Verily the bound $x^2 \\le 4$ holds, see Section~\\ref{sec:proof}.\n% note\n";
    const std::string line = source.substr(0, source.find('\n'));
    ScriptedGenerator generator({"The bound \u27e61\u27e7 holds, see Section\u27e62\u27e7."});
    ModelRewriteOptions options;
    options.rewrite.language = Language::Latex;
    options.rewrite.range = whole_line(source);
    options.candidates = 1;
    const ProtectedPassage passage = protect(source, whole_line(source), Language::Latex);
    CHECK(passage.text == "Verily the bound \u27e61\u27e7 holds, see Section\u27e62\u27e7.");
    const ModelRewriteResult result = model_rewrite(source, options, analyzer, generator);
    REQUIRE(result.model_won);
    CHECK(result.rewrite.text ==
          "The bound $x^2 \\le 4$ holds, see Section~\\ref{sec:proof}.\n% note\n");
    const auto non_prose = [](const std::string& text) {
        std::vector<std::string> runs;
        for (const Span run : non_prose_spans(text, Language::Latex))
            runs.push_back(text.substr(run.begin, run.size()));
        return runs;
    };
    CHECK(non_prose(result.rewrite.text) == non_prose(source));
}

TEST_CASE("A stop request ends the pass with the deterministic result") {
    const Analyzer analyzer = marking({"Verily"});
    const std::string source = "Verily it rained.\n";
    std::stop_source stop;
    class Stopping final : public CandidateGenerator {
      public:
        explicit Stopping(std::stop_source& stop) : stop_(stop) {}
        std::string generate(const RewritePrompt&, std::uint64_t, std::stop_token,
                             const std::function<void(std::size_t)>&) override {
            ++calls;
            stop_.request_stop();
            return "It rained.";
        }
        int calls = 0;

      private:
        std::stop_source& stop_;
    } generator(stop);
    ModelRewriteOptions options;
    options.rewrite.range = whole_line(source);
    options.candidates = 4;
    options.stop = stop.get_token();
    const ModelRewriteResult result = model_rewrite(source, options, analyzer, generator);
    CHECK(result.cancelled);
    CHECK_FALSE(result.model_won);
    CHECK(generator.calls == 1);
    CHECK(result.rewrite.text == source);
}

TEST_CASE("difference_edits: word-level stretches, trimmed to whole characters") {
    // Two changes far apart are two edits; the unchanged code span between them is in none.
    const auto two =
        difference_edits("Verily the `code` ran whilst", "The `code` ran while", 0, "c");
    const std::string before = "Verily the `code` ran whilst";
    CHECK(two.size() >= 2);
    for (const TextEdit& edit : two) CHECK_FALSE(edit.source.overlaps(Span(11, 17)));
    CHECK(apply_edits(before, two) == "The `code` ran while");
    CHECK(two.back().source == Span(26, 28));
    CHECK(two.back().new_text == "e");
    CHECK(difference_edits("same", "same", 5, "c").empty());
    const auto edits = difference_edits("the grey cat", "the gray cat", 10, "c");
    REQUIRE(edits.size() == 1);
    CHECK(edits[0].source == Span(16, 17));
    CHECK(edits[0].new_text == "a");
    // "é" and "è" share their first byte: the edit takes the whole character.
    const auto accent = difference_edits("caf\u00e9", "caf\u00e8", 0, "c");
    REQUIRE(accent.size() == 1);
    CHECK(accent[0].source == Span(3, 5));
    CHECK(accent[0].new_text == "\u00e8");
    const auto insertion = difference_edits("ab", "aXb", 0, "c");
    REQUIRE(insertion.size() == 1);
    CHECK(insertion[0].source == Span(1, 1));
    CHECK(insertion[0].new_text == "X");
}

TEST_CASE("Aimed at an attacker, the candidate that lowers its chance most wins") {
    const Analyzer analyzer = marking({"Verily", "indeed", "whilst"});
    const std::string source =
        "Verily the `code` ran 3 times for Ada, indeed whilst the tests waited.\n\nNext.\n";
    const std::vector<std::string> answers = {
        "The \u27e61\u27e7 ran 3 times for Ada while the tests waited.",  // 0 bits, chance 0.9
        "The \u27e61\u27e7 ran 3 times for Ada as the tests waited.",     // 0 bits, chance 0.6
    };
    // A stand-in attacker: the writer never writes "as the".
    const RewriteAim aim{[](std::string_view text) {
                             return text.find("as the") == std::string_view::npos ? 0.9 : 0.6;
                         },
                         std::nullopt,
                         {}};
    ModelRewriteOptions options;
    options.rewrite.language = Language::Markdown;
    options.rewrite.range = whole_line(source);
    options.candidates = 2;
    options.max_dropped_share = 0.5;
    ScriptedGenerator first(answers);
    const ModelRewriteResult plain = model_rewrite(source, options, analyzer, first);
    CHECK(plain.candidates[0].verdict == Verdict::Best);  // by bits, the first of two equals
    options.rewrite.aim = &aim;
    ScriptedGenerator second(answers);
    const ModelRewriteResult aimed = model_rewrite(source, options, analyzer, second);
    REQUIRE(aimed.candidates.size() == 2);
    CHECK(aimed.candidates[0].verdict == Verdict::NoImprovement);  // the chance stays 0.9
    CHECK(aimed.candidates[1].verdict == Verdict::Best);
    CHECK(aimed.candidates[1].attacker == Approx(0.6));
    CHECK(aimed.rewrite.attacker_before == Approx(0.9));
    CHECK(aimed.rewrite.attacker_after == Approx(0.6));
    CHECK(aimed.rewrite.text == "The `code` ran 3 times for Ada as the tests waited.\n\nNext.\n");
}
