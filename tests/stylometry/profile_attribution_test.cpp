// A small version of tools/eval/profile_attribution.py, run with every test: on five EBG
// authors, a profile built from an author's samples must score that author's held-out sample
// above the other authors' held-out samples more often than chance (1 in 5) would.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <ranges>
#include <regex>
#include <string>
#include <vector>

#include "skip.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/source_file.hpp"

using namespace fantasma;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kAuthors = 5;

// The first `count` authors' ordinary samples (X_NN_*.txt), each author's sorted by name.
std::vector<std::vector<fs::path>> first_authors(const fs::path& corpus, std::size_t count) {
    const std::regex sample_name("[a-z]+_[0-9][0-9]_[0-9_]+\\.txt");
    std::vector<fs::path> folders;
    for (const auto& entry : fs::directory_iterator(corpus)) {
        if (entry.is_directory()) folders.push_back(entry.path());
    }
    std::ranges::sort(folders);
    std::vector<std::vector<fs::path>> authors;
    for (const fs::path& folder : folders) {
        std::vector<fs::path> samples;
        for (const auto& entry : fs::directory_iterator(folder)) {
            if (std::regex_match(entry.path().filename().string(), sample_name)) {
                samples.push_back(entry.path());
            }
        }
        std::ranges::sort(samples);
        if (samples.size() >= 3) authors.push_back(std::move(samples));
        if (authors.size() == count) break;
    }
    return authors;
}

}  // namespace

TEST_CASE("a profile singles out its writer among five EBG authors", "[profile][corpus]") {
    const fs::path corpus = fs::path(FANTASMA_SHARED_DIR) / "corpora" / "ebg-amt";
    if (!fs::is_directory(corpus)) {
        fantasma::testing::skip(corpus.string() + " is not there");
        return;
    }
    const auto authors = first_authors(corpus, kAuthors);
    REQUIRE(authors.size() == kAuthors);
    const Analyzer analyzer;

    std::vector<std::string> held_out;  // each author's last sample
    std::vector<Profile> profiles;      // from the other samples
    for (const auto& samples : authors) {
        held_out.push_back(read_document(samples.back()));
        Profile profile;
        for (std::size_t i = 0; i + 1 < samples.size(); ++i) {
            profile.add(analyzer.analyze(read_document(samples[i]), AnalysisOptions{}));
        }
        profiles.push_back(std::move(profile));
    }

    int own_first = 0;
    for (std::size_t author = 0; author < kAuthors; ++author) {
        AnalysisOptions options;
        options.profile = &profiles[author];
        std::vector<double> bits;
        for (const std::string& text : held_out) {
            bits.push_back(analyzer.analyze(text, options).total_bits);
        }
        const bool first = std::ranges::all_of(
            std::views::iota(std::size_t{0}, kAuthors),
            [&](std::size_t other) { return other == author || bits[other] < bits[author]; });
        own_first += first ? 1 : 0;
        INFO("author " << author << ": own " << bits[author]);
    }
    // Chance is 1 in 5; the full 45-author evaluation is in the README.
    CHECK(own_first >= 3);
}
