// fantasma-bench-attacker DIR: the attacker's two costs on real prose, in processor time
// (medians): training on a 50-text profile of 500 words a text, and the verdict with its
// sentence shares for a 2,000-word document. The texts are every .txt/.md file under DIR cut
// into 500-word pieces (the first 50 the profile, the next four the document), e.g.
// ../shared/corpora/ebg-amt. Then the rewrite of that document aimed at the attacker (every
// marker's fix and word choice at strength 1 tried), with each edit judged by EditedText
// (attacker/aim.hpp) and, in the same run, with each edited document judged whole.
#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "attacker/aim.hpp"
#include "attacker/attacker.hpp"
#include "stylometry/analyzer.hpp"

using namespace fantasma;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kWordsPerText = 500;
constexpr std::size_t kProfileTexts = 50;
constexpr std::size_t kDocumentTexts = 4;

std::vector<std::string> pieces_under(const fs::path& folder) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(folder))
        if (entry.is_regular_file() &&
            (entry.path().extension() == ".txt" || entry.path().extension() == ".md"))
            files.push_back(entry.path());
    std::ranges::sort(files);
    std::vector<std::string> pieces;
    std::string piece;
    std::size_t words = 0;
    for (const fs::path& file : files) {
        std::ifstream in(file);
        for (std::string word; in >> word;) {
            piece += word + ' ';
            if (++words == kWordsPerText) {
                pieces.push_back(std::move(piece));
                piece.clear();
                words = 0;
                if (pieces.size() == kProfileTexts + kDocumentTexts) return pieces;
            }
        }
    }
    return pieces;
}

template <typename Work>
double median_seconds(int runs, Work work) {
    std::vector<double> seconds;
    for (int i = 0; i < runs; ++i) {
        const std::clock_t start = std::clock();
        work();
        seconds.push_back(static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
    }
    std::ranges::sort(seconds);
    return seconds[seconds.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: fantasma-bench-attacker DIR\n";
        return 2;
    }
    const std::vector<std::string> pieces = pieces_under(argv[1]);
    if (pieces.size() < kProfileTexts + kDocumentTexts) {
        std::cerr << "fantasma-bench-attacker: " << argv[1] << " holds fewer than "
                  << (kProfileTexts + kDocumentTexts) * kWordsPerText << " words\n";
        return 1;
    }
    attacker::Writer writer{"you", {}};
    for (std::size_t i = 0; i < kProfileTexts; ++i)
        writer.texts.push_back(attacker::prose_of(pieces[i], Language::Text));
    std::string document;
    for (std::size_t i = kProfileTexts; i < pieces.size(); ++i) document += pieces[i] + "\n\n";

    attacker::DistractorTable::builtin();  // parsed once, as in a running server
    std::optional<attacker::Attacker> trained;
    const double training =
        median_seconds(3, [&] { trained = attacker::Attacker::train(writer, {}); });
    std::size_t sentences = 0;
    const double verdict = median_seconds(21, [&] {
        sentences = attacker::judge_source(*trained, document, Language::Text).sentences.size();
    });
    std::cout << "training, " << kProfileTexts << " texts of " << kWordsPerText
              << " words: " << training << " s (median of 3)\n"
              << "verdict and shares, " << kDocumentTexts * kWordsPerText << " words (" << sentences
              << " sentences): " << verdict * 1000 << " ms (median of 21)\n";

    const Analyzer analyzer;
    const RewriteAim by_edit = attacker::aim_at(*trained, Language::Text, std::nullopt);
    RewriteAim whole = by_edit;
    whole.edits_of = nullptr;
    const auto aimed_rewrite = [&](const RewriteAim& aim) {
        RewriteOptions options;
        options.word_choice.strength = 1;
        options.aim = &aim;
        RewriteResult result;
        const double seconds =
            median_seconds(3, [&] { result = rewrite(document, options, analyzer); });
        return std::pair{seconds, result};
    };
    const auto [edit_seconds, edit_result] = aimed_rewrite(by_edit);
    const auto [whole_seconds, whole_result] = aimed_rewrite(whole);
    std::cout << "aimed rewrite, " << kDocumentTexts * kWordsPerText
              << " words, edits judged one at a time: " << edit_seconds
              << " s; each edited document judged whole: " << whole_seconds << " s (medians of 3; "
              << whole_seconds / edit_seconds << "x); " << edit_result.edits.size() << " and "
              << whole_result.edits.size() << " edits kept, the attacker's chance "
              << edit_result.attacker_before << " -> " << edit_result.attacker_after << " and "
              << whole_result.attacker_after << "\n";
    return 0;
}
