#include "engine/cpu/thread_pool.hpp"

#include <algorithm>

namespace fantasma::engine::cpu {
namespace {

// How many times a waiting thread polls before it sleeps: a few tens of microseconds, long
// enough to catch the next op of a decode step, short enough not to burn a shared core.
constexpr int kSpinPolls = 4000;

void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

}  // namespace

ThreadPool::ThreadPool(int threads) {
    for (int i = 1; i < std::max(threads, 1); ++i)
        workers_.emplace_back([this, i] { worker_loop(i); });
}

ThreadPool::~ThreadPool() {
    stopping_.store(true);
    bump_generation();
    for (auto& worker : workers_) worker.join();
}

void ThreadPool::bump_generation() {
    {
        // Under the lock, so a worker between its last check and its sleep cannot miss it.
        const std::lock_guard lock(sleep_mutex_);
        generation_.fetch_add(1, std::memory_order_release);
    }
    wake_up_.notify_all();
}

void ThreadPool::run(int count, int grain, Trampoline trampoline, const void* body) {
    trampoline_ = trampoline;
    body_ = body;
    count_ = count;
    grain_ = std::max(grain, 1);
    next_.store(0, std::memory_order_relaxed);
    busy_.store(int(workers_.size()), std::memory_order_relaxed);
    bump_generation();
    work_on_job(0);
    for (int polls = 0; busy_.load(std::memory_order_acquire) != 0; ++polls)
        if (polls > kSpinPolls)
            std::this_thread::yield();
        else
            relax();
}

// Chunks shrink as the range runs out: large while much is left (few hand-outs), down to
// `grain_` at the end, so the threads finish a job within a small chunk of each other.
void ThreadPool::work_on_job(int thread) {
    const int share = 2 * size();
    int begin = next_.load(std::memory_order_relaxed);
    for (;;) {
        if (begin >= count_) return;
        const int end = std::min(count_, begin + std::max(grain_, (count_ - begin) / share));
        if (!next_.compare_exchange_weak(begin, end, std::memory_order_relaxed)) continue;
        trampoline_(body_, begin, end, thread);
        begin = next_.load(std::memory_order_relaxed);
    }
}

void ThreadPool::worker_loop(int thread) {
    std::uint32_t seen = 0;  // the constructor's value: a job may start before this thread does
    for (;;) {
        for (int polls = 0; generation_.load(std::memory_order_acquire) == seen; ++polls) {
            if (polls < kSpinPolls) {
                relax();
                continue;
            }
            std::unique_lock lock(sleep_mutex_);
            wake_up_.wait(lock, [&] { return generation_.load() != seen; });
        }
        seen = generation_.load(std::memory_order_acquire);
        if (stopping_.load()) return;
        work_on_job(thread);
        busy_.fetch_sub(1, std::memory_order_release);
    }
}

}  // namespace fantasma::engine::cpu
