#include "stylometry/detectors/regional_spelling.hpp"

#include <cctype>

#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kFeature = "spelling.regional";

// "British", "British and Australian", "British, Canadian and Australian".
std::string region_names(std::uint8_t regions) {
    std::vector<std::string_view> names;
    if (regions & British) names.push_back("British");
    if (regions & Canadian) names.push_back("Canadian");
    if (regions & Australian) names.push_back("Australian");
    if (names.empty()) return "regional";
    std::string text(names.front());
    for (std::size_t i = 1; i < names.size(); ++i) {
        text += i + 1 == names.size() ? " and " : ", ";
        text += names[i];
    }
    return text;
}

// Capitalised inside a sentence: most likely a name (Lincoln Centre), spelled as its owner
// spells it.
bool is_name(std::string_view word, bool starts_sentence) {
    if (starts_sentence || word.size() < 2) return false;
    const auto upper = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; };
    return upper(word[0]) && !upper(word[1]);
}

// `neutral` spelled as `original` is: same casing, same apostrophe (’ or ').
std::string respell(std::string_view original, std::string_view neutral) {
    std::string fixed = style::match_casing(original, neutral);
    if (original.find("’") == std::string_view::npos) return fixed;
    std::string curly;
    for (const char c : fixed) curly += c == '\'' ? std::string("’") : std::string(1, c);
    return curly;
}

struct Found {
    const Token* token;
    const SpellingVariant* variant;
};

}  // namespace

void RegionalSpelling::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    std::vector<Found> regional;
    double variant_words = 0;
    for (const Sentence& sentence : document.sentences()) {
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            const Token& token = document.tokens()[i];
            if (token.kind != TokenKind::Word) continue;
            const SpellingVariant* variant = context.reference.spelling(token.norm);
            if (variant == nullptr) continue;
            if (is_name(document.text(token.text), i == sentence.first_token)) continue;
            ++variant_words;
            if (variant->neutral != token.norm) regional.push_back({&token, variant});
        }
    }
    const auto count = static_cast<double>(regional.size());
    sink.measure(kFeature, count, variant_words);

    const HabitScore score = score_habit(context.reference, kFeature, count, variant_words, 3.0);
    for (const Found& found : regional) {
        const std::string_view word = document.text(found.token->text);
        const std::string fixed = respell(word, found.variant->neutral);
        std::string message =
            "'" + std::string(word) + "' is " + region_names(found.variant->regions) +
            " spelling; most writers spell it '" + fixed + "'." +
            style::reference_figure(
                score, "use regional spellings " + std::string(style::how_often(score)));
        sink.mark(style::habit_marker(code(), kFeature, found.token->text, std::move(message),
                                      score, {style::use_fix(fixed)}));
    }
}

}  // namespace fantasma
