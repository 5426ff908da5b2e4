#include "stylometry/detectors/signature_phrase.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_map>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/detectors/common/word_runs.hpp"

namespace fantasma {
namespace {

constexpr std::size_t kMinRepeats = 3;
// Phrases the population uses more often than this are common idiom, not a signature.
constexpr double kMaxPerMillion = 5;
// Unseen phrases are assumed this frequent rather than never used.
constexpr double kFloorPerMillion = 0.5;
// The repeat model below ignores that writers repeat their topic's words; no phrase alone
// is credited with more than this.
constexpr double kMaxBits = 4;
constexpr std::size_t kMaxMarkers = 5;
// A content word used this many times more often than in the reference is the topic's.
constexpr double kTopicRatio = 20;

// A repeated phrase with its text (lower-case words, single spaces).
struct Candidate {
    std::string text;
    word_runs::RepeatedRun run;
};

std::vector<Span> spans_of(const word_runs::RepeatedRun& run, const std::vector<Token>& tokens) {
    std::vector<Span> spans;
    spans.reserve(run.first_tokens.size());
    for (const std::uint32_t first : run.first_tokens) {
        spans.emplace_back(tokens[first].text.begin, tokens[first + run.words - 1].text.end);
    }
    return spans;
}

// "the protagonist", "my parents": a noun with its determiner is the topic, not a habit.
bool is_noun_phrase(std::string_view phrase) {
    static constexpr std::string_view determiners[] = {"the ",  "a ",     "an ",  "this ",
                                                       "that ", "my ",    "our ", "his ",
                                                       "her ",  "their ", "its ", "your "};
    return std::ranges::count(phrase, ' ') == 1 &&
           std::ranges::any_of(determiners,
                               [&](std::string_view d) { return phrase.starts_with(d); });
}

// Whether the phrase carries the document's topic: one of its content words also comes back
// on its own, as often as the phrase ("the benchmark loop" in a guide that says "benchmark"
// throughout), or at all when the document uses the word far more than writers at large do
// ("multivariate normal" in a paper that also says "multivariate t"). A pet phrase is
// repeated whole; a topic's words turn up in other company too.
struct TopicWords {
    const std::unordered_map<std::string_view, std::size_t>& counts;  // content word -> uses
    const Reference& reference;
    double words;  // in the document

    bool carried_by(const std::string& phrase, std::size_t uses) const {
        std::size_t begin = 0;
        while (begin <= phrase.size()) {
            std::size_t end = phrase.find(' ', begin);
            if (end == std::string::npos) end = phrase.size();
            const std::string_view word = std::string_view(phrase).substr(begin, end - begin);
            if (const auto found = counts.find(word); found != counts.end()) {
                const std::size_t alone = found->second - std::min(found->second, uses);
                const double per_million = static_cast<double>(found->second) * 1e6 / words;
                const double usual = std::max(reference.word_per_million(word), 1.0);
                if (alone >= uses || (alone >= 1 && per_million >= kTopicRatio * usual))
                    return true;
            }
            begin = end + 1;
        }
        return false;
    }
};

// A phrase that ends on an article, preposition or conjunction ("computation of", "messages
// to a"), or starts on a conjunction ("and response" of "call and response"), is cut out of
// a longer one, not a phrase a writer returns to.
bool is_fragment(std::string_view phrase) {
    static constexpr std::string_view openings[] = {"and ", "or ", "but ", "of ", "nor "};
    if (std::ranges::any_of(openings, [&](std::string_view o) { return phrase.starts_with(o); }))
        return true;
    static constexpr std::string_view endings[] = {" a",   " an", " the",  " of",   " to",
                                                   " in",  " on", " at",   " by",   " for",
                                                   " and", " or", " with", " from", " as"};
    return std::ranges::any_of(endings, [&](std::string_view e) { return phrase.ends_with(e); });
}

// "12.5 times per million words", and for a phrase the reference has (almost) never seen
// "fewer than 0.1 times per million words" rather than a "0.0" no reader believes.
std::string per_million_words(double per_million) {
    if (per_million < 0.1) return "fewer than 0.1 times per million words";
    char figure[64];
    std::snprintf(figure, sizeof figure, "%.1f times per million words", per_million);
    return figure;
}

// -log2 of the chance of `repeats` or more uses among `words` for a phrase used `per_million`
// times in a million words, by a Poisson model, which is dominated by its first term when the
// phrase is rare.
double repeat_bits(std::size_t repeats, double words, double per_million) {
    const double expected = std::max(per_million, kFloorPerMillion) * words / 1e6;
    const double k = static_cast<double>(repeats);
    const double log2_chance =
        (k * std::log(expected) - expected - std::lgamma(k + 1)) / std::log(2);
    return std::clamp(-log2_chance, 0.0, kMaxBits);
}

}  // namespace

void SignaturePhrase::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const Reference& reference = context.reference;
    const std::vector<Token>& tokens = document.tokens();
    if (document.word_count == 0) return;
    const auto words = static_cast<double>(document.word_count);

    // Each distinct word's test once, rather than once for every phrase it ends.
    const word_runs::Vocabulary vocabulary = word_runs::number_words(tokens);
    std::vector<bool> content(vocabulary.norms.size());
    std::unordered_map<std::string_view, std::size_t> content_counts;  // norm -> uses
    for (std::size_t word = 0; word < vocabulary.norms.size(); ++word) {
        content[word] = !reference.is_function_word(vocabulary.norms[word]);
        if (content[word]) content_counts[vocabulary.norms[word]] = vocabulary.uses[word];
    }

    const TopicWords topic{content_counts, reference, words};
    std::vector<Candidate> signatures;
    for (word_runs::RepeatedRun& run :
         word_runs::repeated_runs(document, vocabulary, content, 3, kMinRepeats)) {
        std::string text = word_runs::run_text(run, vocabulary);
        if (!run.always_capitalised && !is_noun_phrase(text) &&
            reference.phrase_per_million(text) < kMaxPerMillion && !is_fragment(text) &&
            !topic.carried_by(text, run.first_tokens.size())) {
            signatures.push_back({std::move(text), std::move(run)});
        }
    }
    // Longest and most repeated first (then alphabetical, for a stable order), so that a
    // phrase inside one already kept is dropped.
    std::ranges::sort(signatures, [](const Candidate& a, const Candidate& b) {
        if (a.run.words != b.run.words) return a.run.words > b.run.words;
        const std::size_t a_uses = a.run.first_tokens.size();
        const std::size_t b_uses = b.run.first_tokens.size();
        if (a_uses != b_uses) return a_uses > b_uses;
        return a.text < b.text;
    });
    std::vector<const Candidate*> kept;
    std::vector<bool> covered(document.prose.text.size());  // prose bytes of kept phrases
    auto overlaps_kept = [&](Span span) {
        for (std::size_t at = span.begin; at < span.end; ++at) {
            if (covered[at]) return true;
        }
        return false;
    };
    for (const Candidate& candidate : signatures) {
        const std::vector<Span> spans = spans_of(candidate.run, tokens);
        if (std::ranges::all_of(spans, overlaps_kept)) continue;
        for (Span span : spans) {
            std::fill(covered.begin() + static_cast<std::ptrdiff_t>(span.begin),
                      covered.begin() + static_cast<std::ptrdiff_t>(span.end), true);
        }
        kept.push_back(&candidate);
    }

    double repeats = 0;
    for (const Candidate* candidate : kept)
        repeats += static_cast<double>(candidate->run.first_tokens.size());
    sink.measure("signature-phrase.repeats", repeats, words);

    if (kept.size() > kMaxMarkers) kept.resize(kMaxMarkers);
    for (const Candidate* candidate : kept) {
        const std::string& text = candidate->text;
        std::vector<Span> spans = spans_of(candidate->run, tokens);
        const double per_million = reference.phrase_per_million(text);
        const std::string figures = " " + std::to_string(spans.size()) + " times in " +
                                    std::to_string(document.word_count) +
                                    " words; the reference sees it " +
                                    per_million_words(per_million) + ".";
        Marker marker;
        marker.code = code();
        marker.feature = "signature-phrase.repeats";
        marker.bits = repeat_bits(spans.size(), words, per_million);
        marker.spans = std::move(spans);
        marker.message = "You repeat \"" + text + "\"" + figures +
                         " A pet phrase is a fingerprint: keep one and rephrase the others.";
        marker.population_bits = marker.bits;
        // Against general prose, a phrase that a paper or a HOWTO repeats is as often its
        // subject ("the price elasticity", "side effects", "are compared") as the writer's pet
        // phrase ("can be easily"): issue 13's seed-14 labels found 5 of 19 the writer's. A
        // hint, shown with the common habits.
        marker.genre_bound = true;
        sink.mark(std::move(marker));
    }
}

}  // namespace fantasma
