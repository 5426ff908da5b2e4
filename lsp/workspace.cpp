#include "lsp/workspace.hpp"

#include <algorithm>
#include <cstdio>

#include "lsp/distinctive_words.hpp"
#include "lsp/protocol.hpp"

namespace fantasma::lsp {

bool wants_word_choice(const AnalysisSettings& settings) {
    const bool enabled =
        settings.enabled_codes.empty() ||
        std::ranges::find(settings.enabled_codes, kWordChoiceCode) != settings.enabled_codes.end();
    const bool ignored = settings.ignored_codes.contains(std::string(kWordChoiceCode));
    return settings.profiles && settings.word_choice > 0 && enabled && !ignored;
}

std::shared_ptr<const Profile> profile_for(const AnalysisSettings& settings, std::string_view uri) {
    return settings.profiles ? settings.profiles->for_document(file_path(uri)) : nullptr;
}

Workspace::Workspace(const Analyzer& analyzer, Options options, PublishFn publish)
    : analyzer_(analyzer),
      options_(std::move(options)),
      publish_(std::move(publish)),
      settings_(std::make_shared<AnalysisSettings>()) {
    for (unsigned i = 0; i < options_.threads; ++i)
        workers_.emplace_back([this] { worker_loop(); });
}

Workspace::~Workspace() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        for (auto& [uri, document] : documents_) document.stop.request_stop();
    }
    work_signal_.notify_all();
    workers_.clear();  // joins
}

Report Workspace::analyze(const Analyzer& analyzer, std::string_view text, Language language,
                          const AnalysisSettings& settings, std::stop_token stop,
                          std::vector<std::string> submission_authors, const Profile* profile) {
    AnalysisOptions options;
    options.language = language;
    options.profile = profile;
    options.min_bits = settings.min_bits;
    options.hide_common_habits = !settings.show_common_habits;
    options.group_by_paragraph = true;
    options.max_markers_per_habit = kDefaultMarkersPerHabit;
    options.public_names = settings.public_names;
    options.submission_authors = std::move(submission_authors);
    options.stop = std::move(stop);
    // Workspace ignores remove detectors rather than filter markers, so that the total bits
    // stay the analyzer's own sum.
    // "word-choice" is no detector's: its markers come from find_distinctive_words.
    options.enabled_codes = settings.enabled_codes;
    if (std::erase(options.enabled_codes, kWordChoiceCode) > 0 && options.enabled_codes.empty())
        return Report{};  // only word choice asked for
    if (!settings.ignored_codes.empty()) {
        if (options.enabled_codes.empty()) {
            for (const auto& detector : analyzer.detectors())
                options.enabled_codes.emplace_back(detector->code());
        }
        std::erase_if(options.enabled_codes, [&](const std::string& code) {
            return settings.ignored_codes.contains(code);
        });
        if (options.enabled_codes.empty()) return Report{};  // everything ignored
    }
    return analyzer.analyze(text, options);
}

std::shared_ptr<const std::vector<DistinctiveWord>> Workspace::find_distinctive_words(
    const Analyzer& analyzer, std::string_view text, Language language, const Report& report,
    const AnalysisSettings& settings, const Profile* profile) {
    if (!wants_word_choice(settings) || profile == nullptr) return nullptr;
    return std::make_shared<const std::vector<DistinctiveWord>>(
        distinctive_words(make_document(text, language), report, *profile, analyzer.reference(),
                          settings.word_choice));
}

namespace {

std::string size_text(std::size_t bytes) {
    if (bytes < (1 << 20)) return std::to_string(bytes) + " bytes";
    const double value = double(bytes) / double(1 << 20);
    char text[32];
    std::snprintf(text, sizeof text, bytes % (1 << 20) == 0 ? "%.0f MiB" : "%.1f MiB", value);
    return text;
}

}  // namespace

std::string Workspace::refusal(const std::string& uri, std::size_t bytes) const {
    if (bytes > options_.max_document_bytes)
        return uri + " is not analysed: at " + size_text(bytes) + " it is larger than the " +
               size_text(options_.max_document_bytes) + " a document may have";
    const auto found = documents_.find(uri);
    const std::size_t others =
        total_bytes_ - (found == documents_.end() ? 0 : found->second.latest.text->size());
    if (found == documents_.end() && documents_.size() >= options_.max_documents)
        return uri + " is not analysed: " + std::to_string(documents_.size()) +
               " documents are open, the most fantasma analyses at once (close some, then "
               "reopen it)";
    if (others + bytes > options_.max_total_bytes)
        return uri + " is not analysed: the open documents would hold more than " +
               size_text(options_.max_total_bytes) +
               " of text, the most fantasma keeps (close some, then reopen it)";
    return "";
}

std::vector<Workspace::WaiterFn> Workspace::erase(const std::string& uri) {
    std::vector<WaiterFn> waiters;
    const auto found = documents_.find(uri);
    if (found == documents_.end()) return waiters;
    found->second.stop.request_stop();
    waiters.swap(found->second.waiters);
    total_bytes_ -= found->second.latest.text->size();
    documents_.erase(found);
    return waiters;
}

void Workspace::open(const std::string& uri, Language language, int version, std::string text) {
    std::vector<WaiterFn> superseded;
    std::string refused;
    {
        const std::lock_guard lock(mutex_);
        refused = refusal(uri, text.size());
        superseded = erase(uri);
        if (refused.empty()) {
            DocumentState& document = documents_[uri];
            total_bytes_ += text.size();
            document.latest = {
                uri,     version, language, std::make_shared<const std::string>(std::move(text)),
                nullptr, nullptr, nullptr,  nullptr};
            document.generation = next_generation_++;
            schedule(document, true);
        }
    }
    idle_signal_.notify_all();
    fail_waiters(std::move(superseded));
    if (!refused.empty()) throw DocumentRefused(refused);
    if (workers_.empty()) analyze_inline(uri);
}

void Workspace::change(const std::string& uri, int version, const std::vector<TextChange>& changes,
                       PositionEncoding encoding) {
    std::vector<WaiterFn> superseded;
    std::string refused;
    {
        const std::lock_guard lock(mutex_);
        const auto found = documents_.find(uri);
        if (found == documents_.end()) throw std::out_of_range("no open document " + uri);
        DocumentState& document = found->second;
        std::string text = *document.latest.text;
        for (const TextChange& change : changes) apply_change(text, change, encoding);
        refused = refusal(uri, text.size());
        if (!refused.empty()) {
            superseded = erase(uri);
        } else {
            total_bytes_ = total_bytes_ - document.latest.text->size() + text.size();
            document.latest.text = std::make_shared<const std::string>(std::move(text));
            document.latest.version = version;
            document.latest.forget_analysis();
            document.generation = next_generation_++;
            document.stop.request_stop();  // the running analysis is of the old text
            document.stop = std::stop_source();
            superseded.swap(document.waiters);
            schedule(document, false);
        }
    }
    fail_waiters(std::move(superseded));
    if (!refused.empty()) {
        idle_signal_.notify_all();
        throw DocumentRefused(refused);
    }
    if (workers_.empty()) analyze_inline(uri);
}

void Workspace::close(const std::string& uri) {
    std::vector<WaiterFn> waiters;
    {
        const std::lock_guard lock(mutex_);
        waiters = erase(uri);
    }
    idle_signal_.notify_all();
    fail_waiters(std::move(waiters));
}

std::size_t Workspace::open_count() const {
    const std::lock_guard lock(mutex_);
    return documents_.size();
}

bool Workspace::is_open(const std::string& uri) const {
    const std::lock_guard lock(mutex_);
    return documents_.contains(uri);
}

std::vector<std::string> Workspace::uris() const {
    const std::lock_guard lock(mutex_);
    std::vector<std::string> uris;
    for (const auto& [uri, document] : documents_) uris.push_back(uri);
    return uris;
}

void Workspace::set_settings(AnalysisSettings settings) {
    std::vector<std::string> uris;
    {
        const std::lock_guard lock(mutex_);
        settings_ = std::make_shared<const AnalysisSettings>(std::move(settings));
        for (auto& [uri, document] : documents_) {
            // A settings change is an edit of the analysis: supersede as change() does; the
            // requests that arrive meanwhile wait for the new report.
            document.generation = next_generation_++;
            document.stop.request_stop();
            document.stop = std::stop_source();
            document.latest.forget_analysis();
            schedule(document, true);
            uris.push_back(uri);
        }
    }
    if (workers_.empty())
        for (const std::string& uri : uris) analyze_inline(uri);
}

AnalysisSettings Workspace::settings() const {
    const std::lock_guard lock(mutex_);
    return *settings_;
}

void Workspace::set_debounce(std::chrono::milliseconds debounce) {
    const std::lock_guard lock(mutex_);
    options_.debounce = debounce;
}

void Workspace::when_current(const std::string& uri, WaiterFn done) {
    std::optional<Snapshot> ready;
    {
        const std::lock_guard lock(mutex_);
        const auto found = documents_.find(uri);
        if (found != documents_.end()) {
            if (!found->second.latest.report) {
                found->second.waiters.push_back(std::move(done));
                return;
            }
            ready = found->second.latest;
        }
    }
    done(std::move(ready));
}

std::optional<Snapshot> Workspace::snapshot(const std::string& uri) const {
    const std::lock_guard lock(mutex_);
    const auto found = documents_.find(uri);
    if (found == documents_.end()) return std::nullopt;
    return found->second.latest;
}

void Workspace::wait_idle() {
    std::unique_lock lock(mutex_);
    const auto idle = [&] {
        return running_ == 0 && std::none_of(documents_.begin(), documents_.end(), [](auto& entry) {
                   return entry.second.due.has_value();
               });
    };
    while (!idle()) idle_signal_.wait_for(lock, std::chrono::milliseconds(5));
}

void Workspace::schedule(DocumentState& document, bool immediately) {
    document.due = Clock::now() + (immediately ? Clock::duration::zero() : options_.debounce);
    work_signal_.notify_one();
}

Snapshot Workspace::timed_analyze(Snapshot latest, const AnalysisSettings& settings,
                                  std::stop_token stop) const {
    const auto start = Clock::now();
    const std::shared_ptr<const Profile> profile = profile_for(settings, latest.uri);
    auto report = std::make_shared<const Report>(
        analyze(analyzer_, *latest.text, latest.language, settings, stop, {}, profile.get()));
    if (!report->cancelled && !stop.stop_requested()) {
        latest.distinctive_words = find_distinctive_words(analyzer_, *latest.text, latest.language,
                                                          *report, settings, profile.get());
        if (settings.profiles) {
            latest.attacker = settings.profiles->attacker_for(file_path(latest.uri));
            if (latest.attacker) {
                latest.verdict = std::make_shared<const attacker::Verdict>(
                    attacker::judge_source(*latest.attacker, *latest.text, latest.language));
                latest.attacker_evidence_share = settings.attacker_evidence_share;
            }
        }
    }
    latest.report = std::move(report);
    if (options_.on_analysed) options_.on_analysed(Clock::now() - start);
    return latest;
}

void Workspace::analyze_inline(const std::string& uri) {
    Snapshot latest;
    std::uint64_t generation = 0;
    std::shared_ptr<const AnalysisSettings> settings;
    {
        const std::lock_guard lock(mutex_);
        const auto found = documents_.find(uri);
        if (found == documents_.end()) return;
        found->second.due.reset();
        latest = found->second.latest;
        generation = found->second.generation;
        settings = settings_;
    }
    try {
        finish(uri, generation, timed_analyze(std::move(latest), *settings, {}));
    } catch (const std::exception& error) {
        if (options_.on_error) options_.on_error(uri, error.what());
    }
}

void Workspace::worker_loop() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        auto next = documents_.end();
        for (auto it = documents_.begin(); it != documents_.end(); ++it) {
            if (it->second.due && !it->second.running &&
                (next == documents_.end() || *it->second.due < *next->second.due))
                next = it;
        }
        if (next == documents_.end()) {
            work_signal_.wait(lock);
            continue;
        }
        if (*next->second.due > Clock::now()) {
            work_signal_.wait_until(lock, *next->second.due);
            continue;
        }
        DocumentState& document = next->second;
        const std::string uri = next->first;
        document.due.reset();
        document.running = true;
        ++running_;
        const std::uint64_t generation = document.generation;
        const Snapshot latest = document.latest;
        const auto settings = settings_;
        const std::stop_token stop = document.stop.get_token();
        lock.unlock();

        try {
            const Snapshot analysed = timed_analyze(latest, *settings, stop);
            if (!analysed.report->cancelled && !stop.stop_requested())
                finish(uri, generation, analysed);
        } catch (const std::exception& error) {
            // A detector bug must not take the server down: report it, publish nothing new.
            if (options_.on_error) options_.on_error(uri, error.what());
        }

        lock.lock();
        if (auto found = documents_.find(uri); found != documents_.end())
            found->second.running = false;
        --running_;
        work_signal_.notify_all();  // a document edited meanwhile may now run
        idle_signal_.notify_all();
    }
}

void Workspace::finish(const std::string& uri, std::uint64_t generation, const Snapshot& analysed) {
    // Holding publish_mutex_ from the staleness check to the publication keeps an older
    // analysis from being published after a newer one.
    const std::lock_guard publishing(publish_mutex_);
    Snapshot current;
    std::vector<WaiterFn> waiters;
    {
        const std::lock_guard lock(mutex_);
        const auto found = documents_.find(uri);
        if (found == documents_.end() || found->second.generation != generation) return;
        found->second.latest.take_analysis(analysed);
        current = found->second.latest;
        waiters.swap(found->second.waiters);
    }
    publish_(current);
    for (WaiterFn& waiter : waiters) waiter(current);
}

void Workspace::fail_waiters(std::vector<WaiterFn> waiters) {
    for (WaiterFn& waiter : waiters) waiter(std::nullopt);
}

}  // namespace fantasma::lsp
