#include <catch2/catch.hpp>

#include <algorithm>

#include "lsp/workspace.hpp"

using namespace fantasma;
using namespace fantasma::lsp;
using namespace std::chrono_literals;

namespace {

const std::string kText =
    "Mail jane.doe@example.com -- soon. I walked home -- slowly -- and slept.\n";

Workspace::Options options(unsigned threads, std::chrono::milliseconds debounce) {
    Workspace::Options result;
    result.threads = threads;
    result.debounce = debounce;
    return result;
}

const Analyzer& analyzer() {
    static const Analyzer instance;
    return instance;
}

// Publications, safe to read from the test thread.
struct Published {
    std::mutex mutex;
    std::vector<Snapshot> snapshots;

    Workspace::PublishFn callback() {
        return [this](const Snapshot& snapshot) {
            const std::lock_guard lock(mutex);
            snapshots.push_back(snapshot);
        };
    }
    std::vector<int> versions() {
        const std::lock_guard lock(mutex);
        std::vector<int> result;
        for (const Snapshot& snapshot : snapshots) result.push_back(snapshot.version);
        return result;
    }
    Snapshot last() {
        const std::lock_guard lock(mutex);
        REQUIRE_FALSE(snapshots.empty());
        return snapshots.back();
    }
};

// code@begin-end for each marker: enough to tell two reports apart.
std::vector<std::string> summary(const Report& report) {
    std::vector<std::string> result;
    for (const Marker& marker : report.markers)
        result.push_back(marker.code + "@" + std::to_string(marker.spans.front().begin) + "-" +
                         std::to_string(marker.spans.front().end));
    return result;
}

TextChange insert_at(std::size_t line, std::size_t character, std::string text) {
    return {std::pair{LineColumn{line, character}, LineColumn{line, character}}, std::move(text)};
}

}  // namespace

TEST_CASE("inline mode analyses and publishes on the caller's thread") {
    Published published;
    Workspace workspace(analyzer(), options(0, 0ms), published.callback());
    workspace.open("file:///a.md", Language::Markdown, 1, kText);
    REQUIRE(published.versions() == std::vector<int>{1});
    const Snapshot first = published.last();
    CHECK(*first.text == kText);
    const auto codes = summary(*first.report);
    CHECK(std::count_if(codes.begin(), codes.end(),
                        [](const std::string& c) { return c.starts_with("contact-detail@5-"); }) == 1);

    workspace.change("file:///a.md", 2, {insert_at(0, 0, "😀 日本 ")}, PositionEncoding::Utf16);
    REQUIRE(published.versions() == std::vector<int>{1, 2});
    CHECK(*published.last().text == "😀 日本 " + kText);
    CHECK(summary(*published.last().report) ==
          summary(Workspace::analyze(analyzer(), "😀 日本 " + kText, Language::Markdown, {})));
}

TEST_CASE("rapid edits are debounced into one analysis of the final text", "[concurrent]") {
    Published published;
    Workspace workspace(analyzer(), options(1, 100ms), published.callback());
    workspace.open("file:///a.md", Language::Markdown, 1, kText);
    workspace.wait_idle();
    REQUIRE(published.versions() == std::vector<int>{1});

    std::string expected = kText;
    for (int version = 2; version <= 40; ++version) {
        const std::string word = version % 2 ? "🎉-- " : "日本 ";
        workspace.change("file:///a.md", version, {insert_at(0, 0, word)}, PositionEncoding::Utf16);
        expected.insert(0, word);
    }
    workspace.wait_idle();
    // Nothing stale: the only publication after the edits is of the last version.
    CHECK(published.versions() == std::vector<int>{1, 40});
    CHECK(*published.last().text == expected);
    CHECK(summary(*published.last().report) ==
          summary(Workspace::analyze(analyzer(), expected, Language::Markdown, {})));
}

TEST_CASE("requests wait for the current analysis, and a newer edit supersedes them",
          "[concurrent]") {
    Published published;
    Workspace workspace(analyzer(), options(1, 200ms), published.callback());
    std::mutex mutex;
    std::vector<std::optional<int>> answers;  // the version answered, or nullopt
    const auto record = [&](std::optional<Snapshot> snapshot) {
        const std::lock_guard lock(mutex);
        answers.push_back(snapshot ? std::optional(snapshot->version) : std::nullopt);
    };
    workspace.open("file:///a.md", Language::Markdown, 1, kText);
    workspace.wait_idle();
    workspace.when_current("file:///a.md", record);  // current: answered at once
    workspace.change("file:///a.md", 2, {insert_at(0, 0, "x")}, PositionEncoding::Utf16);
    workspace.when_current("file:///a.md", record);  // waits for version 2...
    workspace.change("file:///a.md", 3, {insert_at(0, 0, "y")}, PositionEncoding::Utf16);
    workspace.when_current("file:///a.md", record);  // ...superseded; this one gets 3
    workspace.wait_idle();
    workspace.when_current("file:///closed.md", record);
    const std::lock_guard lock(mutex);
    CHECK(answers == std::vector<std::optional<int>>{1, std::nullopt, 3, std::nullopt});
}

TEST_CASE("settings re-analyse every document, ignores and enabled codes filter") {
    Published published;
    Workspace workspace(analyzer(), options(0, 0ms), published.callback());
    AnalysisSettings settings;
    settings.show_common_habits = true;  // spaced "--" is a habit many writers share
    workspace.set_settings(settings);
    workspace.open("file:///a.md", Language::Markdown, 1, kText);
    workspace.open("file:///b.md", Language::Markdown, 1, kText);
    const auto has = [](const Snapshot& snapshot, std::string_view code) {
        return std::any_of(snapshot.report->markers.begin(), snapshot.report->markers.end(),
                           [&](const Marker& marker) { return marker.code == code; });
    };
    REQUIRE(has(published.last(), "contact-detail"));
    REQUIRE(has(published.last(), "dash-style"));

    settings.ignored_codes = {"contact-detail"};
    workspace.set_settings(settings);
    CHECK(published.versions().size() == 4);
    CHECK_FALSE(has(published.last(), "contact-detail"));
    CHECK(has(published.last(), "dash-style"));

    settings.ignored_codes = {};
    settings.enabled_codes = {"contact-detail"};
    workspace.set_settings(settings);
    CHECK(has(published.last(), "contact-detail"));
    CHECK_FALSE(has(published.last(), "dash-style"));

    settings.ignored_codes = {"contact-detail"};  // everything enabled is ignored
    workspace.set_settings(settings);
    CHECK(published.last().report->markers.empty());
}

TEST_CASE("closing a document drops it, changing an unknown one throws", "[concurrent]") {
    Published published;
    Workspace workspace(analyzer(), options(1, 0ms), published.callback());
    workspace.open("file:///a.md", Language::Text, 1, "Some text.");
    workspace.close("file:///a.md");
    workspace.wait_idle();
    CHECK_FALSE(workspace.is_open("file:///a.md"));
    CHECK_FALSE(workspace.snapshot("file:///a.md"));
    CHECK_THROWS_AS(workspace.change("file:///a.md", 2, {}, PositionEncoding::Utf16),
                    std::out_of_range);
}

TEST_CASE("a storm of 10,000 edits keeps one text and publishes the last version", "[concurrent]") {
    Published published;
    Workspace workspace(analyzer(), options(1, 100ms), published.callback());
    std::string expected;
    while (expected.size() < 200'000) expected += kText;
    workspace.open("file:///storm.md", Language::Markdown, 1, expected);
    for (int version = 2; version <= 10'001; ++version) {
        workspace.change("file:///storm.md", version, {insert_at(1, 0, "a ")},
                         PositionEncoding::Utf16);
        expected.insert(kText.size(), "a ");
    }
    workspace.wait_idle();
    CHECK(published.versions().back() == 10'001);
    CHECK(*published.last().text == expected);
    CHECK(*workspace.snapshot("file:///storm.md")->text == expected);
}

TEST_CASE("documents past the workspace's limits are refused and not kept") {
    Published published;
    Workspace::Options limits = options(0, 0ms);
    limits.max_document_bytes = 100;
    limits.max_documents = 2;
    limits.max_total_bytes = 150;
    Workspace workspace(analyzer(), limits, published.callback());
    CHECK_THROWS_AS(workspace.open("file:///big.md", Language::Markdown, 1, std::string(101, 'a')),
                    DocumentRefused);
    CHECK_FALSE(workspace.is_open("file:///big.md"));
    workspace.open("file:///a.md", Language::Markdown, 1, std::string(100, 'a'));
    CHECK_THROWS_WITH(workspace.open("file:///b.md", Language::Markdown, 1, std::string(51, 'b')),
                      Catch::Contains("would hold more than 150 bytes"));
    workspace.open("file:///b.md", Language::Markdown, 1, std::string(50, 'b'));
    CHECK_THROWS_WITH(workspace.open("file:///c.md", Language::Markdown, 1, "c"),
                      Catch::Contains("2 documents are open"));
    // Reopening a document replaces it rather than counting twice.
    workspace.open("file:///b.md", Language::Markdown, 2, std::string(40, 'b'));
    CHECK(workspace.open_count() == 2);
    // An edit that grows a document past the total closes it.
    CHECK_THROWS_AS(workspace.change("file:///b.md", 3, {insert_at(0, 0, std::string(20, 'x'))},
                                     PositionEncoding::Utf16),
                    DocumentRefused);
    CHECK_FALSE(workspace.is_open("file:///b.md"));
    workspace.close("file:///a.md");
    workspace.open("file:///c.md", Language::Markdown, 1, std::string(100, 'c'));
    CHECK(workspace.open_count() == 1);
}
