// The writer's distinctive words in the editor: hint diagnostics "word-choice" with a profile
// only, one quick fix per replacement through the rewrite's guards, and the paragraph and
// document word-choice rewrites. The profile is built here from text written for the test.
#include <catch2/catch.hpp>

#include <algorithm>

#include "lsp/distinctive_words.hpp"
#include "lsp/features.hpp"
#include "lsp/settings.hpp"
#include "stylometry/document.hpp"

namespace lsp = fantasma::lsp;
using fantasma::Analyzer;
using fantasma::Language;
using fantasma::PositionEncoding;
using fantasma::Profile;
using fantasma::Span;
using lsp::CodeAction;
using lsp::Snapshot;
using nlohmann::json;

namespace {

const Analyzer& analyzer() {
    static const Analyzer instance;
    return instance;
}

// A writer who says "utilized" where most writers say "used": 4 times in 80 words.
std::shared_ptr<const Profile> profile() {
    static const auto instance = [] {
        const std::string writing =
            "We utilized a new method for the survey this year. The team utilized the old "
            "maps as well, and the results were good. Next spring we will go back to the "
            "valley with more people and better boots. The farmers utilized the river for "
            "their fields, as their parents had. In the end we utilized every hour of light "
            "we had, and nobody complained about the long days or the cold nights.\n";
        auto built = std::make_shared<Profile>();
        built->add_words(fantasma::make_document(writing, Language::Text));
        return built;
    }();
    return instance;
}

// "utilized" twice in the first paragraph, once in the second; "assisted" (a word the pass
// could replace, but one the profile never uses) once.
const std::string kText =
    "The engineers utilized a small pump. A friend assisted them with the pipes.\n\n"
    "Later they utilized the same pump again, and it worked.\n\n"
    "Then the village utilized the water for the gardens.\n";

// A share of 0.5: these short texts have few content words, and 5 % of them is one word.
lsp::AnalysisSettings settings_with(std::shared_ptr<const Profile> writer, double share = 0.5) {
    lsp::AnalysisSettings settings;
    settings.profiles = std::make_shared<const lsp::WriterProfiles>(std::move(writer));
    settings.word_choice = share;
    return settings;
}

// The document analysed inline by a workspace with `settings`, as the server publishes it.
Snapshot analysed(const std::string& text, const lsp::AnalysisSettings& settings,
                  Language language = Language::Markdown) {
    lsp::Workspace::Options options;
    options.threads = 0;
    lsp::Workspace workspace(analyzer(), options, [](const Snapshot&) {});
    workspace.set_settings(settings);
    workspace.open("file:///doc.md", language, 1, text);
    auto snapshot = workspace.snapshot("file:///doc.md");
    REQUIRE(snapshot);
    REQUIRE(snapshot->report);
    return *snapshot;
}

std::vector<lsp::Diagnostic> word_diagnostics(const Snapshot& snapshot) {
    std::vector<lsp::Diagnostic> words;
    for (lsp::Diagnostic& diagnostic : lsp::diagnostics_for(snapshot, PositionEncoding::Utf16))
        if (diagnostic.code == "word-choice") words.push_back(std::move(diagnostic));
    return words;
}

// The text under an LSP range of a one-line-per-paragraph ASCII text.
std::string text_at(const std::string& text, lsp::Range range) {
    std::size_t line_start = 0;
    for (std::size_t line = 0; line < range.start.line; ++line)
        line_start = text.find('\n', line_start) + 1;
    return text.substr(line_start + range.start.character,
                       range.end.character - range.start.character);
}

// `text` with LSP edits (ASCII, single-line ranges) applied from the last to the first.
std::string applied(std::string text, std::vector<lsp::TextEdit> edits) {
    const auto offset = [&](lsp::Position position) {
        std::size_t at = 0;
        for (std::size_t line = 0; line < position.line; ++line) at = text.find('\n', at) + 1;
        return at + position.character;
    };
    std::ranges::sort(edits, [](const lsp::TextEdit& a, const lsp::TextEdit& b) {
        return std::tie(a.range.start.line, a.range.start.character) >
               std::tie(b.range.start.line, b.range.start.character);
    });
    for (const lsp::TextEdit& edit : edits) {
        const std::size_t begin = offset(edit.range.start);
        text.replace(begin, offset(edit.range.end) - begin, edit.newText);
    }
    return text;
}

lsp::CodeActionParams at(lsp::Position position) {
    lsp::CodeActionParams params;
    params.uri = "file:///doc.md";
    params.range = {position, position};
    return params;
}

std::vector<CodeAction> titled(const std::vector<CodeAction>& actions, std::string_view prefix) {
    std::vector<CodeAction> found;
    std::ranges::copy_if(actions, std::back_inserter(found), [&](const CodeAction& action) {
        return action.title.starts_with(prefix);
    });
    return found;
}

lsp::Position position_of(const std::string& text, std::string_view needle, std::size_t nth = 0) {
    std::size_t at = text.find(needle);
    for (std::size_t i = 0; i < nth; ++i) at = text.find(needle, at + 1);
    REQUIRE(at != std::string::npos);
    const std::size_t line_start =
        text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
    return {static_cast<std::size_t>(std::count(text.begin(), text.begin() + at, '\n')),
            at - line_start};
}

}  // namespace

TEST_CASE("the profile's distinctive words are hints with honest figures, other words are not") {
    const Snapshot snapshot = analysed(kText, settings_with(profile()));
    const auto words = word_diagnostics(snapshot);
    REQUIRE(words.size() == 3);  // every "utilized", never "assisted"
    for (const lsp::Diagnostic& word : words) {
        CHECK(text_at(kText, word.range) == "utilized");
        CHECK(word.severity == 4);
        CHECK(word.data["code"] == "word-choice");
    }
    const std::string& message = words[0].message;
    CHECK(message.starts_with("'utilized': you use this word "));
    // The profile's own count, and its rate per 10,000 words (4 of its words).
    CHECK(message.find("your profile: 4 uses") != std::string::npos);
    const double per_million = profile()->word_per_million("utilized");
    const double reference = analyzer().reference().word_per_million("utilized");
    REQUIRE(reference > 0);
    char expected[64];
    std::snprintf(expected, sizeof expected, "%.0f times as often", per_million / reference);
    CHECK(message.find(expected) != std::string::npos);
    CHECK(message.find("a common synonym hides it") != std::string::npos);
}

TEST_CASE("the share bounds how many words are marked, the most distinctive first") {
    // kText has 21 content words: 5 % of them is one.
    const auto one = word_diagnostics(analysed(kText, settings_with(profile(), 0.05)));
    REQUIRE(one.size() == 1);
    CHECK(text_at(kText, one[0].range) == "utilized");
}

TEST_CASE("no word-choice markers without a profile, at share 0, or with the code off") {
    CHECK(word_diagnostics(analysed(kText, settings_with(nullptr))).empty());
    CHECK(word_diagnostics(analysed(kText, settings_with(profile(), 0.0))).empty());
    auto ignored = settings_with(profile());
    ignored.ignored_codes.insert("word-choice");
    CHECK(word_diagnostics(analysed(kText, ignored)).empty());
    auto others = settings_with(profile());
    others.enabled_codes = {"dash-style"};
    CHECK(word_diagnostics(analysed(kText, others)).empty());
    // Only word choice enabled: no detector runs, and the analysis does not fail.
    auto only = settings_with(profile());
    only.enabled_codes = {"word-choice"};
    const Snapshot alone = analysed(kText, only);
    CHECK(alone.report->markers.empty());
    CHECK(word_diagnostics(alone).size() == 3);
}

TEST_CASE("words the rewrite keeps are never marked: quotations, words written in code") {
    const std::string quoted =
        "She wrote \"they utilized the pump\" in her notes.\n\nWe utilized the pump.\n";
    const auto words = word_diagnostics(analysed(quoted, settings_with(profile())));
    REQUIRE(words.size() == 1);
    CHECK(words[0].range.start.line == 2);
    // A word the document writes in code is an identifier everywhere in it.
    const std::string code = "Run `utilized --pump` first.\n\nWe utilized the pump.\n";
    CHECK(word_diagnostics(analysed(code, settings_with(profile()))).empty());
}

TEST_CASE("a quick fix per replacement, best first and preferred, each replacing the word") {
    // A writer who says "principally" (three judged synonyms) all the time.
    auto writer = std::make_shared<Profile>();
    writer->add_words(fantasma::make_document(
        "We met principally in the spring. The crops grew principally in the valley, and the "
        "farmers sold them principally at the market. The roads were principally of gravel.\n",
        Language::Text));
    const std::string text = "The pump ran principally at night, when the river was high.\n";
    const Snapshot snapshot = analysed(text, settings_with(writer));
    const auto actions = lsp::code_actions_for(
        analyzer(), snapshot, at(position_of(text, "principally")), PositionEncoding::Utf16);
    const auto replace = titled(actions, "Replace with '");
    REQUIRE(replace.size() == 3);
    CHECK(actions.front().title == replace.front().title);  // the word under the cursor first
    CHECK(replace[0].isPreferred);
    CHECK_FALSE(replace[1].isPreferred);
    std::vector<std::string> results;
    for (const CodeAction& fix : replace) {
        CHECK(fix.kind == "quickfix");
        REQUIRE(fix.diagnostics.size() == 1);
        CHECK(fix.diagnostics[0].code == "word-choice");
        REQUIRE(fix.edits.size() == 1);
        results.push_back(applied(text, fix.edits));
    }
    // Only the word under the cursor changes, to each of its synonyms.
    std::vector<std::string> expected;
    for (const std::string replacement : {"primarily", "mainly", "chiefly"}) {
        std::string replaced = text;
        replaced.replace(replaced.find("principally"), 11, replacement);
        expected.push_back(replaced);
    }
    std::ranges::sort(results);
    std::ranges::sort(expected);
    CHECK(results == expected);
    CHECK(titled(actions, "Ignore 'word-choice' in this workspace").size() == 1);
}

TEST_CASE("an echoed word-choice diagnostic is matched by its data, not its range") {
    const Snapshot snapshot = analysed(kText, settings_with(profile()));
    const auto words = word_diagnostics(snapshot);
    REQUIRE(words.size() == 3);
    auto params = at({0, 0});  // Neovim 0.7: the cursor elsewhere on the line
    params.diagnostics.push_back({"word-choice", words[1].data});  // its echoed range unread
    const auto replace =
        titled(lsp::code_actions_for(analyzer(), snapshot, params, PositionEncoding::Utf16),
               "Replace with '");
    REQUIRE_FALSE(replace.empty());
    CHECK(replace[0].edits[0].range == words[1].range);
}

TEST_CASE("a replacement the rewrite's guards refuse is not offered") {
    // A word inside a quotation, as a stale or hand-made finding would have it: the guards of
    // rewrite_with keep quotations byte-identical, so no quick fix may change it.
    const std::string text = "She said \"we utilized it\" and left.\n";
    Snapshot snapshot = analysed(text, settings_with(nullptr));
    const std::size_t begin = text.find("utilized");
    lsp::DistinctiveWord quoted{{Span(begin, begin + 8), "utilized", {"used"}, 3.0}, 400, 10, 4};
    snapshot.distinctive_words =
        std::make_shared<const std::vector<lsp::DistinctiveWord>>(std::vector{quoted});
    const auto actions = lsp::code_actions_for(
        analyzer(), snapshot, at(position_of(text, "utilized")), PositionEncoding::Utf16);
    CHECK(titled(actions, "Replace with '").empty());
    CHECK(titled(actions, "Rewrite paragraph: word choice").empty());
    CHECK(titled(actions, "Rewrite document: word choice").empty());
}

TEST_CASE("word-choice rewrites of the paragraph and of the document, only where words are") {
    const Snapshot snapshot = analysed(kText, settings_with(profile()));
    const auto actions = lsp::code_actions_for(
        analyzer(), snapshot, at(position_of(kText, "pump", 1)), PositionEncoding::Utf16);
    const auto paragraph = titled(actions, "Rewrite paragraph: word choice (");
    const auto document = titled(actions, "Rewrite document: word choice (");
    REQUIRE(paragraph.size() == 1);
    REQUIRE(document.size() == 1);
    CHECK(paragraph[0].title == "Rewrite paragraph: word choice (1 change)");
    CHECK(document[0].title == "Rewrite document: word choice (3 changes)");
    CHECK(paragraph[0].kind == "refactor.rewrite");
    CHECK(document[0].kind == "refactor.rewrite");
    const std::string one = applied(kText, paragraph[0].edits);
    CHECK(one.find("Later they used the same pump") != std::string::npos);
    CHECK(one.find("The engineers utilized") != std::string::npos);  // other paragraphs kept
    CHECK(one.find("the village utilized") != std::string::npos);
    const std::string all = applied(kText, document[0].edits);
    CHECK(all.find("utilized") == std::string::npos);
    CHECK(all.find("A friend assisted them") != std::string::npos);  // not the writer's word

    // Only the rewrites asked for (context.only), and none in a paragraph without such words.
    auto only = at(position_of(kText, "pump", 1));
    only.only = std::vector<std::string>{"refactor"};
    const auto refactors =
        lsp::code_actions_for(analyzer(), snapshot, only, PositionEncoding::Utf16);
    CHECK(titled(refactors, "Replace with '").empty());
    CHECK(titled(refactors, "Rewrite document: word choice").size() == 1);

    const std::string plain = kText + "\nA last paragraph about nothing much.\n";
    const Snapshot longer = analysed(plain, settings_with(profile()));
    const auto elsewhere = lsp::code_actions_for(
        analyzer(), longer, at(position_of(plain, "nothing")), PositionEncoding::Utf16);
    CHECK(titled(elsewhere, "Rewrite paragraph: word choice").empty());
    CHECK(titled(elsewhere, "Rewrite document: word choice").empty());
}

TEST_CASE("without a profile no word-choice actions are offered") {
    const Snapshot snapshot = analysed(kText, settings_with(nullptr));
    const auto actions = lsp::code_actions_for(
        analyzer(), snapshot, at(position_of(kText, "utilized")), PositionEncoding::Utf16);
    for (const CodeAction& action : actions) {
        CHECK_FALSE(action.title.starts_with("Replace with '"));
        CHECK(action.title.find("word choice") == std::string::npos);
    }
}

TEST_CASE("the wordChoice setting: a share from 0 to 1, 0.05 by default") {
    std::vector<std::string> problems;
    CHECK(lsp::read_settings(json::object(), problems).word_choice == 0.05);
    CHECK(lsp::read_settings(json::parse(R"({"wordChoice": 0})"), problems).word_choice == 0.0);
    CHECK(lsp::read_settings(json::parse(R"({"wordChoice": 0.2})"), problems).word_choice == 0.2);
    CHECK(problems.empty());
    CHECK(lsp::read_settings(json::parse(R"({"wordChoice": 2})"), problems).word_choice == 0.05);
    CHECK(lsp::read_settings(json::parse(R"({"wordChoice": "on"})"), problems).word_choice == 0.05);
    REQUIRE(problems.size() == 2);
    CHECK(problems[0].starts_with("fantasma.wordChoice must be a share"));
}

TEST_CASE("hovering a distinctive word explains it and lists its replacements") {
    const Snapshot snapshot = analysed(kText, settings_with(profile()));
    const auto hover =
        lsp::hover_for(snapshot, position_of(kText, "utilized"), PositionEncoding::Utf16);
    REQUIRE(hover);
    CHECK(hover->markdown.starts_with("**fantasma: word-choice** — 'utilized': you use this word"));
    // The judged synonyms of "utilized" (one: "used").
    CHECK(hover->markdown.find("Alternatives:\n- used") != std::string::npos);
    CHECK(text_at(kText, hover->range) == "utilized");
    CHECK_FALSE(lsp::hover_for(analysed(kText, settings_with(nullptr)),
                               position_of(kText, "utilized"), PositionEncoding::Utf16));
}
