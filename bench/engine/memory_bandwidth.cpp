// Memory read bandwidth, as a decoding model sees it: each thread sums its share of a buffer
// far larger than the caches, best of several passes, reading its share either as one
// sequential stream or in four stretches side by side (as the kernels' one-token matmuls read
// their rows: more reads in flight; on a Xeon here one stream got ~20 % less). Prints the better
// of the two in GB/s (10^9 bytes per second).
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

// The same sum over four stretches of [begin, end) read side by side, 8 values of each in turn.
double sum_in_stretches(const double* begin, const double* end) {
    constexpr int kStretches = 4;
    const std::size_t stretch = std::size_t(end - begin) / kStretches / 8 * 8;
    double s[kStretches][8] = {};
    for (std::size_t i = 0; i < stretch; i += 8)
        for (int part = 0; part < kStretches; ++part)
            for (int k = 0; k < 8; ++k) s[part][k] += begin[std::size_t(part) * stretch + i + k];
    double total = sum(begin + kStretches * stretch, end);
    for (const auto& part : s) total += std::accumulate(part, part + 8, 0.0);
    return total;
}

}  // namespace

int main(int argc, char** argv) {
    const int threads = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1;
    const std::size_t mib = argc > 2 ? std::size_t(std::atol(argv[2])) : 512;
    const std::size_t count = mib * 1024 * 1024 / sizeof(double);
    std::vector<double> buffer(count, 1.0);  // written once: every page is resident
    std::vector<double> partial(static_cast<std::size_t>(threads));
    double best = 1e30;
    for (int pass = 0; pass < 12; ++pass) {  // the two ways of reading, alternating
        const auto read = pass % 2 ? sum_in_stretches : sum;
        const auto start = std::chrono::steady_clock::now();
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&, t] {
                const std::size_t first = count * std::size_t(t) / std::size_t(threads);
                const std::size_t last = count * std::size_t(t + 1) / std::size_t(threads);
                partial[std::size_t(t)] = read(buffer.data() + first, buffer.data() + last);
            });
        for (auto& worker : workers) worker.join();
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        if (std::accumulate(partial.begin(), partial.end(), 0.0) != double(count)) return 1;
    }
    std::printf("%.2f\n", double(count * sizeof(double)) / best / 1e9);
    return 0;
}
