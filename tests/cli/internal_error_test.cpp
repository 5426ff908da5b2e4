// No internal error on real text, and never a silent one: shouted contractions (a "CAN'T" once
// made the capitalization detector throw, and `check` print "map::at" and nothing else), and a
// detector that throws (fantasma-faulty, tests/faulty_detector.hpp) reported on stderr while
// every other marker is still there.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.hpp"

namespace {

using namespace cli_test;

Run faulty(const Scratch& scratch, const std::string& arguments) {
    return run_shell(quote(FANTASMA_FAULTY_BINARY) + " " + arguments, scratch.dir / "stderr");
}

// Every form the issue named: shouted, curly-apostrophed and mixed-case contractions, and
// shouting beside other capitals ("DON'T QUOTE ME").
const std::string kShouted =
    "I CAN'T stop now, and I DON'T think we WON'T. We SHAN'T sign it.\n\n"
    "DON'T QUOTE ME on this: I CAN\u2019T say it plainer. Can'T you see? WON\u02BCT, can't.\n";

struct Form {
    const char* name;
    std::string text;
};

const Form kForms[] = {
    {"letter.txt", "Hi all,\n\n" + kShouted + "\nThanks,\nJo\n"},
    {"notes.md", "# Notes\n\n" + kShouted + "\n- I CAN'T *stop*.\n"},
    {"paper.tex",
     "\\documentclass{article}\n\\begin{document}\n" + kShouted + "\n\\end{document}\n"},
};

}  // namespace

TEST_CASE("check, rewrite and check --profile read shouted contractions", "[cli]") {
    const Scratch scratch;
    const std::string folder = (scratch.dir / "profile").string();
    fs::create_directories(folder);
    for (const Form& form : kForms) {
        INFO(form.name);
        const std::string path = scratch.write(form.name, form.text);
        scratch.write(std::string("profile/") + form.name, form.text);

        const Run check = run_fantasma(scratch, "check " + quote(path));
        INFO(check.err);
        CHECK(check.status == 0);
        CHECK(check.err.find("internal error") == std::string::npos);
        // Emphasis in capitals is what these words are: the detector that once threw reports.
        CHECK(check.out.find("capitals") != std::string::npos);

        const Run rewrite = run_fantasma(scratch, "rewrite --diff " + quote(path));
        INFO(rewrite.err);
        CHECK(rewrite.status == 0);
        CHECK(rewrite.err.find("internal error") == std::string::npos);
    }
    for (const Form& form : kForms) {
        const std::string path = (scratch.dir / form.name).string();
        const Run profiled =
            run_fantasma(scratch, "check --profile " + quote(folder) + " " + quote(path));
        INFO(profiled.err);
        CHECK(profiled.status == 0);
        CHECK(profiled.err.find("internal error") == std::string::npos);
        CHECK(profiled.err.find("skipped") == std::string::npos);
        const Run rewrite =
            run_fantasma(scratch, "rewrite --diff --profile " + quote(folder) + " " + quote(path));
        INFO(rewrite.err);
        CHECK(rewrite.status == 0);
    }
}

TEST_CASE("a detector that throws is named on stderr and every other marker is reported", "[cli]") {
    const Scratch scratch;
    const std::string path =
        scratch.write("marked.md",
                      "I think -- as I always say -- that the colour of the sky matters.  It "
                      "really does.\nWrite to jane.doe@example.org today.\n");

    const Run good = run_fantasma(scratch, "check " + quote(path));
    REQUIRE(good.status == 0);
    REQUIRE(!good.out.empty());
    const Run bad = faulty(scratch, "check " + quote(path));
    CHECK(bad.status == 1);
    CHECK(bad.err == "fantasma: " + path +
                         ": internal error in the test-faulty detector (map::at): its markers are "
                         "left out, every other marker is reported; please report this bug to "
                         "fantasma\n");
    // The same report, the faulty detector's marker (made before it threw) left out.
    CHECK(bad.out == good.out);

    const Run json = faulty(scratch, "check --format json " + quote(path));
    CHECK(json.status == 1);
    const nlohmann::json report = nlohmann::json::parse(json.out).at(0);
    REQUIRE(report.contains("failedDetectors"));
    CHECK(report["failedDetectors"].at(0)["code"] == "test-faulty");
    const Run good_json = run_fantasma(scratch, "check --format json " + quote(path));
    CHECK(report["markers"] == nlohmann::json::parse(good_json.out).at(0)["markers"]);

    const Run rewrite = faulty(scratch, "rewrite " + quote(path));
    CHECK(rewrite.status == 1);
    CHECK(rewrite.err.find("internal error in the test-faulty detector") != std::string::npos);
    CHECK(rewrite.out == run_fantasma(scratch, "rewrite " + quote(path)).out);

    const std::string folder = (scratch.dir / "profile").string();
    fs::create_directories(folder);
    scratch.write("profile/other.md", "I write as I always do -- with double hyphens.\n");
    const Run profiled = faulty(scratch, "check --profile " + quote(folder) + " " + quote(path));
    CHECK(profiled.err.find("'" + folder + "/other.md' measured without the test-faulty " +
                            "detector (internal error: map::at)") != std::string::npos);
}
