// The attacker judging edits one at a time (attacker/edited_text.hpp, the aim of
// attacker/aim.hpp) gives the figures of judging each edited text whole, on real writing:
// Node.js's Markdown documentation, Emacs's LaTeX reference cards (both Debian-shipped) and the
// EBG essays of ../shared. The figures compared are log-odds, which stay apart where a
// probability has saturated to 0 or 1.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>

#include "attacker/aim.hpp"
#include "attacker/attacker.hpp"
#include "attacker/edited_text.hpp"
#include "skip.hpp"
#include "stylometry/source_file.hpp"

using namespace fantasma;
using namespace fantasma::attacker;
namespace fs = std::filesystem;

namespace {

// One writer's documents: the first `trained` are the attacker's profile, the rest are edited.
struct Folder {
    std::string name;
    Language language;
    std::vector<std::string> documents;
};

constexpr std::size_t kTrained = 4;
// The documents read of a folder: the profile and the edited ones.
constexpr std::size_t kRead = kTrained + 8;

// The first kRead documents of `folder` whose names end in `extension`, sorted by name.
std::vector<std::string> documents_in(const fs::path& folder, const std::string& extension) {
    std::vector<fs::path> paths;
    if (fs::is_directory(folder)) {
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().extension() == extension) paths.push_back(entry.path());
    }
    std::ranges::sort(paths);
    std::vector<std::string> documents;
    for (std::size_t i = 0; i < paths.size() && i < kRead; ++i)
        documents.push_back(read_document(paths[i]));
    return documents;
}

std::vector<Folder> real_writing() {
    std::vector<Folder> folders = {
        {"Node.js's API documentation", Language::Markdown,
         documents_in("/usr/share/doc/nodejs/api", ".md")},
        {"Emacs's reference cards", Language::Latex,
         documents_in("/usr/share/emacs/28.2/etc/refcards", ".tex")},
        {"EBG author aa", Language::Text,
         documents_in(fs::path(FANTASMA_SHARED_DIR) / "corpora" / "ebg-amt" / "aa", ".txt")},
    };
    std::erase_if(folders, [](const Folder& folder) { return folder.documents.size() < 8; });
    return folders;
}

Attacker trained_on(const Folder& folder) {
    Writer writer{folder.name, {}};
    for (std::size_t i = 0; i < kTrained; ++i)
        writer.texts.push_back(prose_of(folder.documents[i], folder.language));
    return Attacker::train(writer, {});
}

}  // namespace

TEST_CASE("edited text: replacing any bytes gives the log-odds of judging the text whole") {
    const auto folders = real_writing();
    if (folders.empty()) {
        fantasma::testing::skip("neither Node.js's docs, Emacs's refcards nor ../shared is here");
        return;
    }
    std::mt19937 random(29);
    const std::vector<std::string> replacements = {"",       " ",  "the",        " and ",
                                                   "e",      ",",  "; however,", "colour",
                                                   "Whilst", "--", "\u2014",     "isn't"};
    for (const Folder& folder : folders) {
        INFO(folder.name);
        const Attacker attacker = trained_on(folder);
        for (std::size_t d = kTrained; d < folder.documents.size() && d < kTrained + 3; ++d) {
            const std::string text = prose_of(folder.documents[d], folder.language);
            EditedText edited(attacker, text);
            std::string expected = text;
            CHECK(edited.log_odds() == Approx(attacker.judge(text).log_odds).margin(1e-6));
            // Edits anywhere: at the ends, inside words, across spaces; each either only tried
            // or kept, so later edits land on an already edited text.
            for (int step = 0; step < 60; ++step) {
                const std::size_t begin = step == 0 ? 0 : random() % (expected.size() + 1);
                const std::size_t end =
                    std::min(expected.size(), begin + (step == 1 ? expected.size() : random() % 9));
                const std::string& replacement = replacements[random() % replacements.size()];
                std::string changed = expected;
                changed.replace(begin, end - begin, replacement);
                INFO("step " << step << ": [" << begin << ", " << end << ") -> '" << replacement
                             << "'");
                CHECK(edited.log_odds_with(begin, end, replacement) ==
                      Approx(attacker.judge(changed).log_odds).margin(1e-6));
                if (step % 2 == 0 && step > 1) {
                    edited.replace(begin, end, replacement);
                    expected = changed;
                    CHECK(edited.text() == expected);
                }
            }
            CHECK(edited.log_odds() == Approx(attacker.judge(expected).log_odds).margin(1e-6));
        }
    }
}

TEST_CASE("edited text: the aim judges a rewrite's edits of a source as the whole source would") {
    const auto folders = real_writing();
    if (folders.empty()) {
        fantasma::testing::skip("neither Node.js's docs, Emacs's refcards nor ../shared is here");
        return;
    }
    const Analyzer analyzer;
    for (const Folder& folder : folders) {
        INFO(folder.name);
        const Attacker attacker = trained_on(folder);
        const RewriteAim aim = aim_at(attacker, folder.language, std::nullopt);
        REQUIRE(aim.edits_of);
        std::size_t edits_tried = 0;
        for (std::size_t d = kTrained; d < folder.documents.size(); ++d) {
            const std::string& source = folder.documents[d];
            // The edits the rewrite would choose among: markers' fixes, the phrase table's and
            // word choice's replacements, through the guards.
            RewriteOptions options;
            options.language = folder.language;
            options.word_choice.strength = 1;
            const std::vector<TextEdit> edits = rewrite(source, options, analyzer).edits;
            const auto judged = aim.edits_of(source);
            std::vector<TextEdit> kept;
            for (std::size_t i = 0; i < edits.size(); ++i) {
                // Every third edit's replacement wrapped in markup (emphasis, a paragraph
                // break), which the aim cannot place in the prose: judged on the whole source,
                // and when kept, the aim's text is built again from it.
                TextEdit edit = edits[i];
                if (i % 3 == 1) {
                    edit.new_text = folder.language == Language::Markdown
                                        ? "*" + edit.new_text + "*"
                                    : folder.language == Language::Latex
                                        ? "\\emph{" + edit.new_text + "}"
                                        : edit.new_text + "\n\n" + edit.new_text;
                }
                INFO("document " << d << ", edit " << i << ": '"
                                 << source.substr(edit.source.begin, edit.source.size()) << "' -> '"
                                 << edit.new_text << "'");
                std::vector<TextEdit> with = kept;
                with.push_back(edit);
                const double whole =
                    attacker.judge(prose_of(apply_edits(source, with), folder.language)).log_odds;
                CHECK(judged->log_odds_with(edit) == Approx(whole).margin(1e-6));
                ++edits_tried;
                if (i % 2 == 0 || i % 3 == 1) {
                    judged->keep(edit);
                    kept = std::move(with);
                }
            }
            CHECK(judged->log_odds() ==
                  Approx(
                      attacker.judge(prose_of(apply_edits(source, kept), folder.language)).log_odds)
                      .margin(1e-6));
        }
        CHECK(edits_tried > 10);  // the comparison is over real edits, not none
    }
}
