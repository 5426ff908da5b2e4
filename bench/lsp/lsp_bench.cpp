// fantasma-ls benchmarks (not tests): the server over an in-memory transport, as an editor
// drives it.
//   1. didChange -> publishDiagnostics latency on a 10,000-word document (p50/p95) for a
//      one-word edit (a word typed into a paragraph), with no debounce (the analysis and
//      publication alone) and with the default debounce; beside the wall-clock time, the
//      processor time the process spent on the edit, which a machine shared with other work
//      inflates far less.
//   2. Resident memory with 50 open documents of 2,000 words.
//   3. 1,000 rapid edits (emoji, CJK, deletions) end with diagnostics equal to a fresh
//      analysis of the final text.
//   4. textDocument/codeAction latency at 30 markers across the document (p50/p95, wall clock
//      and processor time) with a profile, where every bulk action ("Fix all", "Rewrite
//      paragraph") is aimed at the attacker, and in the same run without one. The attacker is
//      trained on five generated 1,000-word texts: its weights do not change what it costs.
// Documents are generated (deterministic pseudo-prose), read from the file given as the first
// argument, or with `--corpus DIR` made of real prose: the files under DIR (the EBG essays in
// ../shared/corpora/ebg-amt, say) in path order, as paragraphs, until 10,000 words.
#include <time.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <sstream>

#include "attacker/attacker.hpp"
#include "lsp/features.hpp"
#include "lsp/server.hpp"

using namespace fantasma;
using namespace fantasma::lsp;
using Clock = std::chrono::steady_clock;

namespace {

const char* const kWords[] = {
    "the",   "colour", "of",   "harbour",       "we",      "walked",  "slowly",  "and",
    "I",     "think",  "it",   "was",           "rather",  "lovely",  "however", "they",
    "said",  "that",   "a",    "neighbourhood", "quiet",   "in",      "evening", "light",
    "which", "fell",   "on",   "old",           "stones",  "perhaps", "truly",   "honestly",
    "to",    "centre", "town", "with",          "friends", "who",     "knew",    "road"};
const char* const kPunctuation[] = {".", ".", ".", ";", "!", "...", " --", ",", ",", "?"};

std::string generate_document(std::size_t words, unsigned seed) {
    std::mt19937 random(seed);
    std::string text = "# Notes\n\n";
    for (std::size_t i = 0; i < words; ++i) {
        text += kWords[random() % std::size(kWords)];
        if (random() % 9 == 0) {
            text += kPunctuation[random() % std::size(kPunctuation)];
            if (random() % 12 == 0) text += "\n\n";
        }
        text += ' ';
    }
    return text + "\n";
}

// Processor time of the whole process (server threads and bench) so far, in milliseconds.
double process_cpu_ms() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

std::size_t count_words(std::string_view text) {
    std::size_t words = 0;
    bool in_word = false;
    for (const char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !in_word) ++words;
        in_word = !space;
    }
    return words;
}

// The files under `folder` in path order, each a paragraph or more, until `words` words (the
// file that would pass the count is left out).
std::string corpus_document(const std::filesystem::path& folder, std::size_t words) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
        if (entry.is_regular_file()) files.push_back(entry.path());
    std::ranges::sort(files);
    std::string text;
    std::size_t count = 0;
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::string content{std::istreambuf_iterator<char>(in), {}};
        const std::size_t content_words = count_words(content);
        if (count + content_words > words && count > 0) break;
        text += content + "\n\n";
        count += content_words;
    }
    return text;
}

std::size_t resident_kib() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmRSS:")) return std::stoul(line.substr(6));
    return 0;
}

struct Harness {
    InMemoryTransport transport;
    Logger log{LogLevel::Error};
    Server server;

    Harness(const Analyzer& analyzer, Workspace::Options options)
        : server(transport, analyzer, log, options) {
        send({{"id", 0}, {"method", "initialize"}, {"params", {{"capabilities", json::object()}}}});
        send({{"method", "initialized"}, {"params", json::object()}});
        transport.take_sent();
    }
    void send(json message) {
        message["jsonrpc"] = "2.0";
        transport.write_message(message.dump());
        transport.loop(server);
    }
    void open(const std::string& uri, const std::string& text) {
        send({{"method", "textDocument/didOpen"},
              {"params",
               {{"textDocument",
                 {{"uri", uri}, {"languageId", "markdown"}, {"version", 1}, {"text", text}}}}}});
    }
    struct Received {
        json diagnostics;
        Clock::time_point when;
        double process_cpu_ms;
    };
    // Waits for the diagnostics of `uri` at `version`; returns them, when their message
    // arrived and the process's processor time then (before the client parses it: parsing is
    // the client's time, not the server's).
    Received wait_received(const std::string& uri, int version) {
        for (;;) {
            const auto body = transport.wait_sent(std::chrono::seconds(60));
            if (!body) throw std::runtime_error("no diagnostics within 60 s");
            const auto received = Clock::now();
            const double cpu = process_cpu_ms();
            const json message = json::parse(*body);
            if (message.value("method", "") == "textDocument/publishDiagnostics" &&
                message["params"]["uri"] == uri && message["params"]["version"] == version)
                return {message["params"]["diagnostics"], received, cpu};
        }
    }
    json wait_published(const std::string& uri, int version) {
        return wait_received(uri, version).diagnostics;
    }
};

json insertion(const std::string& uri, int version, std::size_t line, std::size_t character,
               const std::string& text) {
    const json position = {{"line", line}, {"character", character}};
    return {{"method", "textDocument/didChange"},
            {"params",
             {{"textDocument", {{"uri", uri}, {"version", version}}},
              {"contentChanges",
               {{{"range", {{"start", position}, {"end", position}}}, {"text", text}}}}}}};
}

double percentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

// The last analysis's duration, reported by the workspace's worker thread.
class AnalysisTimer {
  public:
    void record(std::chrono::nanoseconds duration) {
        const std::lock_guard lock(mutex_);
        last_ = duration;
    }
    double last_ms() const {
        const std::lock_guard lock(mutex_);
        return std::chrono::duration<double, std::milli>(last_).count();
    }

  private:
    mutable std::mutex mutex_;
    std::chrono::nanoseconds last_{0};
};

void print_percentiles(const char* what, const std::vector<double>& milliseconds) {
    std::printf("  %-46s p50 %6.1f ms, p95 %6.1f ms\n", what, percentile(milliseconds, 0.5),
                percentile(milliseconds, 0.95));
}

// Where to type a word into `text`: the start of a word inside a paragraph (after a space
// that follows a letter), at a random place.
std::size_t word_start(const std::string& text, std::mt19937& random) {
    for (;;) {
        std::size_t at = 1 + random() % (text.size() - 1);
        while (at + 1 < text.size() &&
               !(text[at] == ' ' && std::isalpha(static_cast<unsigned char>(text[at - 1])) &&
                 std::isalpha(static_cast<unsigned char>(text[at + 1])))) {
            ++at;
        }
        if (at + 1 < text.size()) return at + 1;
    }
}

// didChange -> publishDiagnostics, split into the analysis (Analyzer::analyze on the worker)
// and what the server adds on top (edit, scheduling, positions, JSON, transport).
void latency(const Analyzer& analyzer, std::string text, int debounce_ms) {
    AnalysisTimer timer;
    Workspace::Options options;
    options.threads = 1;
    options.debounce = std::chrono::milliseconds(debounce_ms);
    options.on_analysed = [&timer](std::chrono::nanoseconds duration) { timer.record(duration); };
    Harness harness(analyzer, options);
    const std::string uri = "file:///bench.md";
    harness.open(uri, text);
    const std::size_t markers = harness.wait_published(uri, 1).size();
    std::mt19937 random(7);
    std::vector<double> total, analysis, overhead, processor;
    for (int version = 2; version <= 41; ++version) {
        const LineIndex lines(text);
        const LineColumn at = lines.to_utf16(word_start(text, random));
        const TextChange change{std::pair{at, at}, "so "};
        apply_change(text, change, PositionEncoding::Utf16);
        const auto start = Clock::now();
        const double cpu_start = process_cpu_ms();
        harness.send(insertion(uri, version, at.line, at.character, change.text));
        const Harness::Received received = harness.wait_received(uri, version);
        total.push_back(std::chrono::duration<double, std::milli>(received.when - start).count());
        processor.push_back(received.process_cpu_ms - cpu_start);
        analysis.push_back(timer.last_ms());
        overhead.push_back(total.back() - analysis.back() - debounce_ms);
    }
    std::printf(
        "didChange -> publishDiagnostics received, one-word edits, debounce %d ms "
        "(%zu markers):\n",
        debounce_ms, markers);
    print_percentiles("total", total);
    std::vector<double> beyond = total;
    for (double& ms : beyond) ms -= debounce_ms;
    print_percentiles("beyond the debounce (total - debounce)", beyond);
    print_percentiles("analysis (Analyzer::analyze)", analysis);
    print_percentiles("server overhead (total - analysis - debounce)", overhead);
    print_percentiles("processor time of the process for the edit", processor);
}

void memory(const Analyzer& analyzer) {
    const std::size_t before = resident_kib();
    Workspace::Options options;
    options.threads = 1;
    options.debounce = std::chrono::milliseconds(0);
    Harness harness(analyzer, options);
    for (int i = 0; i < 50; ++i)
        harness.open("file:///doc" + std::to_string(i) + ".md", generate_document(2000, 100 + i));
    harness.server.workspace().wait_idle();
    harness.transport.take_sent();
    std::printf(
        "resident memory: %.1f MB with 50 open 2,000-word documents (%.1f MB before "
        "opening them, analyzer and reference loaded)\n",
        resident_kib() / 1024.0, before / 1024.0);
}

void rapid_edits(const Analyzer& analyzer, std::string text) {
    Workspace::Options options;
    options.threads = 1;  // default debounce
    Harness harness(analyzer, options);
    const std::string uri = "file:///rapid.md";
    harness.open(uri, text);
    harness.wait_published(uri, 1);
    const char* const inserts[] = {"😀 ", "日本語", "-- ", "colour ", "; ", "\n\n"};
    std::mt19937 random(11);
    const auto start = Clock::now();
    for (int version = 2; version <= 1001; ++version) {
        const LineIndex lines(text);
        const std::size_t line = random() % lines.line_count();
        const std::size_t line_units =
            lines.to_utf16(lines.from_bytes({line, text.size()})).character;
        const std::size_t character = line_units ? random() % line_units : 0;
        const bool remove = random() % 3 == 0 && line_units > character + 3;
        TextChange change{std::pair{LineColumn{line, character},
                                    LineColumn{line, remove ? character + 2 : character}},
                          remove ? "" : inserts[random() % std::size(inserts)]};
        apply_change(text, change, PositionEncoding::Utf16);
        json message = insertion(uri, version, line, character, change.text);
        message["params"]["contentChanges"][0]["range"]["end"]["character"] =
            change.range->second.character;
        harness.send(message);
    }
    const double sending = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    const json published = harness.wait_published(uri, 1001);
    harness.server.workspace().wait_idle();
    const Report fresh = Workspace::analyze(analyzer, text, Language::Markdown, {});
    Snapshot snapshot{uri,
                      1001,
                      Language::Markdown,
                      std::make_shared<const std::string>(text),
                      std::make_shared<const Report>(fresh),
                      nullptr,
                      nullptr,
                      nullptr};
    const json expected = diagnostics_for(snapshot, PositionEncoding::Utf16);
    const bool same_text = *harness.server.workspace().snapshot(uri)->text == text;
    std::printf(
        "1,000 rapid edits (sent in %.0f ms): final diagnostics %s a fresh analysis "
        "(%zu markers), server text %s\n",
        sending, published == expected ? "EQUAL to" : "DIFFER from", fresh.markers.size(),
        same_text ? "identical" : "DIFFERENT");
}

// Code actions at `count` markers spread over the document, as a lightbulb asks for them: the
// marker's range, no diagnostics echoed.
void code_action_latency(const Analyzer& analyzer, const std::string& text, std::size_t count) {
    Snapshot snapshot;
    snapshot.uri = "file:///bench.md";
    snapshot.version = 1;
    snapshot.language = Language::Markdown;
    snapshot.text = std::make_shared<const std::string>(text);
    snapshot.report = std::make_shared<const Report>(analyzer.analyze(text, AnalysisOptions{}));
    attacker::Writer writer{"you", {}};
    for (unsigned seed = 0; seed < 5; ++seed)
        writer.texts.push_back(
            attacker::prose_of(generate_document(1000, 200 + seed), Language::Markdown));
    const auto trained =
        std::make_shared<const attacker::Attacker>(attacker::Attacker::train(writer, {}));
    const std::vector<Marker>& markers = snapshot.report->markers;
    if (markers.empty()) return;
    const LineIndex lines(text);
    const auto measure = [&](const Snapshot& judged, const char* what) {
        std::vector<double> wall, processor;
        std::size_t actions = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const Span span = markers[i * markers.size() / count].spans.front();
            const LineColumn begin = lines.to_bytes(span.begin), end = lines.to_bytes(span.end);
            CodeActionParams params;
            params.uri = judged.uri;
            params.range = {{begin.line, begin.character}, {end.line, end.character}};
            const auto start = Clock::now();
            const double cpu_start = process_cpu_ms();
            actions += code_actions_for(analyzer, judged, params, PositionEncoding::Utf8).size();
            processor.push_back(process_cpu_ms() - cpu_start);
            wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        }
        std::printf("textDocument/codeAction at %zu markers, %s (%zu actions):\n", count, what,
                    actions);
        print_percentiles("wall clock", wall);
        print_percentiles("processor time", processor);
    };
    measure(snapshot, "no profile");
    Snapshot aimed = snapshot;
    aimed.attacker = trained;
    aimed.verdict = std::make_shared<const attacker::Verdict>(
        attacker::judge_source(*trained, text, Language::Markdown));
    measure(aimed, "with a profile: bulk actions aimed at the attacker");
}

}  // namespace

int main(int argc, char** argv) {
    std::string text = generate_document(10000, 1);
    if (argc > 2 && std::string_view(argv[1]) == "--corpus") {
        text = corpus_document(argv[2], 10000);
    } else if (argc > 1) {
        std::ifstream file(argv[1]);
        std::stringstream content;
        content << file.rdbuf();
        text = content.str();
    }
    const Analyzer analyzer;
    std::printf("document: %zu bytes, %zu words\n", text.size(), count_words(text));
    memory(analyzer);
    latency(analyzer, text, 0);
    latency(analyzer, text, 250);
    rapid_edits(analyzer, text);
    code_action_latency(analyzer, text, 30);
}
