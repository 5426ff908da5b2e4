// The CPU backend's thread pool: every item of a range handed out exactly once, in chunks of at
// least the grain (but the last), shrinking towards the end; many jobs back to back.

#include "engine/cpu/thread_pool.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

using fantasma::engine::cpu::ThreadPool;

TEST_CASE("the thread pool hands out every item once in shrinking chunks",
          "[engine][cpu][concurrent]") {
    const int threads = GENERATE(1, 2, 3);
    const int count = GENERATE(1, 7, 1000, 100003);
    const int grain = GENERATE(1, 16, 5000);
    ThreadPool pool(threads);
    std::vector<std::atomic<int>> seen(static_cast<std::size_t>(count));
    std::mutex mutex;
    std::vector<std::pair<int, int>> chunks;
    std::atomic<int> bad_thread{0};
    pool.parallel_for(count, grain, [&](int begin, int end, int thread) {
        if (thread < 0 || thread >= pool.size()) ++bad_thread;
        for (int i = begin; i < end; ++i) ++seen[static_cast<std::size_t>(i)];
        const std::lock_guard lock(mutex);
        chunks.emplace_back(begin, end);
    });
    INFO("threads " << threads << " count " << count << " grain " << grain);
    CHECK(bad_thread == 0);
    int missed_or_repeated = 0;
    for (const auto& s : seen) missed_or_repeated += s != 1;
    CHECK(missed_or_repeated == 0);
    std::sort(chunks.begin(), chunks.end());
    for (std::size_t i = 0; i + 1 < chunks.size(); ++i) {
        const int size = chunks[i].second - chunks[i].first;
        CHECK(size >= grain);
        // Shrinking: no chunk is more than a share of what was left when it was taken.
        CHECK(size <= std::max(grain, (count - chunks[i].first) / (2 * pool.size())));
    }
    if (threads > 1 && count >= 8 * grain) CHECK(chunks.size() > 2);
}

TEST_CASE("the thread pool runs many short jobs back to back", "[engine][cpu][concurrent]") {
    ThreadPool pool(2);
    std::atomic<long> total{0};
    for (int job = 0; job < 20000; ++job)
        pool.parallel_for(4, 1, [&](int begin, int end, int) { total += end - begin; });
    CHECK(total == 80000);
}
