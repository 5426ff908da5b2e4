#include "stylometry/detectors/contraction_rate.hpp"

#include <array>
#include <utility>

#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kFeature = "contraction.rate";

// Contractions whose expansion is unambiguous ('d is would or had: left out).
constexpr std::array<std::pair<std::string_view, std::string_view>, 38> kContractions = {{
    {"don't", "do not"},      {"doesn't", "does not"},   {"didn't", "did not"},
    {"isn't", "is not"},      {"aren't", "are not"},     {"wasn't", "was not"},
    {"weren't", "were not"},  {"haven't", "have not"},   {"hasn't", "has not"},
    {"hadn't", "had not"},    {"won't", "will not"},     {"wouldn't", "would not"},
    {"can't", "cannot"},      {"couldn't", "could not"}, {"shouldn't", "should not"},
    {"mustn't", "must not"},  {"it's", "it is"},         {"that's", "that is"},
    {"there's", "there is"},  {"what's", "what is"},     {"he's", "he is"},
    {"she's", "she is"},      {"let's", "let us"},       {"i'm", "i am"},
    {"you're", "you are"},    {"we're", "we are"},       {"they're", "they are"},
    {"i've", "i have"},       {"you've", "you have"},    {"we've", "we have"},
    {"they've", "they have"}, {"i'll", "i will"},        {"you'll", "you will"},
    {"we'll", "we will"},     {"they'll", "they will"},  {"he'll", "he will"},
    {"she'll", "she will"},   {"it'll", "it will"},
}};

// "have" contracts only as an auxiliary ("we have seen", not "we have to", "you have it"):
// before a past participle, which this recognises by its common forms.
bool is_participle(std::string_view word) {
    for (const std::string_view p :
         {"been",    "got",   "had",     "done",  "seen",   "gone",  "made",
          "said",    "taken", "given",   "come",  "become", "known", "shown",
          "written", "found", "thought", "heard", "left",   "lost"}) {
        if (word == p) return true;
    }
    return word.ends_with("ed") || word.ends_with("en");
}

struct Use {
    Span span;
    bool contracted;
    std::string_view other;  // the other form, lower case
};

std::string_view expansion_of(std::string_view contraction) {
    for (const auto& [contracted, expanded] : kContractions) {
        if (contracted == contraction) return expanded;
    }
    return {};
}

// The contraction of the pair "first second", or empty (no string is built: this runs on
// every pair of words).
std::string_view contraction_of(std::string_view first, std::string_view second) {
    for (const auto& [contracted, expanded] : kContractions) {
        if (expanded.size() == first.size() + 1 + second.size() && expanded.starts_with(first) &&
            expanded[first.size()] == ' ' && expanded.ends_with(second)) {
            return contracted;
        }
    }
    return {};
}

std::vector<Use> find_uses(const Document& document) {
    std::vector<Use> uses;
    const auto& tokens = document.tokens();
    const auto is_word = [&](std::size_t i, const Sentence& s) {
        return i < s.end_token && tokens[i].kind == TokenKind::Word;
    };
    for (const Sentence& s : document.sentences()) {
        for (std::size_t i = s.first_token; i < s.end_token; ++i) {
            if (!is_word(i, s)) continue;
            const std::string_view norm = tokens[i].norm;
            if (const auto expanded = expansion_of(norm); !expanded.empty()) {
                uses.push_back({tokens[i].text, true, expanded});
            } else if (norm == "cannot") {
                uses.push_back({tokens[i].text, false, "can't"});
            } else if (is_word(i + 1, s) && is_word(i + 2, s)) {
                // "I know what it is." cannot contract: a word must follow the pair.
                const auto contracted = contraction_of(norm, tokens[i + 1].norm);
                if (contracted.empty()) continue;
                if (tokens[i + 1].norm == "have" && !is_participle(tokens[i + 2].norm)) continue;
                uses.push_back(
                    {Span(tokens[i].text.begin, tokens[i + 1].text.end), false, contracted});
                ++i;
            }
        }
    }
    return uses;
}

// The other form, as the writer would type it: "it's been" expands to "it has been".
std::string other_form(const Document& document, const Use& use, bool curly) {
    std::string other(use.other);
    const std::size_t after = use.span.end;
    const std::string_view rest = std::string_view(document.prose.text).substr(after);
    if (use.contracted && other.ends_with(" is") &&
        (rest.starts_with(" been") || rest.starts_with(" got"))) {
        other.replace(other.size() - 2, 2, "has");
    }
    other = style::match_casing(document.text(use.span), other);
    if (!curly || other.find('\'') == std::string::npos) return other;
    return other.replace(other.find('\''), 1, "’");
}

}  // namespace

void ContractionRate::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const std::vector<Use> uses = find_uses(document);
    double contracted = 0;
    for (const Use& use : uses) contracted += use.contracted ? 1 : 0;
    const auto total = static_cast<double>(uses.size());
    sink.measure(kFeature, contracted, total);

    const HabitScore score = score_habit(context.reference, kFeature, contracted, total, 5.0);
    if (total == 0 || !style::is_notable(score)) return;
    // Without a reference, half-and-half is the neutral point.
    const double median = score.known ? score.median : 0.5;
    const bool mark_contractions = contracted / total >= median;
    const bool curly = document.prose.text.find("’") != std::string::npos;
    const std::string figure =
        style::reference_figure(score, "contract " + std::string(style::how_often(score)));
    const std::string share = style::format_percent(contracted / total);
    for (const Use& use : uses) {
        if (use.contracted != mark_contractions) continue;
        const std::string other = other_form(document, use, curly);
        std::string message = (use.contracted ? "Contraction: this text contracts " + share
                                              : "Spelled out: this text contracts only " + share) +
                              " of the word pairs that could be contracted." + figure;
        sink.mark(style::habit_marker(code(), kFeature, use.span, std::move(message), score,
                                      {style::use_fix(other)}));
    }
}

}  // namespace fantasma
