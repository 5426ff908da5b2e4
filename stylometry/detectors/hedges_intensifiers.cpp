#include "stylometry/detectors/hedges_intensifiers.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string>

#include "stylometry/detectors/common/lexical.hpp"

namespace fantasma {
namespace {

constexpr std::array<std::string_view, 22> kHedges = {
    "in my opinion", "more or less", "i think",  "i believe", "i guess",    "i suppose",
    "i feel",        "it seems",     "sort of",  "kind of",   "perhaps",    "maybe",
    "probably",      "possibly",     "somewhat", "arguably",  "apparently", "presumably",
    "seemingly",     "fairly",       "likely",   "basically"};
// "so" is listed but only counts before a content word ("so tired"), not as a conjunction.
constexpr std::array<std::string_view, 21> kIntensifiers = {
    "really",  "very",       "totally", "extremely",  "absolutely", "literally",  "super",
    "so",      "incredibly", "truly",   "completely", "definitely", "highly",     "seriously",
    "utterly", "quite",      "deeply",  "terribly",   "awfully",    "remarkably", "especially"};
// A population median is worth this many words of evidence.
constexpr double kPriorWords = 250;
constexpr std::size_t kMinOccurrences = 3;

struct Family {
    std::string_view name;   // "hedge"
    std::string_view label;  // "hedges"
    std::string_view advice;
    std::span<const std::string_view> phrases;
};

// Whether "So" opening a sentence joins it to what came before ("So exactly because ...",
// "So stepping the data through zlib would not help"): a discourse marker, unlike the degree
// word of an exclamation ("So good.", "So tired, I slept").
bool is_discourse_so(const Document& document, const Sentence& sentence, std::size_t at) {
    const std::vector<Token>& tokens = document.tokens();
    if (at != lexical::first_word(tokens, sentence)) return false;
    if (at + 2 >= sentence.end_token) return false;
    const std::string_view after = document.text(tokens[at + 2].text);
    return after != "." && after != "!" && after != ",";
}

// Whether the match of `phrase` at `at` is a hedge or an intensifier: "so" only before a
// content word ("so tired", not "so that") and not as a discourse marker; "kind of"/"sort of"
// not after a determiner ("what kind of car" is a noun phrase, "it's kind of late" a hedge).
bool counts(const Reference& reference, const Document& document, const Sentence& sentence,
            std::size_t at, std::string_view phrase) {
    const std::vector<Token>& tokens = document.tokens();
    const std::size_t end = sentence.end_token;
    if (phrase == "so") {
        return at + 1 < end && lexical::is_word(tokens[at + 1]) &&
               !reference.is_function_word(tokens[at + 1].norm) &&
               !is_discourse_so(document, sentence, at);
    }
    if (phrase == "kind of" || phrase == "sort of") {
        static constexpr std::array<std::string_view, 16> determiners = {
            "a",     "the",  "this", "that", "what",    "which", "some",  "any",
            "every", "each", "one",  "same", "another", "these", "those", "all"};
        return at == 0 || !lexical::is_word(tokens[at - 1]) ||
               std::ranges::find(determiners, tokens[at - 1].norm) == determiners.end();
    }
    return true;
}

void detect_family(const Family& family, const DetectionContext& context, MarkerSink& sink,
                   std::string_view code) {
    const Document& document = context.document;
    const std::vector<Token>& tokens = document.tokens();
    const auto words = static_cast<double>(document.word_count);
    std::vector<std::vector<Span>> found(family.phrases.size());
    std::vector<Span> all;
    const lexical::PhraseIndex index(family.phrases);
    for (const Sentence& sentence : document.sentences()) {
        for (std::size_t at = sentence.first_token; at < sentence.end_token; ++at) {
            for (const std::size_t i : index.starting_with(tokens[at].norm)) {
                const std::string_view phrase = family.phrases[i];
                const std::size_t length =
                    lexical::match_phrase(tokens, at, sentence.end_token, phrase);
                if (length == 0 || !counts(context.reference, document, sentence, at, phrase)) {
                    continue;
                }
                found[i].push_back({tokens[at].text.begin, tokens[at + length - 1].text.end});
                all.push_back(found[i].back());
                at += length - 1;
                break;
            }
        }
    }
    const std::string prefix = std::string(family.name) + ".";
    for (std::size_t i = 0; i < family.phrases.size(); ++i) {
        sink.measure(prefix + lexical::feature_key(family.phrases[i]),
                     static_cast<double>(found[i].size()), words);
    }
    const std::string feature = prefix + "all";
    const auto count = static_cast<double>(all.size());
    sink.measure(feature, count, words);
    const HabitScore score = score_habit(context.reference, feature, count, words, kPriorWords);
    if (!score.known || score.rate <= score.median || score.bits < lexical::kMarkerBits ||
        all.size() < kMinOccurrences) {
        return;
    }
    const auto most_used = std::ranges::max_element(
        found, [](const auto& a, const auto& b) { return a.size() < b.size(); });
    std::string message =
        "You use " + std::string(family.label) + " " + lexical::per_thousand_words(count / words) +
        lexical::median_note(score, lexical::per_thousand_words) + ", most often \"" +
        std::string(family.phrases[most_used - found.begin()]) + "\"." +
        lexical::rarity_note(score) + " " + std::string(family.advice);
    sink.mark(lexical::habit_marker(code, feature, score, std::move(all), std::move(message)));
}

}  // namespace

void HedgesIntensifiers::detect(const DetectionContext& context, MarkerSink& sink) const {
    if (context.document.word_count == 0) return;
    detect_family({"hedge", "hedges",
                   "Drop the hedges you do not need; the claims still read "
                   "as yours to weigh.",
                   kHedges},
                  context, sink, code());
    detect_family({"intensifier", "intensifiers",
                   "Drop some intensifiers or pick a stronger plain word instead.", kIntensifiers},
                  context, sink, code());
}

}  // namespace fantasma
