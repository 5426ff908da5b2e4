#pragma once
// Model rewrites for the language server, with no JSON or LSP knowledge: one background
// thread that loads the rewrite model lazily on the first request (once), runs each
// request's candidates, and releases the model after an idle timeout. The server adapts its
// callbacks to $/progress, workspace/applyEdit and replies.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>

#include "attacker/attacker.hpp"
#include "stylometry/analyzer.hpp"
#include "stylometry/rewrite/model_pass.hpp"

namespace fantasma::lsp {

struct ModelSettings {
    std::string model;             // empty: no model configured
    std::string backend = "auto";  // "auto", "cpu", "reference" or "opencl"
    std::string device;            // the OpenCL device: its number or part of its name
    std::chrono::milliseconds idle_timeout{std::chrono::minutes(10)};
    std::size_t candidates = 3;
    friend bool operator==(const ModelSettings&, const ModelSettings&) = default;
};

// One passage to rewrite: the text it was asked on, at the version it was asked on.
struct RewriteJob {
    std::string uri;
    int version = 0;
    Language language = Language::Text;
    std::shared_ptr<const std::string> text;
    Span range;
    std::stop_token stop;
    // The word-choice pass the model starts from (the share of content words; 0: none), with
    // the writer's profile it needs.
    double word_choice = 0;
    std::shared_ptr<const Profile> profile;
    // The attacker of the writer's profile, when it has one: the rewrite is aimed at it (the
    // candidate that lowers its chance of picking the writer most wins).
    std::shared_ptr<const attacker::Attacker> attacker;
};

// Called on the rewrite thread, in this order: on_loading and on_loaded (only when the model
// is loaded for this job; on_loaded with where it runs and why, when that was chosen),
// on_token (as tokens come), then exactly one of on_done and on_failed.
struct RewriteCallbacks {
    std::function<void()> on_loading;
    std::function<void(const std::string& backend_note)> on_loaded;
    TokenProgress on_token;
    std::function<void(const ModelRewriteResult&)> on_done;
    std::function<void(const std::string& message)> on_failed;
};

class RewriteService {
  public:
    // Opens a model: throws with a message a user can act on for a missing or corrupt one.
    // `note`: where it runs and why (a backend chosen by auto), one line, or empty.
    struct OpenedModel {
        std::unique_ptr<CandidateGenerator> generator;
        std::string note;
    };
    using GeneratorFactory = std::function<OpenedModel(const ModelSettings& settings)>;

    RewriteService(const Analyzer& analyzer, GeneratorFactory factory);
    ~RewriteService();  // stops the running job and the thread
    RewriteService(const RewriteService&) = delete;
    RewriteService& operator=(const RewriteService&) = delete;

    // A change of model, backend or device releases the loaded model; the next job loads the
    // new one.
    void configure(ModelSettings settings);
    ModelSettings settings() const;
    bool model_loaded() const;

    void submit(RewriteJob job, RewriteCallbacks callbacks);
    // Blocks until no job is queued or running (tests).
    void wait_idle();

  private:
    using Clock = std::chrono::steady_clock;
    struct Queued {
        RewriteJob job;
        RewriteCallbacks callbacks;
    };
    void worker_loop(std::stop_token stop);
    void run(const Queued& queued, const ModelSettings& settings, std::stop_token shutdown);

    const Analyzer& analyzer_;
    GeneratorFactory factory_;

    mutable std::mutex mutex_;  // guards what follows
    std::condition_variable_any signal_;
    std::condition_variable idle_signal_;
    std::deque<Queued> queue_;
    bool running_ = false;
    ModelSettings settings_;
    bool loaded_ = false;  // mirrors generator_ for other threads

    // The rewrite thread's own (never touched elsewhere).
    std::unique_ptr<CandidateGenerator> generator_;
    ModelSettings loaded_settings_;
    Clock::time_point last_used_;

    std::jthread worker_;  // last: started after everything above exists
};

}  // namespace fantasma::lsp
