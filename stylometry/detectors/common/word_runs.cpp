#include "stylometry/detectors/common/word_runs.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <utility>

#include "stylometry/detectors/common/lexical.hpp"

namespace fantasma::word_runs {
namespace {

// A hash of the run of `words` words from token `first`, by their word numbers.
std::uint64_t run_hash(const std::vector<std::uint32_t>& word_of_token, std::uint32_t first,
                       std::uint8_t words) {
    std::uint64_t hash = 0;
    for (std::uint32_t i = first; i < first + words; ++i)
        hash = (hash + word_of_token[i] + 1) * 0x9E3779B97F4A7C15ULL;
    return hash ^ (hash >> 31);
}

struct RunCount {
    std::uint32_t first_token;  // of its first occurrence: the run's words are read there
    std::uint32_t count = 0;
    std::uint8_t words;
    bool always_capitalised = true;
};

// Counts runs in an open-addressing table whose slots hold run numbers (4 bytes each); a run
// is compared by its word numbers at its first occurrence, so no key is stored.
class RunCounter {
  public:
    explicit RunCounter(const std::vector<std::uint32_t>& word_of_token)
        : word_of_token_(word_of_token), slots_(1024, kEmpty) {}

    // The number of the run of `words` words from token `first`, counted once more.
    std::uint32_t add(std::uint32_t first, std::uint8_t words, bool capitalised) {
        std::size_t slot = hash(first, words) & (slots_.size() - 1);
        while (slots_[slot] != kEmpty && !same(runs_[slots_[slot]], first, words))
            slot = (slot + 1) & (slots_.size() - 1);
        std::uint32_t run = slots_[slot];
        if (run == kEmpty) {
            run = static_cast<std::uint32_t>(runs_.size());
            slots_[slot] = run;
            runs_.push_back(RunCount{.first_token = first, .words = words});
            // At most half full, so that probes stay short.
            if (runs_.size() * 2 > slots_.size()) grow();
        }
        RunCount& count = runs_[run];
        ++count.count;
        count.always_capitalised = count.always_capitalised && capitalised;
        return run;
    }

    const std::vector<RunCount>& runs() const { return runs_; }

  private:
    static constexpr std::uint32_t kEmpty = UINT32_MAX;

    std::uint64_t hash(std::uint32_t first, std::uint8_t words) const {
        return run_hash(word_of_token_, first, words);
    }
    bool same(const RunCount& run, std::uint32_t first, std::uint8_t words) const {
        if (run.words != words) return false;
        for (std::uint32_t i = 0; i < words; ++i) {
            if (word_of_token_[run.first_token + i] != word_of_token_[first + i]) return false;
        }
        return true;
    }
    void grow() {
        slots_.assign(slots_.size() * 2, kEmpty);
        for (std::uint32_t run = 0; run < runs_.size(); ++run) {
            std::size_t slot = hash(runs_[run].first_token, runs_[run].words) & (slots_.size() - 1);
            while (slots_[slot] != kEmpty) slot = (slot + 1) & (slots_.size() - 1);
            slots_[slot] = run;
        }
    }

    const std::vector<std::uint32_t>& word_of_token_;
    std::vector<std::uint32_t> slots_;  // run number or kEmpty; a power of two of them
    std::vector<RunCount> runs_;
};

// A rough count of runs in saturating byte counters, two per run (a count-min sketch): it
// never reads less than a run's true count, so it can only let through too many runs, never
// miss a repeated one. Most runs of a long text occur once or twice; this table, a byte per
// two words, stays in the processor's cache where the exact count of every run would not.
class RoughCounts {
  public:
    explicit RoughCounts(std::size_t expected_runs) {
        std::size_t size = 1024;
        while (size < expected_runs) size *= 2;
        counts_.assign(size, 0);
    }
    void add(std::uint64_t hash) {
        for (const std::size_t at : positions(hash)) {
            if (counts_[at] != UINT8_MAX) ++counts_[at];
        }
    }
    // At least the number of times a run with this hash was added (at most 255).
    std::uint8_t at_least(std::uint64_t hash) const {
        const auto [first, second] = positions(hash);
        return std::min(counts_[first], counts_[second]);
    }

  private:
    std::array<std::size_t, 2> positions(std::uint64_t hash) const {
        return {hash & (counts_.size() - 1), (hash >> 32) & (counts_.size() - 1)};
    }
    std::vector<std::uint8_t> counts_;
};

}  // namespace

Vocabulary number_words(const std::vector<Token>& tokens) {
    Vocabulary vocabulary;
    vocabulary.word_of_token.assign(tokens.size(), Vocabulary::kNotAWord);
    std::unordered_map<std::string_view, std::uint32_t> number_of;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (!lexical::is_word(tokens[i])) continue;
        const auto [found, fresh] = number_of.try_emplace(
            tokens[i].norm, static_cast<std::uint32_t>(vocabulary.norms.size()));
        if (fresh) {
            vocabulary.norms.push_back(tokens[i].norm);
            vocabulary.uses.push_back(0);
        }
        vocabulary.word_of_token[i] = found->second;
        ++vocabulary.uses[found->second];
    }
    return vocabulary;
}

std::vector<RepeatedRun> repeated_runs(const Document& document, const Vocabulary& vocabulary,
                                       const std::vector<bool>& content, std::size_t max_words,
                                       std::size_t min_repeats) {
    const std::vector<Token>& tokens = document.tokens();
    const std::vector<std::uint32_t>& word_of_token = vocabulary.word_of_token;
    std::vector<bool> upper(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        upper[i] = word_of_token[i] != Vocabulary::kNotAWord &&
                   lexical::starts_upper(document.text(tokens[i].text));
    }

    // Calls visit(first token, words, capitalised) for each run, in document order.
    const auto for_each_run = [&](const auto& visit) {
        for (const Sentence& sentence : document.sentences()) {
            for (std::size_t first = sentence.first_token; first < sentence.end_token; ++first) {
                bool has_content = false, capitalised = true;
                for (std::size_t n = 1; n <= max_words && first + n <= sentence.end_token; ++n) {
                    const std::size_t last = first + n - 1;
                    if (word_of_token[last] == Vocabulary::kNotAWord) break;
                    has_content = has_content || content[word_of_token[last]];
                    capitalised = capitalised && upper[last];
                    if (n == 1 || !has_content) continue;
                    visit(static_cast<std::uint32_t>(first), static_cast<std::uint8_t>(n),
                          capitalised);
                }
            }
        }
    };
    // First roughly, then exactly the runs the rough count lets through (all of them when
    // the threshold is past what a byte counts).
    RoughCounts rough(2 * tokens.size());
    const bool use_rough = min_repeats <= UINT8_MAX;
    if (use_rough) {
        for_each_run([&](std::uint32_t first, std::uint8_t words, bool) {
            rough.add(run_hash(word_of_token, first, words));
        });
    }
    RunCounter counter(word_of_token);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> occurrences;  // run, first token
    for_each_run([&](std::uint32_t first, std::uint8_t words, bool capitalised) {
        if (use_rough && rough.at_least(run_hash(word_of_token, first, words)) < min_repeats)
            return;
        occurrences.emplace_back(counter.add(first, words, capitalised), first);
    });

    std::vector<RepeatedRun> repeated;
    std::vector<std::uint32_t> repeated_of(counter.runs().size(), UINT32_MAX);
    for (std::size_t run = 0; run < counter.runs().size(); ++run) {
        const RunCount& count = counter.runs()[run];
        if (count.count < min_repeats) continue;
        repeated_of[run] = static_cast<std::uint32_t>(repeated.size());
        RepeatedRun& kept = repeated.emplace_back();
        kept.words = count.words;
        kept.always_capitalised = count.always_capitalised;
        kept.first_tokens.reserve(count.count);
    }
    for (const auto& [run, first_token] : occurrences) {
        if (repeated_of[run] != UINT32_MAX)
            repeated[repeated_of[run]].first_tokens.push_back(first_token);
    }
    return repeated;
}

std::string run_text(const RepeatedRun& run, const Vocabulary& vocabulary) {
    std::string text;
    const std::uint32_t first = run.first_tokens.front();
    for (std::uint32_t i = first; i < first + run.words; ++i) {
        if (i > first) text += ' ';
        text += vocabulary.norms[vocabulary.word_of_token[i]];
    }
    return text;
}

}  // namespace fantasma::word_runs
