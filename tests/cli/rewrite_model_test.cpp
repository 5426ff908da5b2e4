// `fantasma rewrite --model` as a user runs it, on the tiny random chat model: its noise is
// rejected, the deterministic rewrite is what comes out, the verdicts are on stderr.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli_test_support.hpp"

using namespace cli_test;

namespace {

const std::string kModel =
    (fs::path(FANTASMA_SOURCE_DIR) / "tests/generator/tiny-chat-model").string();
const std::string kDocument =
    "# Notes\n\nThe colour of `x = 3` was grey, whilst Ada waited.\n\nThe last colour.\n";

}  // namespace

TEST_CASE("rewrite --model: candidates judged on stderr, the deterministic text kept") {
    const Scratch scratch("fantasma-rewrite-model-");
    const std::string file = scratch.write("notes.md", kDocument);
    const Run run =
        run_fantasma(scratch, "rewrite --backend reference --model " + quote(kModel) +
                                  " --paragraph 2 --candidates 2 --seed 5 " + quote(file));
    INFO(run.err);
    REQUIRE(run.status == 0);
    // Only the second paragraph is rewritten; the heading and the last paragraph stay.
    CHECK(run.out ==
          "# Notes\n\nThe color of `x = 3` was gray, while Ada waited.\n\nThe last colour.\n");
    CHECK(run.err.find("fantasma: loading " + kModel) == 0);
    CHECK(run.err.find("candidate 1 of 2: ") != std::string::npos);
    CHECK(run.err.find("candidate 2 of 2: ") != std::string::npos);
    CHECK(run.err.find("the deterministic rewrite is kept") != std::string::npos);

    const Run in_place =
        run_fantasma(scratch, "rewrite --in-place --backend reference --model " + quote(kModel) +
                                  " --range 3:1-3:51 --candidates 1 " + quote(file));
    INFO(in_place.err);
    REQUIRE(in_place.status == 0);
    CHECK(read_file(file) ==
          "# Notes\n\nThe color of `x = 3` was gray, while Ada waited.\n\nThe last colour.\n");
}

TEST_CASE("rewrite --model: no passage, or no model, is one line and the file untouched") {
    const Scratch scratch("fantasma-rewrite-model-");
    const std::string file = scratch.write("notes.md", kDocument);
    const Run whole =
        run_fantasma(scratch, "rewrite --in-place --model " + quote(kModel) + " " + quote(file));
    CHECK(whole.status == 1);
    CHECK(whole.err.find("--paragraph N or --range") != std::string::npos);
    const Run missing = run_fantasma(scratch, "rewrite --in-place --paragraph 2 --model " +
                                                  quote(kModel + "-missing") + " " + quote(file));
    CHECK(missing.status == 1);
    CHECK(missing.err.find("tiny-chat-model-missing: no such file or folder") != std::string::npos);
    CHECK(read_file(file) == kDocument);
}
