// Times `Analyzer::analyze` (what `fantasma check` does per file) on generated documents:
// a 10,000-word Markdown document and 1 MB of plain text. Prints the median of several runs
// and the process's peak resident memory. Goals (README): < 30 ms, < 300 ms, < 50 MB on one
// core. `--corpus DIR` adds real prose: every file under DIR (the EBG corpus in ../shared,
// say) as paragraphs of one plain-text document, cut to 1 MB and to 2 MB (repeated when the
// corpus is smaller), to see that the time grows with the text, not faster. `--document FILE`
// times that file alone (the LSP's 10,000-word document, say). Every analysis runs with the
// options of `fantasma check`.
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/document.hpp"
#include "stylometry/language.hpp"

namespace {

constexpr std::array<std::string_view, 48> kWords = {
    "the",      "of",       "and",       "to",      "a",         "in",      "that",
    "is",       "was",      "it",        "for",     "on",        "with",    "as",
    "but",      "which",    "however",   "rather",  "quite",     "perhaps", "garden",
    "survey",   "colour",   "river",     "morning", "letters",   "station", "behaviour",
    "analysis", "results",  "neighbour", "winter",  "carefully", "wrote",   "walked",
    "measured", "believed", "organised", "noticed", "kept",      "small",   "bright",
    "uneven",   "familiar", "several",   "every",   "another",   "nothing"};

// Sentences of 6 to 30 words drawn from a fixed vocabulary, with the punctuation habits the
// detectors look at (commas, semicolons, dashes, parentheses, questions).
class ProseGenerator {
  public:
    std::string sentence() {
        const int length = std::uniform_int_distribution(6, 30)(random_);
        std::string text;
        for (int i = 0; i < length; ++i) {
            std::string word(
                kWords[std::uniform_int_distribution<std::size_t>(0, kWords.size() - 1)(random_)]);
            if (i == 0) word[0] = static_cast<char>(word[0] - 'a' + 'A');
            if (!text.empty()) text += pick({" ", " ", " ", " ", " ", ", ", " -- ", "; "});
            text += word;
        }
        text += pick({".", ".", ".", "?", "!"});
        return text;
    }
    std::string paragraph(int sentences) {
        std::string text;
        for (int i = 0; i < sentences; ++i) text += (i ? " " : "") + sentence();
        return text;
    }
    std::string_view pick(std::initializer_list<std::string_view> options) {
        return options
            .begin()[std::uniform_int_distribution<std::size_t>(0, options.size() - 1)(random_)];
    }

  private:
    std::mt19937 random_{42};
};

std::size_t count_words(std::string_view text) {
    std::size_t words = 0;
    bool in_word = false;
    for (const char c : text) {
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (letter && !in_word) ++words;
        in_word = letter;
    }
    return words;
}

// Headings, paragraphs, lists, emphasis, inline code and fenced code, until `words` words of
// prose.
std::string markdown_document(std::size_t words) {
    ProseGenerator generator;
    std::string text = "# A generated report\n\n";
    for (int section = 1; count_words(text) < words; ++section) {
        text += "## Section " + std::to_string(section) + "\n\n";
        text +=
            generator.paragraph(5) + " See `config.yaml` and *" + generator.sentence() + "*\n\n";
        text += "- " + generator.sentence() + "\n- " + generator.sentence() + "\n\n";
        text += "```sh\nmake check -- colour\n```\n\n";
        text += generator.paragraph(4) + "\n\n";
    }
    return text;
}

std::string plain_text(std::size_t bytes) {
    ProseGenerator generator;
    std::string text;
    while (text.size() < bytes) text += generator.paragraph(6) + "\n\n";
    text.resize(bytes);
    return text;
}

// Medians of the wall-clock time and of the time the thread spent on the processor: on a
// machine shared with other work the second is the steadier (waiting for the core is left out,
// though not the caches other programs evict).
struct Timing {
    double wall_ms;
    double cpu_ms;
};

double thread_cpu_ms() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

template <class Run>
Timing median_time(const Run& run, int runs) {
    std::vector<double> wall, cpu;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_cpu_ms();
        run();
        cpu.push_back(thread_cpu_ms() - cpu_start);
        wall.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    std::ranges::sort(wall);
    std::ranges::sort(cpu);
    return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

// As `fantasma check` analyses a file (cli/check_command.cpp): common habits hidden, markers
// grouped by paragraph, each habit marked at its first `max_markers_per_habit` occurrences.
fantasma::AnalysisOptions check_options(fantasma::Language language,
                                        std::size_t max_markers_per_habit) {
    fantasma::AnalysisOptions options;
    options.language = language;
    options.hide_common_habits = true;
    options.group_by_paragraph = true;
    options.max_markers_per_habit = max_markers_per_habit;
    return options;
}

void print_timing(const char* what, const std::string& source, fantasma::Language language,
                  int runs, const fantasma::Analyzer& analyzer, std::size_t max_markers) {
    const fantasma::AnalysisOptions options = check_options(language, max_markers);
    const Timing timing = median_time(
        [&] {
            if (analyzer.analyze(source, options).word_count == 0)
                std::fprintf(stderr, "no words analysed?\n");
        },
        runs);
    std::printf("%s, %zu words, %zu bytes: median %.1f ms (processor %.1f ms) over %d runs\n", what,
                count_words(source), source.size(), timing.wall_ms, timing.cpu_ms, runs);
}

// `--per-detector`: the median processor time of each detector alone on `text` (each run
// also builds the document, whose own time is printed first), to find the slow ones. With
// `--corpus`, on 1 MB and 2 MB of the real prose side by side, so that a detector whose cost
// grows faster than the text shows in its ratio.
void time_each_detector(const fantasma::Analyzer& analyzer, const std::vector<std::string>& texts,
                        fantasma::Language language) {
    const auto print_row = [&](std::string_view name, const auto& time_of) {
        std::printf("%-24s", std::string(name).c_str());
        std::vector<double> times;
        for (const std::string& text : texts) {
            times.push_back(time_of(text));
            std::printf(" %8.1f ms", times.back());
        }
        if (times.size() > 1 && times.front() > 0)
            std::printf("  x%.2f", times.back() / times.front());
        std::printf("\n");
    };
    print_row("(document)", [&](const std::string& text) {
        return median_time([&] { fantasma::make_document(text, language); }, 5).cpu_ms;
    });
    for (const auto& detector : analyzer.detectors()) {
        fantasma::AnalysisOptions options =
            check_options(language, fantasma::kDefaultMarkersPerHabit);
        options.enabled_codes = {std::string(detector->code())};
        print_row(detector->code(), [&](const std::string& text) {
            return median_time([&] { analyzer.analyze(text, options); }, 5).cpu_ms;
        });
    }
}

// Resident memory now and at its peak (VmRSS, VmHWM in /proc/self/status), in MB: printed
// between the phases with `--memory` to see which one raises the peak.
void print_memory(const char* phase) {
    std::ifstream status("/proc/self/status");
    std::string line, rss, peak;
    while (std::getline(status, line)) {
        if (line.starts_with("VmRSS:")) rss = line.substr(6);
        if (line.starts_with("VmHWM:")) peak = line.substr(6);
    }
    std::printf("memory after %s: resident%s, peak%s\n", phase, rss.c_str(), peak.c_str());
}

// Every regular file under `folder`, in path order, one after another as paragraphs, until
// `bytes` (cut at a paragraph's end; the files again from the first when they run out).
std::string corpus_text(const std::filesystem::path& folder, std::size_t bytes) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
        if (entry.is_regular_file()) files.push_back(entry.path());
    std::ranges::sort(files);
    if (files.empty()) return {};
    std::string text;
    for (std::size_t i = 0; text.size() < bytes; i = (i + 1) % files.size()) {
        std::ifstream in(files[i], std::ios::binary);
        const std::string content{std::istreambuf_iterator<char>(in), {}};
        if (text.size() + content.size() > bytes && !text.empty()) break;
        text += content + "\n\n";
    }
    return text;
}

}  // namespace

int main(int argc, char** argv) {
    bool show_memory = false, per_detector = false, all_markers = false;
    std::filesystem::path corpus, document;
    for (int i = 1; i < argc; ++i) {
        const std::string_view flag = argv[i];
        show_memory = show_memory || flag == "--memory";
        per_detector = per_detector || flag == "--per-detector";
        all_markers = all_markers || flag == "--all-markers";
        if (flag == "--corpus" && i + 1 < argc) corpus = argv[++i];
        if (flag == "--document" && i + 1 < argc) document = argv[++i];
    }
    // As `fantasma check` runs by default, or with --all-markers.
    const std::size_t max_markers = all_markers ? 0 : fantasma::kDefaultMarkersPerHabit;
    if (show_memory) print_memory("start");
    const fantasma::Analyzer analyzer;
    if (show_memory) print_memory("loading the reference");
    const std::string markdown = markdown_document(10'000);
    if (!document.empty()) {
        std::ifstream in(document, std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(in), {}};
        const fantasma::Language language = fantasma::language_for_path(document.string());
        if (per_detector) {
            time_each_detector(analyzer, {text}, language);
        } else {
            print_timing(document.filename().c_str(), text, language, 21, analyzer, max_markers);
        }
        return 0;
    }
    if (per_detector) {
        if (corpus.empty()) {
            time_each_detector(analyzer, {markdown}, fantasma::Language::Markdown);
        } else {
            time_each_detector(analyzer,
                               {corpus_text(corpus, 1'000'000), corpus_text(corpus, 2'000'000)},
                               fantasma::Language::Text);
        }
        return 0;
    }
    const std::string text = plain_text(1'000'000);
    print_timing("markdown", markdown, fantasma::Language::Markdown, 9, analyzer, max_markers);
    if (show_memory) print_memory("the Markdown runs");
    print_timing("plain text", text, fantasma::Language::Text, 5, analyzer, max_markers);
    if (show_memory) print_memory("the plain-text runs");
    for (const std::size_t bytes : {std::size_t(1'000'000), std::size_t(2'000'000)}) {
        if (corpus.empty()) break;
        const std::string what = "real prose (" + corpus.filename().string() + ")";
        print_timing(what.c_str(), corpus_text(corpus, bytes), fantasma::Language::Text, 5,
                     analyzer, max_markers);
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("peak resident memory: %.1f MB (markers per habit: %s)\n",
                static_cast<double>(usage.ru_maxrss) / 1024.0,
                all_markers ? "all" : std::to_string(max_markers).c_str());
}
