#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace fantasma::engine::cpu {

// A small pool of worker threads owned by one backend. parallel_for hands out [begin, end)
// chunks of a range through an atomic counter, so a thread the system descheduled for a while
// does not hold the others back; chunks shrink towards the end of the range so the threads
// finish together; the calling thread works too. Workers spin briefly after a
// job (the next op of a decode step comes within microseconds) and then sleep.
class ThreadPool {
  public:
    explicit ThreadPool(int threads);  // threads >= 1, the caller included
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int size() const { return int(workers_.size()) + 1; }

    // Calls body(begin, end, thread) on chunks covering [0, count): a share of what is left
    // while much is, never fewer than `grain` items (but the last), spread over the threads
    // (thread: 0 for the caller, 1.. for the workers, for per-thread scratch); returns when all are
    // done. Not reentrant.
    template <typename Body>
    void parallel_for(int count, int grain, const Body& body) {
        if (count <= 0) return;
        if (workers_.empty() || count <= grain) {
            body(0, count, 0);
            return;
        }
        run(count, grain, &call<Body>, &body);
    }

  private:
    using Trampoline = void (*)(const void* body, int begin, int end, int thread);
    template <typename Body>
    static void call(const void* body, int begin, int end, int thread) {
        (*static_cast<const Body*>(body))(begin, end, thread);
    }

    void run(int count, int grain, Trampoline trampoline, const void* body);
    void bump_generation();
    void work_on_job(int thread);
    void worker_loop(int thread);

    std::vector<std::thread> workers_;
    // The current job; written by the caller before `generation_` moves on.
    Trampoline trampoline_ = nullptr;
    const void* body_ = nullptr;
    int count_ = 0;
    int grain_ = 1;
    std::atomic<int> next_{0};                  // the first item not handed out yet
    std::atomic<int> busy_{0};                  // workers still inside the current job
    std::atomic<std::uint32_t> generation_{0};  // bumped for each job
    std::atomic<bool> stopping_{false};
    std::mutex sleep_mutex_;  // workers that stopped spinning sleep on wake_up_
    std::condition_variable wake_up_;
};

}  // namespace fantasma::engine::cpu
