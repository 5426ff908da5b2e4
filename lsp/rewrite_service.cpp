#include "lsp/rewrite_service.hpp"

#include "attacker/aim.hpp"

namespace fantasma::lsp {

RewriteService::RewriteService(const Analyzer& analyzer, GeneratorFactory factory)
    : analyzer_(analyzer),
      factory_(std::move(factory)),
      worker_([this](std::stop_token stop) { worker_loop(stop); }) {}

RewriteService::~RewriteService() {
    worker_.request_stop();
    signal_.notify_all();
    worker_.join();  // before the members the thread uses go away
}

void RewriteService::configure(ModelSettings settings) {
    const std::lock_guard lock(mutex_);
    settings_ = std::move(settings);
    signal_.notify_all();  // a new idle timeout may be due already
}

ModelSettings RewriteService::settings() const {
    const std::lock_guard lock(mutex_);
    return settings_;
}

bool RewriteService::model_loaded() const {
    const std::lock_guard lock(mutex_);
    return loaded_;
}

void RewriteService::submit(RewriteJob job, RewriteCallbacks callbacks) {
    const std::lock_guard lock(mutex_);
    queue_.push_back({std::move(job), std::move(callbacks)});
    signal_.notify_all();
}

void RewriteService::wait_idle() {
    std::unique_lock lock(mutex_);
    idle_signal_.wait(lock, [&] { return queue_.empty() && !running_; });
}

void RewriteService::worker_loop(std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (!stop.stop_requested()) {
        if (queue_.empty()) {
            if (generator_) {
                const Clock::time_point release_at = last_used_ + settings_.idle_timeout;
                if (Clock::now() >= release_at) {
                    // Released outside the lock: freeing a large model takes a while.
                    std::unique_ptr<CandidateGenerator> released = std::move(generator_);
                    loaded_ = false;
                    lock.unlock();
                    released.reset();
                    lock.lock();
                    continue;
                }
                signal_.wait_until(lock, stop, release_at, [&] { return !queue_.empty(); });
            } else {
                signal_.wait(lock, stop, [&] { return !queue_.empty(); });
            }
            continue;
        }
        const Queued queued = std::move(queue_.front());
        queue_.pop_front();
        running_ = true;
        const ModelSettings settings = settings_;
        lock.unlock();
        run(queued, settings, stop);
        lock.lock();
        running_ = false;
        loaded_ = generator_ != nullptr;
        last_used_ = Clock::now();
        if (queue_.empty()) idle_signal_.notify_all();
    }
    running_ = false;
    idle_signal_.notify_all();
}

void RewriteService::run(const Queued& queued, const ModelSettings& settings,
                         std::stop_token shutdown) {
    const RewriteCallbacks& callbacks = queued.callbacks;
    // The job stops when it is cancelled or when the service shuts down.
    std::stop_source stop;
    const std::stop_callback on_cancel(queued.job.stop, [&] { stop.request_stop(); });
    const std::stop_callback on_shutdown(shutdown, [&] { stop.request_stop(); });
    try {
        if (stop.stop_requested()) {  // cancelled while queued: no model to load for it
            ModelRewriteResult cancelled;
            cancelled.cancelled = true;
            if (callbacks.on_done) callbacks.on_done(cancelled);
            return;
        }
        if (settings.model.empty())
            throw std::runtime_error(
                "no rewrite model is configured (set fantasma.model to a model file or folder)");
        if (generator_ && (loaded_settings_.model != settings.model ||
                           loaded_settings_.backend != settings.backend ||
                           loaded_settings_.device != settings.device)) {
            generator_.reset();
        }
        if (!generator_) {
            if (callbacks.on_loading) callbacks.on_loading();
            std::string note;
            try {
                RewriteService::OpenedModel opened = factory_(settings);
                generator_ = std::move(opened.generator);
                note = std::move(opened.note);
            } catch (const std::exception& error) {
                throw std::runtime_error(std::string("the rewrite model could not be loaded: ") +
                                         error.what());
            }
            if (callbacks.on_loaded) callbacks.on_loaded(note);
            loaded_settings_ = settings;
            const std::lock_guard lock(mutex_);
            loaded_ = true;
        }
        ModelRewriteOptions options;
        options.rewrite.language = queued.job.language;
        options.rewrite.range = queued.job.range;
        if (queued.job.profile) {
            options.rewrite.word_choice.strength = queued.job.word_choice;
            options.rewrite.word_choice.profile = queued.job.profile.get();
        }
        std::optional<RewriteAim> aim;
        if (queued.job.attacker) {
            aim = attacker::aim_at(*queued.job.attacker, queued.job.language, std::nullopt);
            options.rewrite.aim = &*aim;
        }
        options.candidates = settings.candidates;
        options.stop = stop.get_token();
        options.on_token = callbacks.on_token;
        const ModelRewriteResult result =
            model_rewrite(*queued.job.text, options, analyzer_, *generator_);
        if (callbacks.on_done) callbacks.on_done(result);
    } catch (const std::exception& error) {
        if (callbacks.on_failed) callbacks.on_failed(error.what());
    }
}

}  // namespace fantasma::lsp
