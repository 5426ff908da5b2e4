#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>

#include "analyzer_test_support.hpp"
#include "stylometry/profile.hpp"

using namespace fantasma;
namespace fs = std::filesystem;

namespace {

// A fresh directory under the system's temporary directory, removed when the test ends.
struct TempDirectory {
    fs::path path;
    TempDirectory() {
        path = fs::temp_directory_path() /
               ("fantasma-profile-" + std::to_string(std::random_device{}()));
        fs::create_directories(path);
    }
    ~TempDirectory() { fs::remove_all(path); }
    void write(const fs::path& name, const std::string& bytes) const {
        fs::create_directories((path / name).parent_path());
        std::ofstream(path / name, std::ios::binary) << bytes;
    }
};

std::string error_of(const fs::path& directory) {
    try {
        Profile::from_directory(directory, testing::colour_analyzer());
    } catch (const std::runtime_error& error) {
        return error.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a profile sums the habits of every document under a directory", "[profile]") {
    const TempDirectory directory;
    directory.write("a.txt", "The colour of it.");                    // 4 words, 1 colour
    directory.write("notes/b.md", "# Colour\n\nA `colour` colour.");  // 3 prose words
    directory.write("deep/er/c.TEX", "Some \\emph{colour} here.");    // 3 words
    directory.write("ignored.pdf", "colour colour colour");
    directory.write("ignored.html", "colour colour colour");
    const Profile profile = Profile::from_directory(directory.path, testing::colour_analyzer());
    CHECK(profile.documents() == 3);
    CHECK(profile.words() == 10);
    const Measurement* colour = profile.find("test.colour");
    REQUIRE(colour != nullptr);
    CHECK(colour->count == 3);  // "Colour" in the heading is capitalised: not matched
    CHECK(colour->opportunities == 10);
    CHECK(profile.find("no.such.feature") == nullptr);
}

TEST_CASE("a profile leaves out the documents being checked", "[profile]") {
    // A writer's folder often holds the draft they check: it is no other text of theirs.
    const TempDirectory directory;
    directory.write("a.txt", "The colour of it.");
    directory.write("draft.txt", "Colour, colour, colour and colour.");
    const Profile profile = Profile::from_directory(directory.path, testing::colour_analyzer(),
                                                    {directory.path / "." / "draft.txt"});
    CHECK(profile.documents() == 1);
    CHECK(profile.words() == 4);
    REQUIRE(profile.notes().size() == 1);
    CHECK_THAT(profile.notes()[0], Catch::Contains("draft.txt' left out"));
}

TEST_CASE("profile errors say what is wrong and where", "[profile]") {
    const TempDirectory directory;
    CHECK_THAT(error_of(directory.path / "missing"), Catch::Contains("does not exist"));
    CHECK_THAT(error_of(directory.path), Catch::Contains("holds no prose"));
    directory.write("only.pdf", "colour");
    CHECK_THAT(error_of(directory.path), Catch::Contains("holds no prose"));
    directory.write("binary.txt", std::string("colour\0", 7));
    const std::string bad = error_of(directory.path);
    CHECK_THAT(bad, Catch::Contains("holds no prose") &&
                        Catch::Contains("binary.txt' skipped: it looks binary"));
}

TEST_CASE("a profile reads files in old single-byte encodings and skips unreadable ones",
          "[profile]") {
    const TempDirectory directory;
    directory.write("a.txt", "The colour of it.");
    directory.write("mac.txt", "A caf\x8E colour.");           // MacRoman é
    directory.write("binary.md", std::string("colour\0", 7));  // not text at all
    const Profile profile = Profile::from_directory(directory.path, testing::colour_analyzer());
    CHECK(profile.documents() == 2);
    CHECK(profile.words() == 7);
    REQUIRE(profile.notes().size() == 2);
    CHECK_THAT(profile.notes()[0], Catch::Contains("binary.md' skipped: it looks binary"));
    CHECK_THAT(profile.notes()[1], Catch::Contains("mac.txt' is not UTF-8: read as MacRoman"));
}

TEST_CASE("a writer's own invisible habits count in their profile and link a text to them",
          "[profile]") {
    // The writer's editor leaves a left-to-right mark after every sentence, in every text.
    const std::string mark = "\u200E";
    const TempDirectory directory;
    directory.write("a.txt", "I went to the market today." + mark + " It was busy." + mark);
    directory.write("b.md", "We cooked dinner at home." + mark + " Then we read." + mark + "\n");
    const Analyzer analyzer;
    const Profile profile = Profile::from_directory(directory.path, analyzer);
    const Measurement* direction = profile.find("invisible.direction");
    REQUIRE(direction != nullptr);
    CHECK(direction->count == 4);
    CHECK(direction->opportunities == 17);

    // A new text with the same habit: its direction-mark markers link it to this writer.
    AnalysisOptions options;
    options.profile = &profile;
    options.enabled_codes = {"direction-mark"};
    const Report linked =
        analyzer.analyze("The train was late again." + mark + " Nobody minded." + mark, options);
    REQUIRE(linked.markers.size() == 2);
    CHECK(linked.markers[0].bits > 0);
    const Report unlinked = analyzer.analyze("The train was late again.", options);
    CHECK(unlinked.markers.empty());
}
