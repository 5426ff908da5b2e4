#pragma once
// The open documents and their analyses, with no JSON or LSP knowledge: documents change,
// analyses run off the caller's thread after a debounce, and only the analysis of a
// document's current text is ever published. An edit cancels the running analysis of the
// text it replaces (its stop_token fires) and supersedes everything queued for it.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "lsp/text_edit.hpp"
#include "lsp/writer_profiles.hpp"
#include "stylometry/analyzer.hpp"
#include "stylometry/language.hpp"
#include "stylometry/source_file.hpp"

namespace fantasma::lsp {

struct DistinctiveWord;  // distinctive_words.hpp

// What the configuration decides about an analysis.
struct AnalysisSettings {
    std::vector<std::string> enabled_codes;  // empty: every detector
    std::set<std::string> ignored_codes;     // "ignore in this workspace"
    double min_bits = 0.0;
    bool show_common_habits = false;  // habits more than a quarter of writers share
    // The writer's profile folder (each document is measured against the folder's other texts);
    // null: population bits.
    std::shared_ptr<const WriterProfiles> profiles;
    std::vector<std::string> public_names;  // never flagged (lower case)
    // The share of content words the word-choice pass may mark as the writer's distinctive
    // words (with a profile only); 0: none.
    double word_choice = 0;
    // The least share of the attacker's evidence an attacker-evidence diagnostic shows.
    double attacker_evidence_share = 0.15;
};

// Whether `settings` ask for the writer's distinctive words: a profile, a word-choice share
// above 0, and the "word-choice" code neither left out of enabled_codes nor ignored.
bool wants_word_choice(const AnalysisSettings& settings);

// The profile the document at `uri` is measured against: the folder's texts less that document
// (WriterProfiles::for_document). Null without a profile folder, or when the document is the
// folder's only text.
std::shared_ptr<const Profile> profile_for(const AnalysisSettings& settings, std::string_view uri);

// A document open() or change() would not keep: past a limit of Workspace::Options. The
// message says which, for the writer.
class DocumentRefused : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One document's text and, when current, its analysis.
struct Snapshot {
    std::string uri;
    int version = 0;
    Language language = Language::Text;
    std::shared_ptr<const std::string> text;
    std::shared_ptr<const Report> report;  // of `text`
    // With `report`: the writer's distinctive words the word-choice pass would replace; null
    // without a profile or with the "word-choice" code off.
    std::shared_ptr<const std::vector<DistinctiveWord>> distinctive_words;
    // With `report` and a profile of at least three texts: the attacker's verdict on `text`
    // (sentence spans in its bytes), the attacker that gave it, and the least share a sentence
    // needs to be shown; null otherwise.
    std::shared_ptr<const attacker::Verdict> verdict;
    std::shared_ptr<const attacker::Attacker> attacker;
    double attacker_evidence_share = 1;

    // Drops what was found of an older text.
    void forget_analysis() { take_analysis(Snapshot{}); }
    // What `analysed` found of this text: its report and all that came with it.
    void take_analysis(const Snapshot& analysed) {
        report = analysed.report;
        distinctive_words = analysed.distinctive_words;
        verdict = analysed.verdict;
        attacker = analysed.attacker;
        attacker_evidence_share = analysed.attacker_evidence_share;
    }
};

class Workspace {
  public:
    struct Options {
        unsigned threads = 1;  // 0: analyse inline on the caller's thread (tests)
        std::chrono::milliseconds debounce{250};
        // An analysis threw (a bug in fantasma): the document's URI and the exception's message.
        std::function<void(const std::string& uri, const std::string& what)> on_error;
        // How long each finished analysis took (benchmarks split analysis from the server's
        // own time); called from the analysing thread, before the publication.
        std::function<void(std::chrono::nanoseconds)> on_analysed;
        // Whatever a client sends, the documents' memory stays bounded: past these, open()
        // and change() throw DocumentRefused and the document is not kept.
        std::size_t max_document_bytes = kMaxDocumentBytes;  // as `fantasma check`
        std::size_t max_documents = 1000;
        std::size_t max_total_bytes = std::size_t{256} << 20;
    };
    // Called with each finished analysis of a document's current text, from a worker thread
    // (or the caller's thread when inline). Never called for a superseded version.
    using PublishFn = std::function<void(const Snapshot&)>;
    // Answers a request that needs the current analysis: the snapshot, or nullopt when the
    // document was closed or edited before its analysis finished.
    using WaiterFn = std::function<void(std::optional<Snapshot>)>;

    Workspace(const Analyzer& analyzer, Options options, PublishFn publish);
    ~Workspace();
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;

    // Throws DocumentRefused past the limits; a document open before under the same URI is
    // closed then.
    void open(const std::string& uri, Language language, int version, std::string text);
    // Throws std::out_of_range for a document that is not open, and DocumentRefused (the
    // document is closed) when the edit makes it larger than the limits allow.
    void change(const std::string& uri, int version, const std::vector<TextChange>& changes,
                PositionEncoding encoding);
    void close(const std::string& uri);
    std::size_t open_count() const;
    bool is_open(const std::string& uri) const;
    std::vector<std::string> uris() const;

    // New settings re-analyse every open document.
    void set_settings(AnalysisSettings settings);
    AnalysisSettings settings() const;
    void set_debounce(std::chrono::milliseconds debounce);

    // Calls `done` with the current analysis of `uri`: at once when it is ready, else from
    // the worker that finishes it.
    void when_current(const std::string& uri, WaiterFn done);
    // The latest text, and its report when current.
    std::optional<Snapshot> snapshot(const std::string& uri) const;

    // Blocks until no analysis is queued or running (tests, benchmarks).
    void wait_idle();

    // What a document's analysis does, without any scheduling: exposed for the server's
    // "fresh analysis" comparisons in tests and benchmarks.
    // `profile`: the writer's (profile_for), null for population bits.
    static Report analyze(const Analyzer& analyzer, std::string_view text, Language language,
                          const AnalysisSettings& settings, std::stop_token stop = {},
                          std::vector<std::string> submission_authors = {},
                          const Profile* profile = nullptr);
    // The distinctive words of `text` (whose analysis is `report`) that `settings` asks for:
    // null when they ask for none or there is no `profile`.
    static std::shared_ptr<const std::vector<DistinctiveWord>> find_distinctive_words(
        const Analyzer& analyzer, std::string_view text, Language language, const Report& report,
        const AnalysisSettings& settings, const Profile* profile);

  private:
    using Clock = std::chrono::steady_clock;
    struct DocumentState {
        Snapshot latest;                       // report set only when it is of latest.text
        std::uint64_t generation = 0;          // bumped by every change
        std::optional<Clock::time_point> due;  // analysis scheduled
        bool running = false;
        std::stop_source stop;
        std::vector<WaiterFn> waiters;
    };

    void schedule(DocumentState& document, bool immediately);  // mutex held
    // The report and distinctive words of `latest`; the report is cancelled when `stop` fired.
    Snapshot timed_analyze(Snapshot latest, const AnalysisSettings& settings,
                           std::stop_token stop) const;
    void analyze_inline(const std::string& uri);
    void worker_loop();
    void finish(const std::string& uri, std::uint64_t generation, const Snapshot& analysed);
    void fail_waiters(std::vector<WaiterFn> waiters);
    // Why a document of `bytes` cannot be kept beside the others, or "" (mutex held).
    std::string refusal(const std::string& uri, std::size_t bytes) const;
    // Forgets an open document (mutex held); returns its waiters, to be failed unlocked.
    std::vector<WaiterFn> erase(const std::string& uri);

    const Analyzer& analyzer_;
    Options options_;
    PublishFn publish_;

    mutable std::mutex mutex_;
    std::condition_variable work_signal_;
    std::condition_variable idle_signal_;
    std::map<std::string, DocumentState, std::less<>> documents_;
    std::shared_ptr<const AnalysisSettings> settings_;
    std::uint64_t next_generation_ = 1;
    std::size_t total_bytes_ = 0;  // of every open document's latest text
    std::size_t running_ = 0;
    bool stopping_ = false;
    std::mutex publish_mutex_;  // publications in order, re-checked for staleness
    std::vector<std::jthread> workers_;
};

}  // namespace fantasma::lsp
