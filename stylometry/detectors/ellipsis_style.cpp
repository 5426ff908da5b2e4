#include "stylometry/detectors/ellipsis_style.hpp"

#include <array>

#include "stylometry/detectors/common/layout.hpp"
#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

enum Form : std::size_t { Periods, Character, SpacedPeriods, LongPeriods };

constexpr std::array<style::Choice, 4> kChoices = {{
    {"ellipsis.periods", "three periods for an ellipsis"},
    {"ellipsis.character", "the ellipsis character"},
    {"ellipsis.spaced-periods", "spaced periods for an ellipsis"},
    {"ellipsis.long", "more than three periods for an ellipsis"},
}};
constexpr std::array<std::string_view, 4> kTyped = {"...", "…", ". . .", "...."};
constexpr std::array<std::string_view, 4> kTypedLatex = {"...", "\\ldots{}", ". . .", "..."};
constexpr std::string_view kSpaceBefore = "ellipsis.space-before";

struct Ellipsis {
    Span span;
    Form form;
    bool space_before;  // a space separates it from the word before
    bool after_text;    // it follows text on its line (so it could have a space before)
    bool range;         // between two numbers: "1…999"
};

std::vector<Ellipsis> find_ellipses(std::string_view text) {
    std::vector<Ellipsis> found;
    for (std::size_t i = 0; i < text.size(); ++i) {
        Form form = Character;
        std::size_t end = i;
        if (text.substr(i, 3) == "…") {
            end = i + 3;
        } else if (text.substr(i, 5) == ". . .") {
            form = SpacedPeriods;
            end = i + 5;
            while (text.substr(end, 2) == " .") end += 2;
        } else if (text[i] == '.') {
            while (end < text.size() && text[end] == '.') ++end;
            if (end - i < 3) {
                i = end - 1;
                continue;
            }
            form = end - i == 3 ? Periods : LongPeriods;
        } else {
            continue;
        }
        // "1…999", "60578…61183": between two numbers it marks a range.
        const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
        const bool range =
            is_digit(style::byte_before(text, i)) && end < text.size() && is_digit(text[end]);
        const bool space_before = style::byte_before(text, i) == ' ';
        // Only an ellipsis after a word on its line could have a space before it or not.
        const char last = style::byte_before(text, space_before ? i - 1 : i);
        const bool after_text = last != '\n' && last != ' ';
        found.push_back({Span(i, end), form, space_before, after_text, range});
        i = end - 1;
    }
    return found;
}

}  // namespace

void EllipsisStyle::detect(const DetectionContext& context, MarkerSink& sink) const {
    const std::string_view text = context.document.prose.text;
    // Not the writer's: a quoted ellipsis ("....Matrix" in a quoted expression), and dots that
    // hold an address's place ("Douglas Bates <....>").
    std::vector<Ellipsis> ellipses = find_ellipses(text);
    // In a text that spaces every full stop, ". . ." is the format's, not the writer's.
    if (layout::spaces_every_period(text)) {
        std::erase_if(ellipses, [](const Ellipsis& e) { return e.form == SpacedPeriods; });
    }
    std::erase_if(ellipses, [&](const Ellipsis& e) {
        const bool placeholder = style::byte_before(text, e.span.begin) == '<' &&
                                 style::byte_at(text, e.span.end) == '>';
        return !context.document.is_own_prose(e.span.begin) || placeholder;
    });
    std::array<double, kChoices.size()> counts{};
    double spaced = 0;
    double after_text = 0;
    for (const Ellipsis& e : ellipses) {
        counts[e.form] += 1;
        spaced += e.after_text && e.space_before ? 1 : 0;
        after_text += e.after_text ? 1 : 0;
    }
    style::measure_choices(sink, kChoices, counts);
    sink.measure(kSpaceBefore, spaced, after_text);

    const Reference& reference = context.reference;
    const std::size_t usual = style::population_choice(reference, kChoices, Periods);
    const bool usually_spaced = style::population_prefers(reference, kSpaceBefore, false);
    const Document& document = context.document;
    const auto& typed = document.prose.language == Language::Latex ? kTypedLatex : kTyped;
    for (const Ellipsis& e : ellipses) {
        // \ldots and \dots are how LaTeX writes an ellipsis, whatever the writer prefers.
        const Span source = document.prose.to_source(e.span);
        const bool from_command = document.source.substr(source.begin, source.size()) !=
                                  text.substr(e.span.begin, e.span.size());
        const bool odd_form = e.form != usual && !from_command;
        if (odd_form) {
            const HabitScore score = style::score_choice(reference, kChoices, counts, e.form, 4.0);
            const std::string_view name = kChoices[e.form].name;
            const std::string figure = style::reference_figure(
                score, "use " + std::string(name) + " " + std::string(style::how_often(score)));
            // A range typed with an ellipsis is the same keyboard habit, but "..." is no better
            // a range: the writer decides how to write it.
            sink.mark(
                e.range ? style::habit_marker(code(), kChoices[e.form].feature, e.span,
                                              "A range typed with '" + std::string(kTyped[e.form]) +
                                                  "': most writers type a dash or 'to'." + figure,
                                              score, {})
                        : style::habit_marker(code(), kChoices[e.form].feature, e.span,
                                              "Ellipsis typed as '" + std::string(kTyped[e.form]) +
                                                  "': most writers type '" +
                                                  std::string(kTyped[usual]) + "'." + figure,
                                              score, {style::use_fix(typed[usual])}));
        }
        // "1, 2, ..." continues a list: spaced by convention.
        const bool ends_list = e.span.begin >= 2 && text[e.span.begin - 2] == ',';
        if (e.after_text && e.space_before && !usually_spaced && !ends_list) {
            const HabitScore score = score_habit(reference, kSpaceBefore, spaced, after_text, 4.0);
            const Span with_space(e.span.begin - 1, e.span.end);
            sink.mark(style::habit_marker(
                code(), kSpaceBefore, with_space,
                "A space before an ellipsis: most writers attach it to the word before." +
                    style::reference_figure(
                        score, "space their ellipses " + std::string(style::how_often(score))),
                score,
                // The same form the other marker of this ellipsis suggests, if any, so the
                // two never pull the text two ways.
                {Fix{"Remove the space", odd_form ? std::string(typed[usual])
                                                  : std::string(document.source.substr(
                                                        source.begin, source.size()))}}));
        }
    }
}

}  // namespace fantasma
