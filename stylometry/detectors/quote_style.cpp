#include "stylometry/detectors/quote_style.hpp"

#include <algorithm>
#include <cctype>

#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kStraightDouble = "quote.straight-double";
constexpr std::string_view kStraightApostrophe = "apostrophe.straight";
constexpr std::string_view kSingleQuotes = "quote.single";

enum class Mark { StraightDouble, CurlyDouble, StraightApostrophe, CurlyApostrophe, OpenSingle };

struct QuoteUse {
    Span span;
    Mark mark;
    bool opening;  // for double marks: opens a quotation
};

// A letter on either side makes ' or ’ an apostrophe (don't, l’homme). A byte >= 0x80 is
// taken for a letter of another script or an accent, unless it belongs to a General
// Punctuation character (U+2000-U+206F: curly quotes, dashes, invisible marks), E2 80/81 xx.
bool is_punctuation_sequence(std::string_view text, std::size_t lead) {
    return lead + 1 < text.size() && text[lead] == '\xE2' &&
           (text[lead + 1] == '\x80' || text[lead + 1] == '\x81');
}
bool is_letter_before(std::string_view text, std::size_t at) {
    const auto c = static_cast<unsigned char>(style::byte_before(text, at));
    if (c < 0x80) return std::isalpha(c) != 0;
    return !(at >= 3 && is_punctuation_sequence(text, at - 3));
}
bool is_letter_at(std::string_view text, std::size_t at) {
    const auto c = static_cast<unsigned char>(style::byte_at(text, at));
    if (c < 0x80) return std::isalpha(c) != 0;
    return !is_punctuation_sequence(text, at);
}

// Words that open with an apostrophe ('tis, 'em): the mark is not an opening quote.
bool is_elision(std::string_view rest) {
    for (const std::string_view word :
         {"tis", "twas", "em", "cause", "til", "round", "bout", "cross", "stead", "burbs", "n"}) {
        if (rest.starts_with(word) && !is_letter_at(rest, word.size())) return true;
    }
    return false;
}

// Whether the quotation opening before text[at] holds one dotted or underscored name and closes
// ('foo.x', 'scan.text', 'max_size'): a logger's, module's or key's name quoted as code, not
// words the writer quotes.
bool quotes_identifier(std::string_view text, std::size_t at) {
    std::size_t end = at;
    bool joined = false;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) != 0 ||
                                 text[end] == '.' || text[end] == '_' || text[end] == '-')) {
        joined = joined || text[end] == '.' || text[end] == '_';
        ++end;
    }
    return joined && end < text.size() && text[end] == '\'' && text[end - 1] != '.';
}

bool opens(char before) {
    return before == ' ' || before == '\n' || before == '(' || before == '[';
}

std::vector<QuoteUse> find_quotes(std::string_view text) {
    std::vector<QuoteUse> uses;
    bool in_double = false;  // inside a double-quoted passage, where single quotes nest
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.substr(i, 2) == "\n\n") in_double = false;  // quotations end with paragraphs
        const char before = style::byte_before(text, i);
        const std::string_view mark = text.substr(i, 3);
        const bool curly_single = mark == "’" || mark == "‘";
        const std::size_t size = text[i] == '\'' || text[i] == '"' ? 1 : 3;
        if (text[i] == '"') {
            in_double = opens(before);
            uses.push_back({Span(i, i + 1), Mark::StraightDouble, in_double});
        } else if (mark == "“" || mark == "”") {
            in_double = mark == "“";
            uses.push_back({Span(i, i + 3), Mark::CurlyDouble, in_double});
        } else if (text[i] == '\'' || curly_single) {
            const bool letter_after = is_letter_at(text, i + size);
            if ((is_letter_before(text, i) && letter_after) ||
                (opens(before) && is_elision(text.substr(i + size)))) {
                uses.push_back({Span(i, i + size),
                                size == 1 ? Mark::StraightApostrophe : Mark::CurlyApostrophe,
                                false});
            } else if (!in_double && opens(before) && letter_after && mark != "’" &&
                       !quotes_identifier(text, i + size)) {
                // A quotation opens on a word; '90s opens on a digit and is no quotation.
                uses.push_back({Span(i, i + size), Mark::OpenSingle, true});
            }
        } else {
            continue;
        }
        i += size - 1;
    }
    return uses;
}

}  // namespace

void QuoteStyle::detect(const DetectionContext& context, MarkerSink& sink) const {
    // LaTeX types quotation marks as `` and ''; only its apostrophes are the writer's choice.
    const bool latex = context.document.prose.language == Language::Latex;
    double straight = 0, doubles = 0, straight_apostrophes = 0, apostrophes = 0, singles = 0;
    const std::vector<QuoteUse> uses = find_quotes(context.document.prose.text);
    for (const QuoteUse& use : uses) {
        straight += use.mark == Mark::StraightDouble ? 1 : 0;
        doubles += use.mark == Mark::StraightDouble || use.mark == Mark::CurlyDouble ? 1 : 0;
        straight_apostrophes += use.mark == Mark::StraightApostrophe ? 1 : 0;
        apostrophes += use.mark == Mark::StraightApostrophe || use.mark == Mark::CurlyApostrophe;
        singles += use.mark == Mark::OpenSingle ? 1 : 0;
    }
    const double openings =
        singles + std::count_if(uses.begin(), uses.end(), [](const QuoteUse& u) {
            return u.opening && u.mark != Mark::OpenSingle;
        });
    sink.measure(kStraightApostrophe, straight_apostrophes, apostrophes);
    if (!latex) {
        sink.measure(kStraightDouble, straight, doubles);
        sink.measure(kSingleQuotes, singles, openings);
    }

    const Reference& reference = context.reference;
    const bool straight_usual = style::population_prefers(reference, kStraightDouble, true);
    const bool straight_apostrophe_usual =
        style::population_prefers(reference, kStraightApostrophe, true);
    const bool single_usual = style::population_prefers(reference, kSingleQuotes, false);
    for (const QuoteUse& use : uses) {
        std::string_view feature, measured_form, what, usual;
        double count = 0, total = 0;
        switch (use.mark) {
            case Mark::StraightDouble:
            case Mark::CurlyDouble:
                if (latex || (use.mark == Mark::StraightDouble) == straight_usual) continue;
                feature = kStraightDouble, count = straight, total = doubles;
                measured_form = "straight quotation marks";
                what = straight_usual ? "curly quotation marks" : "straight quotation marks";
                usual = straight_usual ? "\"" : (use.opening ? "“" : "”");
                break;
            case Mark::StraightApostrophe:
            case Mark::CurlyApostrophe:
                if ((use.mark == Mark::StraightApostrophe) == straight_apostrophe_usual) continue;
                feature = kStraightApostrophe, count = straight_apostrophes, total = apostrophes;
                measured_form = "straight apostrophes";
                what = straight_apostrophe_usual ? "curly apostrophes" : "straight apostrophes";
                usual = straight_apostrophe_usual ? "'" : "’";
                break;
            case Mark::OpenSingle:
                if (latex || single_usual) continue;
                feature = kSingleQuotes, count = singles, total = openings;
                measured_form = "single quotation marks";
                what = "single quotation marks";
                break;
        }
        const HabitScore score = score_habit(reference, feature, count, total, 4.0);
        std::string message =
            "Typing " + std::string(what) + " is a recognisable habit." +
            style::reference_figure(score, "use " + std::string(measured_form) + " " +
                                               std::string(style::how_often(score)));
        std::vector<Fix> fixes;
        if (!usual.empty()) fixes.push_back(style::use_fix(usual));
        sink.mark(style::habit_marker(code(), feature, use.span, std::move(message), score,
                                      std::move(fixes)));
    }
}

}  // namespace fantasma
