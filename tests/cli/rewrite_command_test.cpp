#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli_test_support.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using namespace cli_test;

// British spellings on lines 1, 3 and 7; a code block in between that must not change.
const std::string kDocument =
    "# The colour\n\n"
    "The colour of the sky.\n\n"
    "```\nthe favour of code\n```\n\n"
    "A last colour.\n";
const std::string kRewritten =
    "# The color\n\n"
    "The color of the sky.\n\n"
    "```\nthe favour of code\n```\n\n"
    "A last color.\n";

}  // namespace

TEST_CASE("rewrite prints the rewritten document and a summary") {
    const Scratch scratch;
    const std::string path = scratch.write("doc.md", kDocument);
    const Run run = run_fantasma("rewrite " + quote(path));
    CHECK(run.status == 0);
    CHECK(run.out == kRewritten);
    CHECK(run.err.find("3 edits applied") != std::string::npos);
    CHECK(read_file(path) == kDocument);
}

TEST_CASE("rewrite --diff prints a unified diff that patch applies") {
    const Scratch scratch;
    const std::string path = scratch.write("doc.md", kDocument);
    const Run run = run_fantasma("rewrite --diff " + quote(path));
    REQUIRE(run.status == 0);
    CHECK(run.out.rfind("--- a/" + path + "\n+++ b/" + path + "\n@@ -1,", 0) == 0);
    CHECK(run.out.find("\n-The colour of the sky.\n+The color of the sky.\n") != std::string::npos);
    CHECK(run.out.find("-the favour of code") == std::string::npos);
    const std::string diff = scratch.write("doc.diff", run.out);
    const std::string copy = scratch.write("copy.md", kDocument);
    REQUIRE(std::system(("patch -s " + quote(copy) + " < " + quote(diff)).c_str()) == 0);
    CHECK(read_file(copy) == kRewritten);
}

TEST_CASE("rewrite --in-place replaces the file and keeps its permissions") {
    const Scratch scratch;
    const std::string path = scratch.write("doc.md", kDocument);
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    const Run run = run_fantasma("rewrite --in-place " + quote(path));
    CHECK(run.status == 0);
    CHECK(run.out.empty());
    CHECK(read_file(path) == kRewritten);
    CHECK(fs::status(path).permissions() ==
          (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
    CHECK(std::distance(fs::directory_iterator(scratch.dir), fs::directory_iterator()) == 1);
}

TEST_CASE("rewrite --in-place in an unwritable folder fails and leaves the original") {
    const Scratch scratch;
    const std::string path = scratch.write("doc.md", kDocument);
    fs::permissions(path, fs::perms::all);
    fs::permissions(scratch.dir, fs::perms::owner_all | fs::perms::group_read |
                                     fs::perms::group_exec | fs::perms::others_read |
                                     fs::perms::others_exec);
    fs::permissions(scratch.dir, fs::perms::owner_write, fs::perm_options::remove);
    // root writes anywhere: run as nobody, for whom the folder is read-only.
    const std::string prefix =
        geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
    const Run run =
        run_shell(prefix + "'" + FANTASMA_BINARY + "' rewrite --in-place " + quote(path),
                  fs::temp_directory_path() / "fantasma-rewrite-unwritable-err");
    CHECK(run.status == 1);
    CHECK(run.err.find("cannot create a temporary file") != std::string::npos);
    CHECK(read_file(path) == kDocument);
    CHECK(std::distance(fs::directory_iterator(scratch.dir), fs::directory_iterator()) == 1);
}

TEST_CASE("rewrite --range and --paragraph limit the edits") {
    const Scratch scratch;
    const std::string path = scratch.write("doc.md", kDocument);
    const Run range = run_fantasma("rewrite --range 3:1-3:23 " + quote(path));
    CHECK(range.status == 0);
    CHECK(range.out ==
          "# The colour\n\nThe color of the sky.\n\n```\nthe favour of code\n```\n\n"
          "A last colour.\n");
    CHECK(range.err.find("1 edit applied") != std::string::npos);

    const Run paragraph = run_fantasma("rewrite --paragraph 3 " + quote(path));
    CHECK(paragraph.status == 0);
    CHECK(paragraph.out ==
          "# The colour\n\nThe colour of the sky.\n\n```\nthe favour of code\n```\n\n"
          "A last color.\n");

    const Run missing = run_fantasma("rewrite --paragraph 9 " + quote(path));
    CHECK(missing.status == 1);
    CHECK(missing.err.find("does not exist: the document has 3") != std::string::npos);
    const Run malformed = run_fantasma("rewrite --range 3-4 " + quote(path));
    CHECK(malformed.status == 1);
    CHECK(malformed.err.find("is not LINE:COLUMN-LINE:COLUMN") != std::string::npos);
}

// A canary trap: one paragraph sent to three recipients, each copy marked differently and
// invisibly. `check` finds each copy's marks; after `rewrite` the copies cannot be told apart.
TEST_CASE("rewrite makes three differently watermarked copies byte-identical") {
    const std::string original =
        "The committee met on Tuesday to review the budget for next year. Most members agreed "
        "that the plan was sound, but two of them asked for more detail about the costs of "
        "the new building. The chair promised to send a revised report before the next "
        "meeting.\n";
    struct Copy {
        std::string name, text, code;
        std::size_t marks;
    };
    const std::vector<Copy> copies = {
        {"zero-width.md",
         "The committee met on Tues\u200Bday to review the budget for next year. Most members "
         "agreed that the plan was sound, but two of them asked for more de\u200B\u200Ctail "
         "about the costs of the new building. The chair promised to send a revised report "
         "before the next meeting.\n",
         "zero-width", 2},
        {"look-alike.md",
         "The committee met on Tuesd\u0430y to review the budget for next ye\u0430r. Most "
         "members agreed that the plan was sound, but two of them asked for more detail ab\u043Eut "
         "the costs of the new building. The chair promised to send a revised report before "
         "the next meeting.\n",
         "look-alike-letter", 3},
        {"spacing.md",
         "The committee met on Tuesday to review the  budget for next year. Most members agreed "
         "that the plan was sound, but two of  them asked for more detail about the costs of "
         "the new building. The chair promised to send a revised report  before the next "
         "meeting.\n",
         "spacing-pattern", 3},
    };
    const Scratch scratch;
    const Run clean = run_fantasma("rewrite " + quote(scratch.write("original.md", original)));
    REQUIRE(clean.status == 0);
    for (const Copy& copy : copies) {
        INFO(copy.name);
        REQUIRE(copy.text != original);
        const std::string path = scratch.write(copy.name, copy.text);
        const Run check = run_fantasma("check --format json " + quote(path));
        REQUIRE(check.status == 0);
        const nlohmann::json reports = nlohmann::json::parse(check.out);
        std::size_t marks = 0;
        for (const auto& marker : reports[0]["markers"]) {
            if (marker["code"] != copy.code) continue;
            // A habit's occurrences in one paragraph share a marker (its moreByteRanges).
            marks += 1 + marker.value("moreByteRanges", nlohmann::json::array()).size();
            CHECK(marker["bits"].get<double>() > 0);
            CHECK(marker["fixes"].size() == 1);
            CHECK(marker["byteRange"].size() == 2);
        }
        CHECK(marks == copy.marks);  // occurrences found
        const Run rewritten = run_fantasma("rewrite " + quote(path));
        REQUIRE(rewritten.status == 0);
        CHECK(rewritten.out == clean.out);
    }
}

TEST_CASE("rewrite refuses a file that is not UTF-8 and says how to convert it") {
    // groff's NEWS is Latin-1 ("Heinz-J\xfcrgen"): check reads it in a guessed encoding, but
    // the rewrite writes back every byte it leaves, so it takes UTF-8 only.
    const Scratch scratch;
    const std::string path =
        scratch.write("news.txt", "Thanks to Heinz-J\xfcrgen for the colour.\n");
    const Run run = run_fantasma("rewrite " + quote(path));
    CHECK(run.status == 1);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Catch::Contains("is not UTF-8 (it reads as Windows-1252)"));
    CHECK_THAT(run.err, Catch::Contains("iconv -f WINDOWS-1252 -t UTF-8"));
}

TEST_CASE("rewrite --profile keeps the edits that lower the attacker's chance and --target stops",
          "[cli]") {
    const Scratch scratch;
    // The writer spells the British way; a draft in the same words is theirs to an attacker.
    for (int i = 0; i < 4; ++i)
        scratch.write("me/text" + std::to_string(i) + ".txt", british_essay(i, 40));
    const std::string draft = british_essay(99, 12);
    const std::string path = scratch.write("draft.txt", draft);
    const std::string profile = " --profile " + quote((scratch.dir / "me").string());

    const Run aimed = run_fantasma(scratch, "rewrite" + profile + " " + quote(path));
    INFO(aimed.err);
    REQUIRE(aimed.status == 0);
    std::smatch chance;
    const std::string err = aimed.err;
    REQUIRE(std::regex_search(err, chance,
                              std::regex("the attacker's chance of picking you: ([0-9.]+) "
                                         "\u2192 ([0-9.]+)")));
    CHECK(std::stod(chance[2].str()) <= std::stod(chance[1].str()));
    REQUIRE(aimed.out != draft);
    // Judged again by `check`, whose probability has every digit: the rewrite lowered it.
    const auto probability = [&](const std::string& file) {
        const Run judged =
            run_fantasma(scratch, "check --format json" + profile + " " + quote(file));
        REQUIRE(judged.status == 0);
        return nlohmann::json::parse(judged.out)[0]["attacker"]["probability"].get<double>();
    };
    CHECK(probability(scratch.write("rewritten.txt", aimed.out)) < probability(path));

    // A target the draft is already below: nothing needs changing.
    const Run below = run_fantasma(scratch, "rewrite" + profile + " --target 1 " + quote(path));
    CHECK(below.status == 0);
    CHECK(below.out == draft);
    CHECK_THAT(below.err, Catch::Contains("below the target 1.00"));

    const Run alone = run_fantasma(scratch, "rewrite --target 0.5 " + quote(path));
    CHECK(alone.status == 1);
    CHECK_THAT(alone.err, Catch::Contains("--target needs --profile"));
}
