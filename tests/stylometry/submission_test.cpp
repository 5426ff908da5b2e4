// The double-blind test set (tests/stylometry/submissions): papers in four templates and two
// Markdown submissions, each with a manifest of planted leaks and decoys. Every planted leak
// must be found at its line, and no decoy (a product, benchmark, place or system name) may be
// called a person's name.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "stylometry/analyzer.hpp"
#include "stylometry/double_blind.hpp"
#include "stylometry/leaks/authors.hpp"
#include "stylometry/rewrite/rewrite.hpp"
#include "stylometry/source_file.hpp"
#include "stylometry/submission.hpp"
#include "stylometry/text/line_index.hpp"

using namespace fantasma;
namespace fs = std::filesystem;

namespace {

const fs::path kSet = fs::path(FANTASMA_SOURCE_DIR) / "tests/stylometry/submissions";

struct Checked {
    std::string source;
    Report report;
};

// Checks `main` as `fantasma check` does: with its included files and bibliographies.
std::map<std::string, Checked> check_submission(const fs::path& main) {
    const Analyzer analyzer;
    const std::string main_source = read_document(main);
    const Language language = language_for_path(main.string());
    SubmissionFiles files{{{main, SubmissionFile::Kind::Latex}}, {}};
    if (language == Language::Latex) files = latex_submission_files(main, main_source);
    REQUIRE(files.missing.empty());
    AnalysisOptions options;
    std::map<std::string, Checked> checked;
    for (const SubmissionFile& file : files.files) {
        checked[fs::relative(file.path, main.parent_path()).string()].source =
            read_document(file.path);
        if (file.kind == SubmissionFile::Kind::Latex) {
            for (std::string& name : leaks::submission_authors(
                     checked[fs::relative(file.path, main.parent_path()).string()].source,
                     language)) {
                options.submission_authors.push_back(std::move(name));
            }
        }
    }
    for (const SubmissionFile& file : files.files) {
        Checked& one = checked[fs::relative(file.path, main.parent_path()).string()];
        if (file.kind == SubmissionFile::Kind::Bibliography) {
            one.report.markers = bibliography_leaks(one.source, options.submission_authors);
        } else {
            options.language = file.path == main ? language : Language::Latex;
            one.report = analyzer.analyze(one.source, options);
        }
    }
    return checked;
}

struct Tally {
    std::size_t planted = 0, found = 0, flagged = 0, flagged_planted = 0;
};

void check_manifest(const fs::path& folder, const std::vector<std::string>& mains, Tally& tally) {
    std::map<std::string, Checked> checked;
    for (const std::string& main : mains) checked.merge(check_submission(folder / main));
    std::map<std::tuple<std::string, std::size_t, std::string>, std::size_t> planted;
    std::ifstream manifest(folder / "manifest.tsv");
    REQUIRE(manifest);
    std::string line;
    std::vector<std::pair<std::string, std::string>> decoys;
    while (std::getline(manifest, line)) {
        if (line.empty() || line.front() == '#') continue;
        std::istringstream fields(line);
        std::string kind, file;
        std::getline(fields, kind, '\t');
        std::getline(fields, file, '\t');
        if (kind == "leak") {
            std::string line_number, code;
            std::getline(fields, line_number, '\t');
            std::getline(fields, code, '\t');
            ++planted[{file, std::stoul(line_number), code}];
        } else {
            std::string text;
            std::getline(fields, text, '\t');
            decoys.emplace_back(file, text);
        }
    }
    std::map<std::tuple<std::string, std::size_t, std::string>, std::size_t> found;
    for (const auto& [file, one] : checked) {
        const LineIndex lines(one.source);
        for (const Marker& marker : one.report.markers) {
            if (!is_leak(marker.code)) continue;
            const std::size_t line_number = lines.to_bytes(marker.spans.front().begin).line + 1;
            const auto key = std::make_tuple(file, line_number, marker.code);
            ++found[key];
            ++tally.flagged;
            if (planted.contains(key)) ++tally.flagged_planted;
        }
    }
    for (const auto& [key, count] : planted) {
        INFO(folder.filename().string() << ": " << std::get<0>(key) << ":" << std::get<1>(key)
                                        << " [" << std::get<2>(key) << "]");
        CHECK(found[key] >= count);
        tally.planted += count;
        tally.found += std::min(found[key], count);
    }
    for (const auto& [file, text] : decoys) {
        REQUIRE(checked.contains(file));
        const Checked& one = checked.at(file);
        const std::size_t at = one.source.find(text);
        INFO(folder.filename().string() << "/" << file << ": decoy \"" << text << "\"");
        REQUIRE(at != std::string::npos);  // the manifest names text that is there
        for (std::size_t from = at; from != std::string::npos;
             from = one.source.find(text, from + 1)) {
            const Span decoy{from, from + text.size()};
            for (const Marker& marker : one.report.markers) {
                if (marker.code != "personal-name") continue;
                for (Span span : marker.spans) CHECK_FALSE(span.overlaps(decoy));
            }
        }
    }
}

}  // namespace

TEST_CASE("double-blind test set: every planted leak is found at its line, no decoy is a person") {
    Tally tally;
    check_manifest(kSet / "article", {"main.tex"}, tally);
    check_manifest(kSet / "acmart", {"paper.tex"}, tally);
    check_manifest(kSet / "ieee", {"conference.tex"}, tally);
    check_manifest(kSet / "markdown", {"workshop.md", "preprint.md"}, tally);
    // Recall must be complete; precision (flagged lines that are planted leaks) is reported.
    CHECK(tally.found == tally.planted);
    WARN("double-blind test set: recall " << tally.found << "/" << tally.planted << ", precision "
                                          << tally.flagged_planted << "/" << tally.flagged);
}

TEST_CASE("public names are never flagged as people") {
    const Analyzer analyzer;
    AnalysisOptions options;
    options.language = Language::Markdown;
    const std::string text = "We compare with the scheduler Maria Chen wrote for Sofia Lindgren.\n";
    auto names = [&] {
        std::size_t count = 0;
        for (const Marker& marker : analyzer.analyze(text, options).markers) {
            count += marker.code == "personal-name";
        }
        return count;
    };
    CHECK(names() == 2);
    options.public_names = {"maria chen"};
    CHECK(names() == 1);
}

TEST_CASE("a flagged name is marked wherever it recurs") {
    const Analyzer analyzer;
    AnalysisOptions options;
    const std::string text = "Yesterday we met Maria Chen at the lab. Later Chen sent the data.\n";
    const Report report = analyzer.analyze(text, options);
    const auto name = std::ranges::find(report.markers, "personal-name", &Marker::code);
    REQUIRE(name != report.markers.end());
    CHECK(name->spans.size() == 2);
}

TEST_CASE("rewriting a submission leaves every leak as written: the writer decides") {
    const Analyzer analyzer;
    for (const char* paper : {"article/main.tex", "acmart/paper.tex", "ieee/conference.tex",
                              "markdown/workshop.md", "markdown/preprint.md"}) {
        const std::string source = read_document(kSet / paper);
        RewriteOptions options;
        options.language = language_for_path(paper);
        const RewriteResult result = rewrite(source, options, analyzer);
        AnalysisOptions analysis;
        analysis.language = options.language;
        for (const Marker& marker : analyzer.analyze(source, analysis).markers) {
            if (!marker.identity) continue;
            for (Span span : marker.spans) {
                INFO(paper << ": [" << marker.code << "] "
                           << source.substr(span.begin, span.size()));
                CHECK(std::ranges::none_of(result.edits, [&](const TextEdit& edit) {
                    return edit.source.overlaps(span) && !edit.keeps_appearance;
                }));
            }
        }
    }
}
