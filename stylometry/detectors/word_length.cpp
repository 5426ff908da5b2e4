#include "stylometry/detectors/word_length.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "stylometry/detectors/common/lexical.hpp"

namespace fantasma {
namespace {

constexpr std::size_t kLongLetters = 7;
constexpr std::size_t kShortLetters = 3;
constexpr std::size_t kLastBin = 13;  // "13-plus"
// A population median share is worth this many words of evidence.
constexpr double kPriorWords = 100;
// Long words marked when the habit is long words: enough to show it, few enough to read.
constexpr std::size_t kMaxSpans = 8;

struct Word {
    Span text;
    std::size_t letters;
};

}  // namespace

void WordLength::detect(const DetectionContext& context, MarkerSink& sink) const {
    // One pass over the tokens, no per-word copy: on a 1 MB text that copy would be the
    // largest allocation of the whole analysis. Alongside the counts, the kMaxSpans longest
    // words so far, longest first, earlier first among equals.
    double total = 0, letters = 0, long_words = 0, short_words = 0;
    std::array<double, kLastBin + 1> bins{};
    std::optional<Span> first_word;
    std::vector<Word> longest;
    const auto longer_or_earlier = [](const Word& a, const Word& b) {
        if (a.letters != b.letters) return a.letters > b.letters;
        return a.text.begin < b.text.begin;
    };
    for (const Token& token : context.document.tokens()) {
        if (!lexical::is_word(token)) continue;
        const Word word{token.text, lexical::letter_count(token.norm)};
        if (!first_word) first_word = word.text;
        total += 1;
        letters += static_cast<double>(word.letters);
        long_words += word.letters >= kLongLetters ? 1 : 0;
        short_words += word.letters <= kShortLetters ? 1 : 0;
        ++bins[std::clamp<std::size_t>(word.letters, 1, kLastBin)];
        if (longest.size() < kMaxSpans || longer_or_earlier(word, longest.back())) {
            longest.insert(std::ranges::upper_bound(longest, word, longer_or_earlier), word);
            if (longest.size() > kMaxSpans) longest.pop_back();
        }
    }
    if (!first_word) return;
    sink.measure("word-length.letters", letters, total);
    sink.measure("word-length.long", long_words, total);
    sink.measure("word-length.short", short_words, total);
    for (std::size_t length = 1; length <= kLastBin; ++length) {
        const std::string feature =
            "word-length." + std::to_string(length) + (length == kLastBin ? "-plus" : "");
        sink.measure(feature, bins[length], total);
    }

    const HabitScore score =
        score_habit(context.reference, "word-length.long", long_words, total, kPriorWords);
    if (!score.known || score.bits < lexical::kMarkerBits) return;
    const bool longer = score.rate > score.median;
    // Long-word habit: show the longest words, in text order. Short-word habit: a short word is
    // not worth highlighting on its own, so the marker sits on the first word and the message
    // explains.
    std::vector<Span> spans;
    if (longer) {
        std::ranges::sort(longest,
                          [](const Word& a, const Word& b) { return a.text.begin < b.text.begin; });
        for (const Word& word : longest) spans.push_back(word.text);
    } else {
        spans.push_back(*first_word);
    }
    std::string message =
        (longer ? "Your words run long: " : "Your words run short: ") +
        lexical::percent(long_words / total) + " have 7 letters or more" +
        (score.known ? " (the median writer: " + lexical::percent(score.median) + ")" : "") + "." +
        lexical::rarity_note(score) +
        (longer ? " Plainer, shorter words in places would blend in better."
                : " This is a whole-document habit; a few longer, more precise words would "
                  "blend in better.");
    Marker marker = lexical::habit_marker(code(), "word-length.long", score, std::move(spans),
                                          std::move(message));
    // Long words in a statistics paper, short ones in a plain story: the genre and the topic
    // set them more than the writer (issue 13's seed-14 labels: none of 5 was the writer's).
    marker.genre_bound = true;
    sink.mark(std::move(marker));
}

}  // namespace fantasma
