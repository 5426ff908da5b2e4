#include "stylometry/detectors/quote_style.hpp"

#include <algorithm>
#include <cctype>

#include "stylometry/detectors/style_choice.hpp"

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

// A letter on either side makes ' or ’ an apostrophe (don't, l’homme). Bytes >= 0x80 are
// letters of other scripts or accents here, which is what matters for this test.
bool is_letter(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
}
// Words that open with an apostrophe ('tis, 'em): the mark is not an opening quote.
bool is_elision(std::string_view rest) {
    for (const std::string_view word : {"tis", "twas", "em", "cause", "til", "round"}) {
        if (rest.starts_with(word) && !is_letter(style::byte_at(rest, word.size()))) return true;
    }
    return false;
}

bool opens(char before) {
    return before == ' ' || before == '\n' || before == '(' || before == '[';
}

std::vector<QuoteUse> find_quotes(std::string_view text) {
    std::vector<QuoteUse> uses;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char before = style::byte_before(text, i);
        const bool is_curly_single = text.substr(i, 3) == "’" || text.substr(i, 3) == "‘";
        const std::size_t size = text[i] == '\'' || text[i] == '"' ? 1 : 3;
        const char after = style::byte_at(text, i + size);
        if (text[i] == '"') {
            uses.push_back({Span(i, i + 1), Mark::StraightDouble, opens(before)});
        } else if (text.substr(i, 3) == "“" || text.substr(i, 3) == "”") {
            uses.push_back({Span(i, i + 3), Mark::CurlyDouble, text.substr(i, 3) == "“"});
        } else if (text[i] == '\'' || is_curly_single) {
            if ((is_letter(before) && is_letter(after)) ||
                (opens(before) && is_elision(text.substr(i + size)))) {
                uses.push_back({Span(i, i + size),
                                size == 1 ? Mark::StraightApostrophe : Mark::CurlyApostrophe,
                                false});
            } else if (opens(before) && is_letter(after) && text.substr(i, 3) != "’") {
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
