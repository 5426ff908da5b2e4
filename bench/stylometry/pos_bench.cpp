// Times the part-of-speech tagger (stylometry/text/part_of_speech.hpp) on real prose: the
// files given, as paragraphs of one plain-text document cut to 1 MB (repeated when they are
// shorter). Prints the time to load the model and the median of five runs over every
// sentence. `--show N` prints the first N sentences tagged instead ("word/tag"), to read.
//
//   fantasma-bench-pos [--show N] FILE...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "stylometry/document.hpp"
#include "stylometry/text/part_of_speech.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    using namespace fantasma;
    std::size_t show = 0;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string argument = argv[i];
        if (argument == "--show" && i + 1 < argc)
            show = std::stoul(argv[++i]);
        else
            files.push_back(argument);
    }
    std::string corpus;
    for (const std::string& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        corpus += text.str() + "\n\n";
    }
    if (corpus.find_first_not_of(" \n") == std::string::npos) {
        std::fprintf(stderr, "usage: fantasma-bench-pos [--show N] FILE... (prose to tag)\n");
        return 2;
    }
    constexpr std::size_t kSize = 1 << 20;
    std::string source;
    if (show == 0)
        while (source.size() < kSize) source += corpus;
    else
        source = corpus;
    source.resize(std::min(source.size(), show == 0 ? kSize : source.size()));

    const auto load_start = Clock::now();
    const PartOfSpeechTagger& tagger = PartOfSpeechTagger::builtin();
    const double load_ms = milliseconds_since(load_start);
    const Document document = make_document(source, Language::Text);

    if (show > 0) {
        for (std::size_t s = 0; s < std::min(show, document.sentences().size()); ++s) {
            const Sentence& sentence = document.sentences()[s];
            const std::vector<PartOfSpeech> parts =
                tagger.tag(document.prose, document.tokens(), sentence);
            for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
                std::printf("%.*s/%s ", static_cast<int>(document.tokens()[i].text.size()),
                            document.text(document.tokens()[i].text).data(),
                            std::string(name(parts[i - sentence.first_token])).c_str());
            }
            std::printf("\n\n");
        }
        return 0;
    }
    std::vector<double> runs;
    std::size_t tagged = 0;
    for (int run = 0; run < 5; ++run) {
        const auto start = Clock::now();
        tagged = 0;
        for (const Sentence& sentence : document.sentences())
            tagged += tagger.tag(document.prose, document.tokens(), sentence).size();
        runs.push_back(milliseconds_since(start));
    }
    std::ranges::sort(runs);
    std::printf(
        "model loaded in %.0f ms; %zu bytes, %zu sentences, %zu tokens tagged in %.0f ms "
        "(median of 5; fastest %.0f ms)\n",
        load_ms, source.size(), document.sentences().size(), tagged, runs[2], runs[0]);
    return 0;
}
