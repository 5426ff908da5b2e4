#include <catch2/catch.hpp>

#include "cli_test_support.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

using namespace cli_test;

Run fantasma(const Scratch& scratch, const std::string& arguments) {
    return run_fantasma(scratch, arguments);
}

// UTF-16 code units in a UTF-8 string (4-byte sequences are surrogate pairs).
std::size_t utf16_length(std::string_view utf8) {
    std::size_t units = 0;
    for (const char c : utf8) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte & 0xC0) != 0x80) units += byte >= 0xF0 ? 2 : 1;
    }
    return units;
}

// A document with habits few writers have: double hyphens for dashes, two spaces after full
// stops, an e-mail address; a line with characters outside ASCII before one of them.
const std::string kMarked =
    "# Caf\xC3\xA9 notes\n\n"
    "I think -- as I always say -- that the colour of the sky matters.  It really does.\n"
    "\xF0\x9F\x98\x80 caf\xC3\xA9 -- and then some.  Write to jane.doe@example.org today.\n\n"
    "```\ncode -- with  hyphens\n```\n";

}  // namespace

TEST_CASE("check --format json reports markers with LSP ranges and byte ranges", "[cli]") {
    const Scratch scratch;
    const std::string path = scratch.write("marked.md", kMarked);
    const Run run = fantasma(scratch, "check --format json " + quote(path));
    INFO(run.err);
    REQUIRE(run.status == 0);
    const nlohmann::json reports = nlohmann::json::parse(run.out);
    REQUIRE(reports.is_array());
    REQUIRE(reports.size() == 1);
    const nlohmann::json& report = reports[0];
    CHECK(report["file"] == path);
    CHECK(report["bits"].get<double>() > 0);
    REQUIRE(report["markers"].size() > 0);
    const std::size_t code_block = kMarked.find("```");
    for (const nlohmann::json& marker : report["markers"]) {
        INFO(marker.dump());
        CHECK(std::regex_match(marker["code"].get<std::string>(), std::regex("[a-z0-9-]+")));
        CHECK(!marker["message"].get<std::string>().empty());
        CHECK(marker["bits"].get<double>() > 0);
        const auto begin = marker["byteRange"][0].get<std::size_t>();
        const auto end = marker["byteRange"][1].get<std::size_t>();
        REQUIRE(begin <= end);
        REQUIRE(end <= kMarked.size());
        CHECK(end <= code_block);  // nothing inside the fenced code
        // The LSP range must agree with the byte range: same line, UTF-16 column.
        const std::size_t line_start = kMarked.rfind('\n', begin == 0 ? 0 : begin - 1);
        const std::size_t first = line_start == std::string::npos ? 0 : line_start + 1;
        const auto line = static_cast<std::size_t>(
            std::count(kMarked.begin(), kMarked.begin() + static_cast<long>(begin), '\n'));
        CHECK(marker["range"]["start"]["line"] == line);
        CHECK(marker["range"]["start"]["character"] ==
              utf16_length(std::string_view(kMarked).substr(first, begin - first)));
        CHECK(marker["severity"].is_string());
        CHECK(marker["fixes"].is_array());
    }
}

TEST_CASE("check prints compiler-style lines and a summary", "[cli]") {
    const Scratch scratch;
    const std::string path = scratch.write("marked.md", kMarked);
    const Run run = fantasma(scratch, "check " + quote(path));
    REQUIRE(run.status == 0);
    const std::regex marker_line(
        "(.+):([0-9]+):([0-9]+): (hint|info|warning): .+ \\[[a-z0-9-]+\\]");
    std::istringstream lines(run.out);
    std::string line;
    // After the total, the findings to read first: "<code> at line:column (N bits)".
    const std::regex read_first_line(
        ".+: read first: [a-z0-9-]+ at [0-9]+:[0-9]+ \\([0-9.]+ bits\\)(; [a-z0-9-]+ at "
        "[0-9]+:[0-9]+ \\([0-9.]+ bits\\))*");
    int markers = 0;
    bool summary = false;
    bool read_first = false;
    while (std::getline(lines, line)) {
        std::smatch match;
        if (std::regex_match(line, match, marker_line)) {
            CHECK(match[1] == path);
            CHECK(std::stoi(match[2]) >= 3);  // the heading holds no marker
            ++markers;
        } else if (std::regex_match(line, read_first_line)) {
            CHECK(summary);  // after the total
            read_first = true;
        } else {
            CHECK(line.starts_with(path + ": "));
            CHECK(line.find(" bits") != std::string::npos);
            CHECK(line.find(" words") != std::string::npos);
            CHECK(line.find("writers") != std::string::npos);  // what the total means
            summary = true;
        }
    }
    CHECK(markers > 0);
    CHECK(summary);
    CHECK(read_first);
}

TEST_CASE("text columns count characters, 1-based", "[cli]") {
    const Scratch scratch;
    // The e-mail address follows "ééé mail " on line 2: 9 characters but 12 bytes.
    const std::string path =
        scratch.write("accents.txt", "Hello.\n\xC3\xA9\xC3\xA9\xC3\xA9 mail me@example.org now\n");
    const Run run = fantasma(scratch, "check " + quote(path));
    REQUIRE(run.status == 0);
    const std::string prefix = path + ":2:10: ";
    CHECK(run.out.find(prefix) != std::string::npos);
}

TEST_CASE("unreadable files are reported and the others still checked", "[cli]") {
    const Scratch scratch;
    const std::string good = scratch.write("good.md", kMarked);
    const std::string invalid = scratch.write("invalid.txt", "ok so far \xFF then");
    const std::string binary = scratch.write("binary.txt", std::string("abc\0def", 7));
    const std::string missing = (scratch.dir / "missing.md").string();
    // --encoding utf-8: a file that is not UTF-8 is refused, not read in a guessed encoding.
    const Run run =
        fantasma(scratch, "check --format json --encoding utf-8 " + quote(invalid) + " " +
                              quote(missing) + " " + quote(good) + " " + quote(binary));
    CHECK(run.status == 1);
    const nlohmann::json reports = nlohmann::json::parse(run.out);
    REQUIRE(reports.size() == 1);
    CHECK(reports[0]["file"] == good);
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 3);
    CHECK_THAT(run.err, Catch::Contains(invalid + ": is not valid UTF-8 (byte offset 10)"));
    CHECK_THAT(run.err, Catch::Contains(missing + ": cannot be read"));
    CHECK_THAT(run.err, Catch::Contains(binary + ": looks binary (NUL byte at byte offset 3)"));
}

TEST_CASE("a Windows-1252 file is checked with positions in its own bytes, and a note", "[cli]") {
    const Scratch scratch;
    // "Café -- he said “yes”.  Write to jane.doe@example.org today." from an old Windows
    // editor: é, “ and ” are one byte each.
    const std::string bytes =
        "Notes\n\nCaf\xE9 -- he said \x93yes\x94.  Write to jane.doe@example.org today.\n";
    const std::string path = scratch.write("windows.txt", bytes);
    const Run run = fantasma(scratch, "check --format json " + quote(path));
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK_THAT(run.err, Catch::Contains(path + ": is not UTF-8: read as Windows-1252 (guessed"));
    const nlohmann::json report = nlohmann::json::parse(run.out)[0];
    CHECK(report["encoding"] == "Windows-1252");
    bool found_address = false;
    for (const nlohmann::json& marker : report["markers"]) {
        INFO(marker.dump());
        const auto begin = marker["byteRange"][0].get<std::size_t>();
        const auto end = marker["byteRange"][1].get<std::size_t>();
        REQUIRE(end <= bytes.size());
        // One byte is one character: the column is the byte's distance from its line start.
        const std::size_t line_start = bytes.rfind('\n', begin - 1) + 1;
        CHECK(marker["range"]["start"]["line"] == 2);
        CHECK(marker["range"]["start"]["character"] == begin - line_start);
        if (marker["code"] == "contact-detail") {
            CHECK(bytes.substr(begin, end - begin) == "jane.doe@example.org");
            found_address = true;
        }
    }
    CHECK(found_address);

    const Run told = fantasma(scratch, "check --format json --encoding MacRoman " + quote(path));
    REQUIRE(told.status == 0);
    CHECK(told.err.empty());  // the user said what the file is: nothing to note
    CHECK(nlohmann::json::parse(told.out)[0]["encoding"] == "MacRoman");
    const Run unknown = fantasma(scratch, "check --encoding ebcdic " + quote(path));
    CHECK(unknown.status != 0);
    CHECK_THAT(unknown.err, Catch::Contains("ebcdic"));
}

TEST_CASE("a profile folder with a MacRoman file and a binary one is still used", "[cli]") {
    const Scratch scratch;
    fs::create_directories(scratch.dir / "me");
    scratch.write("me/one.md", kMarked);
    scratch.write("me/old-mac.txt",
                  "I said \xD2"
                  "don\xD5t\xD3 -- twice.  The caf\x8E was shut.");
    scratch.write("me/broken.txt", std::string("abc\0def", 7));
    const std::string path = scratch.write("marked.md", kMarked);
    const Run run = fantasma(scratch, "check --format json --profile " +
                                          quote((scratch.dir / "me").string()) + " " + quote(path));
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK_THAT(run.err, Catch::Contains("old-mac.txt' is not UTF-8: read as MacRoman"));
    CHECK_THAT(run.err, Catch::Contains("broken.txt' skipped: it looks binary"));
    CHECK(nlohmann::json::parse(run.out)[0]["bits"].get<double>() > 0);
}

TEST_CASE("bad flags and a missing profile fail with a message", "[cli]") {
    const Scratch scratch;
    const std::string path = scratch.write("a.txt", "Some text.");
    const Run format = fantasma(scratch, "check --format xml " + quote(path));
    CHECK(format.status != 0);
    CHECK(!format.err.empty());
    const Run language = fantasma(scratch, "check --lang klingon " + quote(path));
    CHECK(language.status != 0);
    CHECK_THAT(language.err, Catch::Contains("klingon"));
    const Run profile = fantasma(
        scratch, "check --profile " + quote((scratch.dir / "nope").string()) + " " + quote(path));
    CHECK(profile.status == 2);
    CHECK_THAT(profile.err, Catch::Contains("does not exist"));
    CHECK(fantasma(scratch, "").status != 0);  // a subcommand is required
}

TEST_CASE("the min-bits flag hides weaker markers", "[cli]") {
    const Scratch scratch;
    const std::string path = scratch.write("marked.md", kMarked);
    const Run all = fantasma(scratch, "check --format json " + quote(path));
    const Run none = fantasma(scratch, "check --format json --min-bits 1000 " + quote(path));
    REQUIRE(all.status == 0);
    REQUIRE(none.status == 0);
    CHECK(nlohmann::json::parse(all.out)[0]["markers"].size() > 0);
    CHECK(nlohmann::json::parse(none.out)[0]["markers"].empty());
}

TEST_CASE("the profile flag scores against a directory of the writer's own texts", "[cli]") {
    const Scratch scratch;
    fs::create_directories(scratch.dir / "me");
    scratch.write("me/one.md", kMarked);
    scratch.write("me/two.txt", "I think -- as ever -- that colour matters.  Truly.");
    const std::string path = scratch.write("marked.md", kMarked);
    const Run run = fantasma(scratch, "check --format json --profile " +
                                          quote((scratch.dir / "me").string()) + " " + quote(path));
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK(nlohmann::json::parse(run.out)[0]["bits"].get<double>() > 0);
}

TEST_CASE("check --profile gives an attacker's verdict and --others adds candidates", "[cli]") {
    const Scratch scratch;
    for (int i = 0; i < 4; ++i)
        scratch.write("me/text" + std::to_string(i) + ".txt", british_essay(i, 40));
    scratch.write("circle/ana.txt", "Ana writes plainly and often. She likes short notes.\n");
    scratch.write("circle/ben/one.txt", "Ben writes about boats, sails and the sea.\n");
    // Few sentences, so that each carries a share worth naming.
    const std::string path = scratch.write("draft.txt", british_essay(99, 10));
    const std::string profile = " --profile " + quote((scratch.dir / "me").string());
    const Run alone = fantasma(scratch, "check --format json" + profile + " " + quote(path));
    INFO(alone.err);
    REQUIRE(alone.status == 0);
    const nlohmann::json verdict = nlohmann::json::parse(alone.out)[0]["attacker"];
    CHECK(verdict["writerTexts"] == 4);
    CHECK(verdict["others"] == 0);
    CHECK(verdict["probability"].get<double>() >= 0);
    CHECK(verdict["probability"].get<double>() <= 1);
    REQUIRE_FALSE(verdict["sentences"].empty());
    CHECK(verdict["sentences"][0]["share"].get<double>() > 0);
    CHECK_THAT(verdict["verdict"].get<std::string>(),
               Catch::StartsWith("An attacker with your 4 other texts, choosing among"));
    // The model is cached under the scratch folder's cache, not trained again.
    CHECK(fs::exists(scratch.dir / "cache" / "fantasma" / "attacker"));

    const Run among =
        fantasma(scratch, "check --format json" + profile + " --others " +
                              quote((scratch.dir / "circle").string()) + " " + quote(path));
    REQUIRE(among.status == 0);
    const nlohmann::json with_others = nlohmann::json::parse(among.out)[0]["attacker"];
    CHECK(with_others["others"] == 2);
    CHECK(with_others["candidates"] == verdict["candidates"].get<int>() + 2);

    const Run text = fantasma(scratch, "check" + profile + " " + quote(path));
    CHECK_THAT(text.out, Catch::Contains(": attacker: An attacker with your 4 other texts"));
    CHECK_THAT(text.out, Catch::Contains("[attacker-evidence]"));

    // Two texts are too few: the markers still come, with the reason on stderr.
    fs::remove(scratch.dir / "me" / "text2.txt");
    fs::remove(scratch.dir / "me" / "text3.txt");
    const Run few = fantasma(scratch, "check --format json" + profile + " " + quote(path));
    CHECK(few.status == 0);
    CHECK_THAT(few.err, Catch::Contains("no attacker's verdict"));
    CHECK_FALSE(nlohmann::json::parse(few.out)[0].contains("attacker"));
}

TEST_CASE("check --double-blind finds leaks in included files and the .bib, exit status 3",
          "[cli]") {
    const Scratch scratch;
    fs::create_directories(scratch.dir / "sections");
    const std::string main = scratch.write("main.tex",
                                           "\\documentclass{article}\n"
                                           "\\author{Maria Okafor}\n"
                                           "\\begin{document}\n"
                                           "\\input{sections/intro}\n"
                                           "\\bibliography{refs}\n"
                                           "\\end{document}\n");
    scratch.write("sections/intro.tex",
                  "\\section{Intro}\n"
                  "Our code: \\url{https://github.com/mokafor/tool}. We build on our previous "
                  "work~\\cite{a}.\n");
    scratch.write("refs.bib",
                  "@inproceedings{a,\n  author = {Okafor, Maria and Doe, Jan},\n"
                  "  title = {T}, year = {2021}}\n");
    const Run run = fantasma(scratch, "check --double-blind " + quote(main));
    INFO(run.out << run.err);
    CHECK(run.status == 3);
    const std::string intro = (scratch.dir / "sections/intro.tex").string();
    const std::string bib = (scratch.dir / "refs.bib").string();
    CHECK(run.out.find(main + ":2:9: warning: \\author prints") != std::string::npos);
    CHECK(run.out.find(intro + ":2:16: warning: This link goes to a GitHub repository") !=
          std::string::npos);
    CHECK(run.out.find(intro + ":2:62: warning: \"our previous work\"") != std::string::npos);
    CHECK(run.out.find(bib + ":2:13: warning: This reference lists") != std::string::npos);
    // Grouped in a fixed order, then the verdict as the last line.
    CHECK(run.out.find("== title block ==") < run.out.find("== links =="));
    CHECK(run.out.find("== self-citations ==") < run.out.find("== bibliography =="));
    CHECK(run.out.ends_with("4 leaks would identify you to a reviewer.\n"));
}

TEST_CASE("check notes a review copy, which --double-blind checks as such", "[cli]") {
    const Scratch scratch;
    const std::string main =
        scratch.write("paper.tex",
                      "\\documentclass[sigconf,review,anonymous]{acmart}\n\\author{Maria Okafor}\n"
                      "\\begin{document}\nWe measured it twice.\n\\end{document}\n");
    const Run plain = fantasma(scratch, "check " + quote(main));
    INFO(plain.out << plain.err);
    CHECK(plain.status == 0);
    CHECK(plain.err.find(main + ": a review copy (acmart's anonymous option): --double-blind") !=
          std::string::npos);
    const Run blind = fantasma(scratch, "check --double-blind " + quote(main));
    CHECK(blind.status == 3);
    CHECK(blind.err.find("a review copy") == std::string::npos);
}

TEST_CASE("check --double-blind exits 0 on an anonymous submission", "[cli]") {
    const Scratch scratch;
    const std::string main = scratch.write(
        "paper.tex",
        "\\documentclass{article}\n\\author{Anonymous Author(s)}\n\\begin{document}\n"
        "Spark and Flink run on a Xeon Gold server; see \\url{https://github.com/apache/flink}.\n"
        "\\end{document}\n");
    const Run run = fantasma(scratch, "check --double-blind " + quote(main));
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out.find("No leaks found") != std::string::npos);
}

TEST_CASE("check honours a fantasma-names file and --public-names", "[cli]") {
    const Scratch scratch;
    const std::string doc = scratch.write(
        "notes.md", "We compared it with the planner that Maria Chen wrote last year.\n");
    const Run before = fantasma(scratch, "check " + quote(doc));
    CHECK(before.out.find("[personal-name]") != std::string::npos);
    scratch.write("fantasma-names", "# public names\nMaria Chen\n");
    const Run after = fantasma(scratch, "check " + quote(doc));
    CHECK(after.out.find("[personal-name]") == std::string::npos);
    const Run missing = fantasma(scratch, "check --public-names nowhere.txt " + quote(doc));
    CHECK(missing.status == 2);
}

TEST_CASE("check words its total within the reference's size", "[cli]") {
    const Scratch scratch;
    const std::string path = scratch.write("marked.md", kMarked);
    const Run run = fantasma(scratch, "check --format json " + quote(path));
    REQUIRE(run.status == 0);
    const nlohmann::json report = nlohmann::json::parse(run.out)[0];
    const std::string summary = report["summary"];
    const auto writers = report["referenceWriters"].get<double>();
    REQUIRE(writers > 0);
    CHECK(summary.find("2^") == std::string::npos);
    if (std::exp2(report["bits"].get<double>()) >= writers) {
        CHECK(summary.find("rarer than any of the") != std::string::npos);
    } else {
        CHECK(summary.find("about 1 in ") != std::string::npos);
    }
}

TEST_CASE("check gives a habit one marker per paragraph, the rest as more ranges", "[cli]") {
    const Scratch scratch;
    const std::string text = "Ships -- slow ones -- sail late -- or never.\n\nBoats -- too.\n";
    const std::string path = scratch.write("dashes.txt", text);
    const Run run = fantasma(scratch, "check --common-habits --format json " + quote(path));
    REQUIRE(run.status == 0);
    const nlohmann::json reports = nlohmann::json::parse(run.out);
    std::vector<nlohmann::json> dashes;
    for (const nlohmann::json& marker : reports[0]["markers"])
        if (marker["code"] == "dash-style") dashes.push_back(marker);
    REQUIRE(dashes.size() == 2);
    CHECK(dashes[0]["byteRange"][0] == text.find(" --"));  // the dash with its spaces
    REQUIRE(dashes[0]["moreByteRanges"].size() == 2);
    CHECK(dashes[0]["moreByteRanges"][1][0] == text.find(" -- or"));
    CHECK_FALSE(dashes[1].contains("moreByteRanges"));
}

TEST_CASE("check hides habits more than a quarter of writers share unless asked", "[cli]") {
    const Scratch scratch;
    const std::string path = scratch.write("dashes.txt", "Ships -- slow ones -- sail late.\n");
    const auto codes = [&](const std::string& flags) {
        const Run run = fantasma(scratch, "check --format json " + flags + quote(path));
        const nlohmann::json reports = nlohmann::json::parse(run.out);
        std::vector<std::string> found;
        for (const nlohmann::json& marker : reports[0]["markers"]) {
            found.push_back(marker["code"]);
            if (flags.empty()) CHECK(marker["populationBits"].get<double>() >= 2);
        }
        return found;
    };
    const auto shown = codes("--common-habits ");
    CHECK(std::ranges::find(shown, "dash-style") != shown.end());
    const auto hidden = codes("");
    CHECK(std::ranges::find(hidden, "dash-style") == hidden.end());
}
