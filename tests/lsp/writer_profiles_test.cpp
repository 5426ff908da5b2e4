// The profile each document is measured against in the editor: the writer's profile folder
// less the document itself, when the folder holds it (a draft saved among the writer's texts).
#include <catch2/catch.hpp>

#include <fstream>

#include <unistd.h>

#include "lsp/features.hpp"
#include "lsp/writer_profiles.hpp"

namespace lsp = fantasma::lsp;
using fantasma::Analyzer;
using fantasma::Language;
using fantasma::PositionEncoding;

namespace {

const Analyzer& analyzer() {
    static const Analyzer instance;
    return instance;
}

// A writer's folder: a draft that says "utilized" where most writers say "used", and another
// text that never does.
struct Folder {
    std::filesystem::path path;
    std::filesystem::path draft, other;
    explicit Folder(const std::string& name)
        : path(std::filesystem::temp_directory_path() /
               ("fantasma-writer-profiles-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
        draft = path / "draft.md";
        other = path / "letter.md";
        std::ofstream(draft) << "We utilized a new method for the survey this year. The team "
                                "utilized the old maps as well. The farmers utilized the river "
                                "for their fields. In the end we utilized every hour of light.\n";
        std::ofstream(other) << "Next spring we will go back to the valley with more people and "
                                "better boots, and nobody will complain about the long days or "
                                "the cold nights, since the work is good and the food is warm.\n";
    }
    ~Folder() { std::filesystem::remove_all(path); }
};

std::size_t word_choice_hints(const lsp::AnalysisSettings& settings, const std::string& uri,
                              const std::string& text) {
    lsp::Workspace::Options options;
    options.threads = 0;
    lsp::Workspace workspace(analyzer(), options, [](const lsp::Snapshot&) {});
    workspace.set_settings(settings);
    workspace.open(uri, Language::Markdown, 1, text);
    const auto snapshot = workspace.snapshot(uri);
    REQUIRE(snapshot);
    std::size_t hints = 0;
    for (const auto& diagnostic : lsp::diagnostics_for(*snapshot, PositionEncoding::Utf16))
        hints += diagnostic.code == "word-choice";
    return hints;
}

}  // namespace

TEST_CASE("a document in the profile folder is measured against the folder's other texts") {
    const Folder folder("other");
    const lsp::WriterProfiles profiles(folder.path, analyzer());
    REQUIRE(profiles.whole()->documents() == 2);
    CHECK(profiles.whole()->word_uses("utilized") == 4);

    const auto for_draft = profiles.for_document(folder.draft.string());
    REQUIRE(for_draft);
    CHECK(for_draft->documents() == 1);
    CHECK(for_draft->word_uses("utilized") == 0);
    CHECK(profiles.for_document(folder.draft.string()) == for_draft);  // built once
    // Elsewhere, or no file at all: the whole folder.
    CHECK(profiles.for_document("/elsewhere/draft.md") == profiles.whole());
    CHECK(profiles.for_document("") == profiles.whole());
    // Through a path spelled otherwise.
    const auto spelled = (folder.path / "." / "draft.md").string();
    CHECK(profiles.for_document(spelled)->documents() == 1);
}

TEST_CASE("the folder's only text has no profile to be measured against") {
    const Folder folder("only");
    std::filesystem::remove(folder.other);
    const lsp::WriterProfiles profiles(folder.path, analyzer());
    CHECK(profiles.for_document(folder.draft.string()) == nullptr);
}

TEST_CASE("a draft's own words are no habit of the writer's in the editor") {
    const Folder folder("hints");
    lsp::AnalysisSettings settings;
    settings.profiles = std::make_shared<const lsp::WriterProfiles>(folder.path, analyzer());
    settings.word_choice = 0.5;  // short texts: few content words
    const std::string text =
        "The engineers utilized a small pump. Later they utilized the same pump again.\n";
    // The same text from outside the folder: the draft in the folder makes "utilized" the
    // writer's word (the profile holds it); from the draft itself it is not.
    CHECK(word_choice_hints(settings, "file:///elsewhere/notes.md", text) > 0);
    CHECK(word_choice_hints(settings, "file://" + folder.draft.string(), text) == 0);
}
