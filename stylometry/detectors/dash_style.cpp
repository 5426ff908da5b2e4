#include "stylometry/detectors/dash_style.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <span>

#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

enum Dash : std::size_t { Em, EmSpaced, EnSpaced, DoubleHyphen, TripleHyphen, SpacedHyphen };

constexpr std::array<style::Choice, 6> kChoices = {{
    {"dash.em", "unspaced em dashes"},
    {"dash.em-spaced", "spaced em dashes"},
    {"dash.en-spaced", "en dashes as dashes"},
    {"dash.double-hyphen", "double hyphens as dashes"},
    {"dash.triple-hyphen", "triple hyphens as dashes"},
    {"dash.spaced-hyphen", "spaced hyphens as dashes"},
}};
// How each style is typed, spaces included: the fix replaces a dash and its spaces.
constexpr std::array<std::string_view, 6> kTyped = {"—", " — ", " – ", "--", "---", " - "};
// In LaTeX the usual way to type an em (en) dash is --- (--), which extraction turns into
// "—" ("–"); a double hyphen as such cannot appear in LaTeX prose.
constexpr std::array<std::string_view, 6> kTypedLatex = {"---", " --- ", " -- ",
                                                         "---", "---",   " - "};

struct DashUse {
    Span span;  // the dash, with the spaces either side when it has both
    Dash dash;
};

bool is_space(char c) {
    return c == ' ' || c == '\t';
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// The dash style of a run of hyphens at [begin, end), if it is used as a dash: a hyphen
// between words, a minus between digits, a range 1990--2000 or a rule line are not.
std::optional<Dash> hyphen_dash(std::string_view text, std::size_t begin, std::size_t end) {
    const char before = style::byte_before(text, begin);
    const char after = style::byte_at(text, end);
    if (is_digit(before) && is_digit(after)) return std::nullopt;
    // A command-line option (--help, -r/--require, (--use-uv): hyphens that open a word.
    const auto word_byte = [](char c) {
        return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    };
    if (!word_byte(before) && word_byte(after)) return std::nullopt;
    const bool spaced = is_space(before) && is_space(after);
    switch (end - begin) {
        case 1:
            // Needs text before the space: "- item" at a line start is a list bullet.
            if (!spaced || begin < 2 || is_space(text[begin - 2]) || text[begin - 2] == '\n') {
                return std::nullopt;
            }
            if (is_digit(text[begin - 2])) return std::nullopt;  // "5 - 3"
            return SpacedHyphen;
        case 2:
            return before == '\n' && (after == '\n' || is_space(after))
                       ? std::nullopt
                       : std::optional(DoubleHyphen);
        case 3:
            return before == '\n' && after == '\n' ? std::nullopt : std::optional(TripleHyphen);
        default:
            return std::nullopt;
    }
}

std::vector<DashUse> find_dashes(std::string_view text) {
    std::vector<DashUse> uses;
    const auto add = [&](std::size_t begin, std::size_t end, Dash dash) {
        // A dash between spaces takes them along, so the fix can change the spacing too.
        const bool spaced =
            is_space(style::byte_before(text, begin)) && is_space(style::byte_at(text, end));
        uses.push_back({spaced ? Span(begin - 1, end + 1) : Span(begin, end), dash});
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool spaced =
            is_space(style::byte_before(text, i)) && is_space(style::byte_at(text, i + 3));
        if (text.substr(i, 3) == "—") {
            add(i, i + 3, spaced ? EmSpaced : Em);
            i += 2;
        } else if (text.substr(i, 3) == "–") {
            // An en dash joins a range or a compound (1990–2000, Paris–Rome, 1911 – April 26);
            // only a spaced one between words stands for a dash.
            const bool range =
                is_digit(style::byte_before(text, i - 1)) || is_digit(style::byte_at(text, i + 4));
            if (spaced && !range) add(i, i + 3, EnSpaced);
            i += 2;
        } else if (text[i] == '-') {
            std::size_t end = i;
            while (end < text.size() && text[end] == '-') ++end;
            if (const auto dash = hyphen_dash(text, i, end)) add(i, end, *dash);
            i = end - 1;
        }
    }
    return uses;
}

// Whether the prose span stands for a dash and its spaces in the source too: a space the
// extractor put for a dropped code span ("see `devpts` — or" reads "see — or") would make the
// marker, and its fix, cover the code.
bool written_as_is(const Document& document, Span span) {
    const Span source = document.prose.to_source(span);
    if (source.begin == std::string::npos || source.end > document.source.size()) return false;
    return std::ranges::none_of(document.source.substr(source.begin, source.size()), [](char c) {
        return c == '`' || std::isalnum(static_cast<unsigned char>(c)) != 0;
    });
}

}  // namespace

void DashStyle::detect(const DetectionContext& context, MarkerSink& sink) const {
    // Someone else's dashes, quoted (a program's message "failed verification -- update
    // discarded"), are not the writer's.
    std::vector<DashUse> uses = find_dashes(context.document.prose.text);
    std::erase_if(
        uses, [&](const DashUse& use) { return !context.document.is_own_prose(use.span.begin); });
    std::array<double, kChoices.size()> counts{};
    for (const DashUse& use : uses) counts[use.dash] += 1;
    style::measure_choices(sink, kChoices, counts);

    // LaTeX types dashes as --- and --: only the em and en dash styles are real choices there.
    const bool latex = context.document.prose.language == Language::Latex;
    const std::span<const style::Choice> candidates(kChoices.data(),
                                                    latex ? EnSpaced + 1 : kChoices.size());
    const std::size_t usual = style::population_choice(context.reference, candidates, Em);
    const auto& typed = latex ? kTypedLatex : kTyped;
    for (const DashUse& use : uses) {
        if (use.dash == usual || !written_as_is(context.document, use.span)) continue;
        const HabitScore score =
            style::score_choice(context.reference, kChoices, counts, use.dash, 4.0);
        const auto name = kChoices[use.dash].name;
        std::string message =
            "Dash typed as '" + std::string(kTyped[use.dash]) + "': most writers type '" +
            std::string(kTyped[usual]) + "'." +
            style::reference_figure(
                score, "use " + std::string(name) + " " + std::string(style::how_often(score)));
        sink.mark(style::habit_marker(code(), kChoices[use.dash].feature, use.span,
                                      std::move(message), score, {style::use_fix(typed[usual])}));
    }
}

}  // namespace fantasma
