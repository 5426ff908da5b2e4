// fantasma's attacker (attacker/): the sentence decomposition sums to the score, two writers
// with different habits are told apart, the cache follows the profile's files, and --others
// adds candidates.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "attacker/attacker.hpp"
#include "attacker/profile_attacker.hpp"

using namespace fantasma;
using namespace fantasma::attacker;
namespace fs = std::filesystem;

namespace {

// A text by one of two made-up writers on the same topics: the first writes British spellings,
// "whilst", semicolons and "Indeed,"; the second American ones, "while", dashes and
// "Actually,".
std::string synthetic_text(bool first, unsigned seed) {
    std::mt19937 random(seed);
    const std::vector<std::string> subjects = {"the committee", "our neighbour",   "the old town",
                                               "the river",     "the new library", "my brother",
                                               "the council",   "the market"};
    const std::vector<std::string> verbs = {"changed", "surprised", "helped",
                                            "delayed", "welcomed",  "ignored"};
    const std::vector<std::string> objects = {"the plans",    "everyone",     "the visitors",
                                              "the schedule", "the children", "the budget"};
    const auto pick = [&](const std::vector<std::string>& words) {
        return words[random() % words.size()];
    };
    std::string text;
    for (int sentence = 0; sentence < 30; ++sentence) {
        std::string line = pick(subjects) + " " + pick(verbs) + " " + pick(objects);
        line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
        switch (random() % 3) {
            case 0:
                line += first ? " whilst we organised the colour scheme; it was a favourite"
                              : " while we organized the color scheme -- it was a favorite";
                break;
            case 1:
                line = (first ? "Indeed, " : "Actually, ") + line;
                break;
            default:
                line += first ? "; we realised it later" : " -- we realized it later";
        }
        text += line + ". ";
        if (sentence % 6 == 5) text += "\n\n";
    }
    return text;
}

Writer writer_of(bool first, unsigned from, int count) {
    Writer writer{first ? "first" : "second", {}};
    for (int i = 0; i < count; ++i)
        writer.texts.push_back(prose_of(synthetic_text(first, from + i), Language::Text));
    return writer;
}

// A folder removed when the test ends.
struct TemporaryFolder {
    fs::path path =
        fs::temp_directory_path() / ("fantasma-attacker-test-" + std::to_string(::getpid()));
    TemporaryFolder() { fs::create_directories(path); }
    ~TemporaryFolder() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

void write_file(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("attacker: trained on two writers, it picks the one who wrote the text") {
    const Attacker attacker = Attacker::train(writer_of(true, 1, 6), {writer_of(false, 100, 6)});
    const Verdict mine = attacker.judge(prose_of(synthetic_text(true, 50), Language::Text));
    const Verdict theirs = attacker.judge(prose_of(synthetic_text(false, 150), Language::Text));
    CHECK(mine.rank == 1);
    CHECK(mine.probability > 0.5);
    CHECK(theirs.rank > 1);
    CHECK(theirs.probability < 0.5);
    CHECK(mine.candidates == attacker.candidates().total());
}

TEST_CASE("attacker: the sentences' scores sum to the document's score") {
    const Attacker attacker = Attacker::train(writer_of(true, 1, 5), {});
    const std::string source = synthetic_text(true, 77);
    const Verdict verdict = judge_source(attacker, source, Language::Text);
    REQUIRE(verdict.sentences.size() > 10);
    double sum = verdict.bias;
    double positive_shares = 0;
    for (const SentenceEvidence& sentence : verdict.sentences) {
        sum += sentence.score;
        if (sentence.share > 0) positive_shares += sentence.share;
        CHECK(sentence.span.end <= source.size());
    }
    CHECK(sum == Approx(verdict.score).epsilon(1e-6));
    CHECK(positive_shares == Approx(1.0));
    // What carries the most is said in words a writer can act on, not as an n-gram.
    const auto most = std::ranges::max_element(verdict.sentences, {}, &SentenceEvidence::share);
    REQUIRE_FALSE(most->evidence.empty());
    for (const std::string& said : most->evidence) {
        INFO(said);
        CHECK((said.starts_with("you write '") || said.find(" before '") != std::string::npos ||
               said.find(" after '") != std::string::npos || said.starts_with("the mark '")));
    }
}

TEST_CASE(
    "attacker: evidence quotes words without the invisible characters and dashes beside them") {
    // The first writer's texts as written in some editors: a pop-directional-formatting control
    // before their "Indeed," and clauses joined by an em dash with no spaces. Neither is in the
    // attacker's vocabulary; the words beside them are, and must be quoted as a writer sees them.
    const auto as_typed = [](bool first, unsigned seed) {
        std::string text = synthetic_text(first, seed);
        if (!first) return text;
        for (std::size_t at = 0; (at = text.find("; ", at)) != std::string::npos;)
            text.replace(at, 2, "\u2014");
        for (std::size_t at = 0; (at = text.find("Indeed", at)) != std::string::npos; at += 9)
            text.insert(at, "\u202C");
        return text;
    };
    Writer first{"first", {}}, second{"second", {}};
    for (unsigned i = 0; i < 6; ++i) {
        first.texts.push_back(prose_of(as_typed(true, 1 + i), Language::Text));
        second.texts.push_back(prose_of(as_typed(false, 100 + i), Language::Text));
    }
    const Attacker attacker = Attacker::train(first, {second});
    const Verdict verdict = judge_source(attacker, as_typed(true, 77), Language::Text);
    bool indeed = false;
    for (const SentenceEvidence& sentence : verdict.sentences) {
        for (const std::string& said : sentence.evidence) {
            INFO(said);
            CHECK(said.find("\u202C") == std::string::npos);
            CHECK_FALSE(
                (said.starts_with("you write '") && said.find("\u2014") != std::string::npos));
            indeed = indeed || said == "you write 'Indeed'";
        }
    }
    CHECK(indeed);
}

TEST_CASE("attacker: --others adds a candidate per writer") {
    const Writer writer = writer_of(true, 1, 4);
    const Attacker alone = Attacker::train(writer, {});
    const Attacker among =
        Attacker::train(writer, {writer_of(false, 100, 3), writer_of(false, 200, 3)});
    CHECK(among.candidates().total() == alone.candidates().total() + 2);
    CHECK(among.candidates().others == 2);
    CHECK(alone.candidates().distractors > 0);
    CHECK_THROWS_WITH(Attacker::train(writer_of(true, 1, 2), {}),
                      Catch::Contains("at least 3 of your other texts"));
}

TEST_CASE("attacker: the cache is used for the same texts and trained again when one changes") {
    const TemporaryFolder folder;
    const fs::path profile = folder.path / "profile";
    const fs::path cache = folder.path / "cache";
    for (int i = 0; i < 4; ++i)
        write_file(profile / ("text" + std::to_string(i) + ".txt"), synthetic_text(true, 10 + i));
    std::vector<std::string> notes;
    const std::string probe = prose_of(synthetic_text(true, 99), Language::Text);

    const Attacker first = cached_attacker(read_writer(profile, {}, notes), {}, cache);
    const auto cached_files = [&] {
        return std::distance(fs::directory_iterator(cache), fs::directory_iterator());
    };
    REQUIRE(cached_files() == 1);
    const Attacker again = cached_attacker(read_writer(profile, {}, notes), {}, cache);
    CHECK(cached_files() == 1);
    CHECK(again.judge(probe).probability == first.judge(probe).probability);
    CHECK(again.judge(probe).score == Approx(first.judge(probe).score).epsilon(1e-6));

    write_file(profile / "text0.txt", synthetic_text(false, 500));
    const Attacker changed = cached_attacker(read_writer(profile, {}, notes), {}, cache);
    CHECK(cached_files() == 2);
    CHECK(changed.judge(probe).score != Approx(first.judge(probe).score).epsilon(1e-6));
    // A cache file cut short is trained again, not trusted.
    const std::string saved = first.save();
    CHECK_THROWS(Attacker::load(std::string_view(saved).substr(0, saved.size() / 2)));
    CHECK(Attacker::load(saved).judge(probe).probability == first.judge(probe).probability);
    // Nor is a model of another distractor table, even one of the same size.
    const DistractorTable& table = DistractorTable::builtin();
    std::vector<DistractorText> changed_texts = table.texts;
    changed_texts.front().counts.begin()->second += 1;
    const DistractorTable other = DistractorTable::parse(
        DistractorTable::format(table.space, changed_texts, table.kind_floor, {}), "other");
    CHECK_THROWS_WITH(Attacker::load(saved, other), Catch::Contains("other distractors"));
}

TEST_CASE("attacker: the distractor table is counts over its vocabulary, and says what is broken") {
    const DistractorTable& table = DistractorTable::builtin();
    CHECK(table.space.size() > 10000);
    CHECK(table.texts.size() >= 100);
    const DistractorTable round = DistractorTable::parse(
        DistractorTable::format(table.space, {table.texts.front()}, 0.25, {"a comment"}), "round");
    REQUIRE(round.texts.size() == 1);
    CHECK(round.texts.front().counts == table.texts.front().counts);
    CHECK_THROWS_WITH(DistractorTable::parse("ngram\tab\ntext\tw\tk\t5\n", "broken.tsv"),
                      Catch::Contains("broken.tsv, line 2"));
}

TEST_CASE("attacker: a text unlike every distractor's kind gets an uncertain verdict") {
    const Attacker attacker = Attacker::train(writer_of(true, 1, 4), {});
    // A package changelog: no distractor writes like this.
    std::string changelog;
    for (int i = 0; i < 40; ++i) {
        changelog += "pkg (2." + std::to_string(i) +
                     "-1) unstable; urgency=medium\n\n  * Fix build "
                     "with gcc-" +
                     std::to_string(10 + i % 4) + " (Closes: #" + std::to_string(900000 + 37 * i) +
                     ")\n  * Bump Standards-Version to 4.6." + std::to_string(i % 3) +
                     "\n\n -- Dev <dev@debian.org>  Mon, 0" + std::to_string(1 + i % 9) +
                     " Jan 2024 10:00:00 +0100\n\n";
    }
    const Verdict odd = attacker.judge(prose_of(changelog, Language::Text));
    CHECK(odd.uncertain);
    CHECK_THAT(describe(odd, attacker.candidates()), Catch::Contains("Uncertain:"));
    // Ordinary prose of a kind the distractors write.
    const std::string essay =
        "When the town council met last spring, few of its members expected the question of the "
        "old library to take up the whole evening. The building had stood empty for nearly ten "
        "years, and most people in the town had long since stopped noticing it. Yet the moment "
        "the mayor suggested that it might be sold, one speaker after another rose to remind "
        "the council what the library had meant to them. An elderly teacher described the "
        "winter afternoons she had spent there as a girl, reading whatever she could reach on "
        "the lower shelves. A young father said that his own children had nowhere to go after "
        "school, and that a town which could not keep its library open could hardly call "
        "itself a community at all. By the end of the meeting the council had agreed to delay "
        "any decision until the autumn, and a small committee had been formed to find out what "
        "it would cost to repair the roof and open the doors again. It was not a victory, but "
        "it was more than anyone had hoped for when the evening began, and on the way home "
        "several of those who had spoken found themselves talking about the books they had "
        "loved when they were young, and about the people who had first put them into their "
        "hands. Over the summer the committee met every week in the back room of the bakery.";
    const Verdict usual = attacker.judge(prose_of(essay, Language::Text));
    CHECK_FALSE(usual.uncertain);
    CHECK_THAT(describe(usual, attacker.candidates()), !Catch::Contains("Uncertain:"));
}
