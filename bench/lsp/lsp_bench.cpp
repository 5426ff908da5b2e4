// fantasma-ls benchmarks (not tests): the server over an in-memory transport, as an editor
// drives it.
//   1. didChange -> publishDiagnostics latency on a 10,000-word document (p50/p95), with no
//      debounce (the analysis and publication alone) and with the default debounce.
//   2. Resident memory with 50 open documents of 2,000 words.
//   3. 1,000 rapid edits (emoji, CJK, deletions) end with diagnostics equal to a fresh
//      analysis of the final text.
// Documents are generated (deterministic pseudo-prose), or read from the file given as the
// first argument.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <sstream>

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
    // Waits for the diagnostics of `uri` at `version`; returns them and when their message
    // arrived (before the client parses it: parsing is the client's time, not the server's).
    std::pair<json, Clock::time_point> wait_received(const std::string& uri, int version) {
        for (;;) {
            const auto body = transport.wait_sent(std::chrono::seconds(60));
            if (!body) throw std::runtime_error("no diagnostics within 60 s");
            const auto received = Clock::now();
            const json message = json::parse(*body);
            if (message.value("method", "") == "textDocument/publishDiagnostics" &&
                message["params"]["uri"] == uri && message["params"]["version"] == version)
                return {message["params"]["diagnostics"], received};
        }
    }
    json wait_published(const std::string& uri, int version) {
        return wait_received(uri, version).first;
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

// didChange -> publishDiagnostics, split into the analysis (Analyzer::analyze on the worker)
// and what the server adds on top (edit, scheduling, positions, JSON, transport).
void latency(const Analyzer& analyzer, const std::string& text, int debounce_ms) {
    AnalysisTimer timer;
    Workspace::Options options;
    options.threads = 1;
    options.debounce = std::chrono::milliseconds(debounce_ms);
    options.on_analysed = [&timer](std::chrono::nanoseconds duration) { timer.record(duration); };
    Harness harness(analyzer, options);
    const std::string uri = "file:///bench.md";
    harness.open(uri, text);
    const std::size_t markers = harness.wait_published(uri, 1).size();
    const LineIndex lines(text);
    std::mt19937 random(7);
    std::vector<double> total, analysis, overhead;
    for (int version = 2; version <= 41; ++version) {
        const auto start = Clock::now();
        harness.send(insertion(uri, version, random() % lines.line_count(), 0, "so "));
        const auto received = harness.wait_received(uri, version).second;
        total.push_back(std::chrono::duration<double, std::milli>(received - start).count());
        analysis.push_back(timer.last_ms());
        overhead.push_back(total.back() - analysis.back() - debounce_ms);
    }
    std::printf("didChange -> publishDiagnostics received, debounce %d ms (%zu markers):\n",
                debounce_ms, markers);
    print_percentiles("total", total);
    print_percentiles("analysis (Analyzer::analyze)", analysis);
    print_percentiles("server overhead (total - analysis - debounce)", overhead);
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
    Snapshot snapshot{uri, 1001, Language::Markdown, std::make_shared<const std::string>(text),
                      std::make_shared<const Report>(fresh)};
    const json expected = diagnostics_for(snapshot, PositionEncoding::Utf16);
    const bool same_text = *harness.server.workspace().snapshot(uri)->text == text;
    std::printf(
        "1,000 rapid edits (sent in %.0f ms): final diagnostics %s a fresh analysis "
        "(%zu markers), server text %s\n",
        sending, published == expected ? "EQUAL to" : "DIFFER from", fresh.markers.size(),
        same_text ? "identical" : "DIFFERENT");
}

}  // namespace

int main(int argc, char** argv) {
    std::string text = generate_document(10000, 1);
    if (argc > 1) {
        std::ifstream file(argv[1]);
        std::stringstream content;
        content << file.rdbuf();
        text = content.str();
    }
    const Analyzer analyzer;
    std::printf("document: %zu bytes\n", text.size());
    memory(analyzer);
    latency(analyzer, text, 0);
    latency(analyzer, text, 250);
    rapid_edits(analyzer, text);
}
