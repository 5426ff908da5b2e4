#include "stylometry/detectors/oxford_comma.hpp"

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <vector>

#include "stylometry/detectors/common/style_choice.hpp"
#include "stylometry/text/part_of_speech.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kFeature = "comma.serial";
// Longer runs are mostly clauses ("After dinner, we went home, and slept"), not items.
constexpr std::size_t kMaxItemWords = 2;

struct List {
    std::size_t first_comma;         // the comma after the first item
    std::size_t middle;              // the middle item's first word
    std::size_t before_conjunction;  // the token before "and"/"or": a comma or the last word
    std::size_t conjunction;
    bool serial;
};

bool is_word(const Token& t) {
    return t.kind == TokenKind::Word;
}
bool is_comma(const Document& d, const Token& t) {
    return t.kind == TokenKind::Punct && d.text(t.text) == ",";
}
bool is_one_of(std::string_view word, std::initializer_list<std::string_view> words) {
    return std::ranges::find(words, word) != words.end();
}

// A list ending at the conjunction tokens[k] of a sentence starting at `first`: an item of
// 1-2 words after a comma, then (the serial comma and) the conjunction and a last item:
// "A, B, and C" or "A, B and C".
std::optional<List> list_at(const Document& document, std::size_t first, std::size_t k) {
    const auto& tokens = document.tokens();
    if (k + 1 >= tokens.size() || !is_word(tokens[k + 1]) || k < first + 3) return std::nullopt;
    const bool serial = is_comma(document, tokens[k - 1]);
    std::size_t i = serial ? k - 1 : k;
    std::size_t words = 0;
    while (i > first && is_word(tokens[i - 1]) && words <= kMaxItemWords) --i, ++words;
    if (words == 0 || words > kMaxItemWords || i <= first + 1) return std::nullopt;
    if (!is_comma(document, tokens[i - 1]) || !is_word(tokens[i - 2])) return std::nullopt;
    return List{i - 1, i, k - 1, k, serial};
}

// Whether the source under prose span [begin, end) holds nothing but that prose: no code
// span, formula or command left out of it ("the \pkg{sandwich} and \pkg{lmtest} package"
// reads "the and package" in prose, and a comma after "the" would break it).
bool all_prose(const Prose& prose, std::size_t begin, std::size_t end) {
    const Span source = prose.to_source(Span(begin, end));
    return source.size() == end - begin;
}

// What kind of item a word ends: WordNet's four parts of speech, names and numbers as nouns.
WordNetPart item_kind(PartOfSpeech part) {
    if (part == PartOfSpeech::ProperNoun || part == PartOfSpeech::Number) return WordNetPart::Noun;
    return wordnet_part(part);
}

// Whether the candidate is a list whose serial comma may be written either way. What real
// text showed otherwise (issue 15's blind judging of rewrites of Debian documents and EBG
// essays): an item or the conjunction beside code ("`set-ntp off` disables and stops"), a
// clause after the conjunction ("the easier, lazier path, and we teach"), an aside ("if
// any, or starts"), a repeated word ("more and more"), and a last item with its own "and"
// ("mercenaries, and Zairian and South African forces"), whose comma tells the reader where
// the items part.
bool is_plain_list(const Document& document, const Sentence& sentence, const List& list) {
    const auto& tokens = document.tokens();
    const Token& middle = tokens[list.middle];
    const Token& after = tokens[list.conjunction + 1];
    if (!all_prose(document.prose, tokens[list.first_comma - 1].text.begin, after.text.end))
        return false;
    if (is_one_of(middle.norm,
                  {"and", "or", "but", "if", "when", "while", "because", "although", "unless",
                   "since", "as", "that", "which", "who", "including", "then", "so"}))
        return false;
    if (is_one_of(after.norm, {"i", "we", "you", "he", "she", "they", "it", "there", "this"}))
        return false;
    if (middle.norm == after.norm ||
        tokens[list.before_conjunction - (list.serial ? 1 : 0)].norm == after.norm)
        return false;
    for (std::size_t j = list.conjunction + 2;
         j < std::min(sentence.end_token, list.conjunction + 5); ++j) {
        if (!is_word(tokens[j])) break;
        if (tokens[j].norm == "and" || tokens[j].norm == "or") return false;
    }
    return true;
}

// For a comma to add, more: the first comma must not close an opening phrase ("In recent
// years, more and more", "Before we start, the"), and the first and middle items must be
// alike (a noun and a noun: "troops, singing and dancing" is a noun and then what the troops
// got), and the last item no compound the conjunction joins modifiers of ("request and
// response content types").
bool takes_added_comma(const Document& document, const Sentence& sentence, const List& list,
                       const std::vector<PartOfSpeech>& parts) {
    const auto& tokens = document.tokens();
    const auto part = [&](std::size_t i) { return parts[i - sentence.first_token]; };
    bool opening = true;  // the first comma is the sentence's first
    for (std::size_t j = sentence.first_token; j < list.first_comma; ++j)
        opening = opening && !is_comma(document, tokens[j]);
    std::size_t start_token = sentence.first_token;  // the first word ("— if set, enable")
    while (start_token < list.first_comma && !is_word(tokens[start_token])) ++start_token;
    if (opening) {
        const PartOfSpeech start = part(start_token);
        if (start == PartOfSpeech::Preposition || start == PartOfSpeech::Conjunction ||
            start == PartOfSpeech::Adverb || start == PartOfSpeech::To)
            return false;
    }
    const WordNetPart first_kind = item_kind(part(list.first_comma - 1));
    const WordNetPart middle_kind = item_kind(part(list.before_conjunction));
    if (first_kind == WordNetPart::None || first_kind != middle_kind) return false;
    const std::size_t last = list.conjunction + 1;
    return !(last + 2 < sentence.end_token && item_kind(part(last)) == WordNetPart::Noun &&
             item_kind(part(last + 1)) == WordNetPart::Noun &&
             item_kind(part(last + 2)) == WordNetPart::Noun);
}

}  // namespace

void OxfordComma::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    std::vector<List> lists;
    for (const Sentence& sentence : document.sentences()) {
        std::vector<PartOfSpeech> parts;  // tagged once a sentence has a list
        for (std::size_t k = sentence.first_token; k < sentence.end_token; ++k) {
            const Token& token = document.tokens()[k];
            if (!is_word(token) || (token.norm != "and" && token.norm != "or")) continue;
            if (k + 1 >= sentence.end_token) continue;
            const auto list = list_at(document, sentence.first_token, k);
            if (!list || !is_plain_list(document, sentence, *list)) continue;
            if (!list->serial) {
                if (parts.empty())
                    parts = PartOfSpeechTagger::builtin().tag(document.prose, document.tokens(),
                                                              sentence);
                if (!takes_added_comma(document, sentence, *list, parts)) continue;
            }
            lists.push_back(*list);
        }
    }
    double serial = 0;
    for (const List& list : lists) serial += list.serial ? 1 : 0;
    const auto total = static_cast<double>(lists.size());
    sink.measure(kFeature, serial, total);

    const HabitScore score = score_habit(context.reference, kFeature, serial, total, 3.0);
    // The form that sets the writer apart is the one they use more often than the median
    // writer, so the message and the reference figure always point the same way.
    const bool marks_serial = score.known
                                  ? score.rate > score.median
                                  : !style::population_prefers(context.reference, kFeature, false);
    const std::string figure = style::reference_figure(
        score, "use the serial comma " + std::string(style::how_often(score)));
    for (const List& list : lists) {
        if (list.serial != marks_serial) continue;
        const Token& before = document.tokens()[list.before_conjunction];
        if (list.serial) {
            sink.mark(style::habit_marker(
                code(), kFeature, before.text,
                "Serial (Oxford) comma before the last item of a list: you use it more often "
                "than most writers." +
                    figure,
                score, {Fix{"Remove the serial comma", ""}}));
        } else {
            const std::string word(document.text(before.text));
            sink.mark(style::habit_marker(
                code(), kFeature, before.text,
                "List without a serial (Oxford) comma: you leave it out more often than most "
                "writers." +
                    figure,
                score, {Fix{"Add a serial comma", word + ","}}));
        }
    }
}

}  // namespace fantasma
