#include "stylometry/detectors/sentence_openers.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "stylometry/detectors/common/lexical.hpp"

namespace fantasma {
namespace {

// Longer openers first, so "in fact" is matched before "in". Discourse markers carry most of
// the habit; pronouns and articles are measured too, since writers differ in those as well.
// clang-format off
constexpr std::array<std::string_view, 80> kOpeners = {
    "at the end of the day", "on the other hand", "to be honest", "first of all",
    "as a result", "all in all", "in conclusion", "in addition", "for example",
    "for instance", "of course", "in fact", "so", "well", "basically", "honestly",
    "anyway", "anyways", "and", "but", "or", "also", "actually", "now", "okay", "ok", "yes",
    "yeah", "however", "overall", "first", "firstly", "secondly", "finally", "lastly",
    "additionally", "furthermore", "moreover", "therefore", "thus", "hence", "then", "still",
    "plus", "again", "obviously", "clearly", "personally", "frankly", "sadly", "unfortunately",
    "fortunately", "luckily", "hopefully", "interestingly", "instead", "meanwhile",
    "otherwise", "besides", "indeed", "because", "although", "while", "when", "if", "as",
    "since", "i", "we", "you", "it", "this", "that", "there", "the", "a", "in", "my", "they",
    "he"};
// clang-format on
// Openers before this index are discourse markers, worth a marker when habitual; pronouns
// and articles after it are only measured: no writer can stop starting sentences with "I".
constexpr std::size_t kDiscourseOpeners = 67;
static_assert(kOpeners[kDiscourseOpeners] == "i");
// Connectives that structure an argument or a set of instructions ("However", "For example",
// "Then", "If ..."): academic papers, manuals and tutorials open sentences with them by
// convention, and the reference, built from general prose, cannot tell a writer's habit from
// the genre's. They are measured (profiles still compare them) but not marked; the
// conversational openers ("So", "Actually", "Basically") stay the writer's own.
constexpr std::string_view kGenreConnectives[] = {
    "in conclusion", "as a result", "in addition", "for example",
    "for instance",  "however",     "first",       "firstly",
    "secondly",      "finally",     "lastly",      "additionally",
    "furthermore",   "moreover",    "therefore",   "thus",
    "hence",         "then",        "now",         "also",
    "instead",       "otherwise",   "meanwhile",   "indeed",
    "overall",       "because",     "although",    "while",
    "when",          "if",          "as",          "since"};

bool is_genre_connective(std::string_view opener) {
    return std::ranges::find(kGenreConnectives, opener) != std::end(kGenreConnectives);
}

// A population median is worth this many sentences of evidence.
constexpr double kPriorSentences = 10;
constexpr std::size_t kMinOccurrences = 3;
constexpr std::size_t kMaxMarkers = 3;
// An opener the median reference writer never uses ("So", "Clearly") is judged against a
// thin tail: three openings in a short text put a writer past most of the others, yet read
// as the word used normally (seed 16: "So" at 3 %, 1 writer in 19, judged wrong). Only a
// rate few writers reach (1 in 64) is the writer's habit ("So" at 5-10 %, 1 in 501).
constexpr double kZeroMedianBits = 6.0;

std::string sentences_share(double rate) {
    return lexical::percent(rate) + " of sentences";
}

}  // namespace

void SentenceOpeners::detect(const DetectionContext& context, MarkerSink& sink) const {
    const std::vector<Token>& tokens = context.document.tokens();
    std::array<std::vector<Span>, kOpeners.size()> openings;
    double sentences = 0;
    for (const Sentence& sentence : context.document.sentences()) {
        // The first word, past any opening quote, bracket or list mark.
        std::size_t first = sentence.first_token;
        while (first < sentence.end_token && !lexical::is_word(tokens[first])) ++first;
        if (first == sentence.end_token) continue;
        // A word in lower case goes on with a sentence a code block or a list interrupted
        // ("...\n\tls-tree output\n\nand you should now have"): it opens nothing.
        const char initial = context.document.text(tokens[first].text).front();
        if (initial >= 'a' && initial <= 'z') continue;
        ++sentences;
        for (std::size_t i = 0; i < kOpeners.size(); ++i) {
            const std::size_t length =
                lexical::match_phrase(tokens, first, sentence.end_token, kOpeners[i]);
            if (length == 0) continue;
            openings[i].push_back({tokens[first].text.begin, tokens[first + length - 1].text.end});
            break;
        }
    }
    if (sentences == 0) return;

    struct Candidate {
        std::size_t opener;
        HabitScore score;
    };
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < kOpeners.size(); ++i) {
        const std::string feature = "sentence-opener." + lexical::feature_key(kOpeners[i]);
        const auto count = static_cast<double>(openings[i].size());
        sink.measure(feature, count, sentences);
        const HabitScore score =
            score_habit(context.reference, feature, count, sentences, kPriorSentences);
        const double needed_bits = score.median > 0 ? lexical::kMarkerBits : kZeroMedianBits;
        if (score.known && score.rate > score.median && score.bits >= needed_bits &&
            openings[i].size() >= kMinOccurrences && i < kDiscourseOpeners &&
            !is_genre_connective(kOpeners[i])) {
            candidates.push_back({i, score});
        }
    }
    std::ranges::sort(candidates, [](const Candidate& a, const Candidate& b) {
        return a.score.bits > b.score.bits;
    });
    if (candidates.size() > kMaxMarkers) candidates.resize(kMaxMarkers);
    for (const Candidate& candidate : candidates) {
        const std::vector<Span>& spans = openings[candidate.opener];
        const auto count = static_cast<double>(spans.size());
        std::string message =
            "You open " + sentences_share(count / sentences) + " with \"" +
            std::string(kOpeners[candidate.opener]) + "\"" +
            lexical::median_note(candidate.score, sentences_share) + "." +
            lexical::rarity_note(candidate.score) +
            " A habitual opener is easy to spot; start some of these sentences differently.";
        sink.mark(lexical::habit_marker(
            code(), "sentence-opener." + lexical::feature_key(kOpeners[candidate.opener]),
            candidate.score, spans, std::move(message)));
    }
}

}  // namespace fantasma
