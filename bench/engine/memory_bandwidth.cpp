// Memory read bandwidth, as a decoding model sees it: each thread sums its share of a buffer
// far larger than the caches, best of several passes. Prints GB/s (10^9 bytes per second).
//   memory_bandwidth THREADS [MiB]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <thread>
#include <vector>

namespace {

// Eight independent sums so the adds do not wait on each other.
double sum(const double* begin, const double* end) {
    double s[8] = {};
    for (; begin + 8 <= end; begin += 8)
        for (int k = 0; k < 8; ++k) s[k] += begin[k];
    return std::accumulate(s, s + 8, 0.0);
}

}  // namespace

int main(int argc, char** argv) {
    const int threads = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1;
    const std::size_t mib = argc > 2 ? std::size_t(std::atol(argv[2])) : 512;
    const std::size_t count = mib * 1024 * 1024 / sizeof(double);
    std::vector<double> buffer(count, 1.0);  // written once: every page is resident
    std::vector<double> partial(static_cast<std::size_t>(threads));
    double best = 1e30;
    for (int pass = 0; pass < 6; ++pass) {
        const auto start = std::chrono::steady_clock::now();
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&, t] {
                const std::size_t first = count * std::size_t(t) / std::size_t(threads);
                const std::size_t last = count * std::size_t(t + 1) / std::size_t(threads);
                partial[std::size_t(t)] = sum(buffer.data() + first, buffer.data() + last);
            });
        for (auto& worker : workers) worker.join();
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    if (std::accumulate(partial.begin(), partial.end(), 0.0) != double(count / 8 * 8)) return 1;
    std::printf("%.2f\n", double(count * sizeof(double)) / best / 1e9);
    return 0;
}
