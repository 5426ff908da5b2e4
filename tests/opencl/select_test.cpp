// Backend::top_k on the device (select.cl) against a selection written out here, on rows of
// awkward lengths with many ties; the sampler's draw from the selection against its draw from
// the whole row; greedy decoding through Model::forward_best.

#include "../engine/reference_models.hpp"
#include "engine/sampling/sampler.hpp"
#include "engine/session.hpp"
#include "opencl_test_support.hpp"

#include <algorithm>
#include <numeric>

using namespace fantasma::opencl::testing;
using fantasma::testing::kReference;
using fantasma::testing::read_tokens;

namespace {

// The k best by sorting every index: value descending, ties to the lower index, NaN last.
std::vector<fe::Candidate> expected_best(const std::vector<float>& row, std::size_t k) {
    std::vector<int> order(row.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        if (std::isnan(row[std::size_t(b)])) return !std::isnan(row[std::size_t(a)]);
        return row[std::size_t(a)] > row[std::size_t(b)];
    });
    std::vector<fe::Candidate> best;
    for (std::size_t i = 0; i < k; ++i) best.push_back({row[std::size_t(order[i])], order[i]});
    return best;
}

// Candidates compare equal with NaN values when their indices agree.
bool same(const std::vector<fe::Candidate>& a, const std::vector<fe::Candidate>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](auto x, auto y) {
        return x.index == y.index &&
               (x.value == y.value || (std::isnan(x.value) && std::isnan(y.value)));
    });
}

}  // namespace

TEST_CASE("top_k on the device selects what sorting the row selects", "[opencl][select]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const int n = GENERATE(1, 61, 1000, 250001);
    // Whole numbers from a small range make ties everywhere; a few NaNs must never win.
    const bool ties = GENERATE(true, false);
    std::vector<float> row = both.values(std::size_t(n) + 3, 50.0f);
    if (ties)
        for (auto& v : row) v = std::round(v / 10.0f);
    if (n > 100) row[7] = row[n / 2] = NAN;
    // The row as a view: one row of a 2-row tensor, three columns in.
    const auto tensor = gpu->allocate(2, n + 3);
    std::vector<float> both_rows(row.size() * 2, -1.0f);
    std::copy(row.begin(), row.end(), both_rows.begin() + std::ptrdiff_t(row.size()));
    gpu->write(tensor, both_rows);
    row.erase(row.begin(), row.begin() + 3);
    const auto view = tensor.row_range(1, 1).col_range(3, n);
    // The host default of Backend::top_k, which the CPU backends use.
    const auto host_row = both.cpu.allocate(1, n);
    both.cpu.write(host_row, row);
    for (const int k : {1, 5, 64, 100}) {
        if (k > n) continue;
        std::vector<fe::Candidate> best(static_cast<std::size_t>(k));
        gpu->top_k(best, view);
        INFO("n " << n << " k " << k << " ties " << ties);
        const auto expected = expected_best(row, std::size_t(k));
        CHECK(same(best, expected));
        both.cpu.top_k(best, host_row);
        CHECK(same(best, expected));
    }
    std::vector<fe::Candidate> too_many(std::size_t(n) + 1);
    CHECK_THROWS_WITH(gpu->top_k(too_many, view), Catch::Contains("at least k"));
}

TEST_CASE("the draw from the best logits is the draw from the whole row", "[opencl][select]") {
    auto gpu = open_backend();
    if (!gpu) return;
    Both both(*gpu);
    const int vocab = 3001;
    fe::SamplingSettings settings;
    settings.temperature = GENERATE(0.0f, 0.7f);
    settings.top_k = GENERATE(0, 1, 7, 64);
    settings.top_p = 0.9f;
    settings.seed = 99;
    fe::Sampler whole(settings), selected(settings);
    const int k = selected.best_needed(vocab);
    CHECK(k == (settings.temperature == 0 || settings.top_k == 1 ? 1 : settings.top_k));
    if (k == 0) return;  // every logit counts: generate reads the whole row
    const auto tensor = gpu->allocate(1, vocab);
    std::vector<fe::Candidate> best(static_cast<std::size_t>(k));
    for (int draw = 0; draw < 50; ++draw) {
        auto row = both.values(std::size_t(vocab), 4.0f);
        for (auto& v : row) v = std::round(v * 4.0f) / 4.0f;  // ties
        gpu->write(tensor, row);
        gpu->top_k(best, tensor);
        INFO("draw " << draw << " temperature " << settings.temperature << " top_k "
                     << settings.top_k);
        CHECK(selected.sample_best(best) == whole.sample(row, {}));
    }
}

TEST_CASE("64 greedy tokens through the device's selection are the CPU backend's",
          "[opencl][select][model]") {
    auto gpu = open_backend();
    if (!gpu) return;
    const std::string name = "multimodal-sharded-f16";
    fe::cpu::ReferenceBackend cpu;
    auto on_cpu = fe::open_model(kReference / name, cpu);
    auto on_gpu = fe::open_model(kReference / name, *gpu);
    const auto tokens = read_tokens(kReference / name / "tokens.txt");
    const std::vector<std::int32_t> prompt(tokens.begin(), tokens.begin() + 5);
    // The CPU: every logit read, arg-max on the host.
    const std::size_t vocab = std::size_t(on_cpu.model->config().vocab_size);
    auto cpu_sequence = on_cpu.model->new_sequence(int(prompt.size()) + 64);
    std::vector<float> logits(prompt.size() * vocab);
    std::vector<std::int32_t> expected;
    on_cpu.model->forward(cpu_sequence, prompt, logits);
    logits.erase(logits.begin(), logits.end() - std::ptrdiff_t(vocab));
    while (expected.size() < 64) {
        expected.push_back(
            std::int32_t(std::max_element(logits.begin(), logits.end()) - logits.begin()));
        on_cpu.model->forward(cpu_sequence, std::span(&expected.back(), 1), logits);
    }
    // The device: the prompt, then one token at a time, only the best logit read back.
    auto sequence = on_gpu.model->new_sequence(int(prompt.size()) + 64);
    std::vector<fe::Candidate> best(1);
    std::vector<std::int32_t> generated, input = prompt;
    while (generated.size() < 64) {
        on_gpu.model->forward_best(sequence, input, best);
        generated.push_back(best[0].index);
        input.assign(1, generated.back());
    }
    CHECK(generated == expected);
}
