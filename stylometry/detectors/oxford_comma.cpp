#include "stylometry/detectors/oxford_comma.hpp"

#include <optional>

#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kFeature = "comma.serial";
// Longer runs are mostly clauses ("After dinner, we went home, and slept"), not items.
constexpr std::size_t kMaxItemWords = 2;

struct List {
    std::size_t before_conjunction;  // the token before "and"/"or": a comma or the last word
    bool serial;
};

bool is_word(const Token& t) {
    return t.kind == TokenKind::Word;
}
bool is_comma(const Document& d, const Token& t) {
    return t.kind == TokenKind::Punct && d.text(t.text) == ",";
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
    return List{k - 1, serial};
}

}  // namespace

void OxfordComma::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    std::vector<List> lists;
    for (const Sentence& sentence : document.sentences()) {
        for (std::size_t k = sentence.first_token; k < sentence.end_token; ++k) {
            const Token& token = document.tokens()[k];
            if (!is_word(token) || (token.norm != "and" && token.norm != "or")) continue;
            if (k + 1 >= sentence.end_token) continue;
            if (const auto list = list_at(document, sentence.first_token, k))
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
