#include "stylometry/detectors/punctuation_habit.hpp"

#include <array>
#include <cstdint>

#include "stylometry/detectors/common/layout.hpp"
#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

enum Mark : std::size_t { Semicolon, Colon, Exclamation, Multiple, Question, Parenthesis };

struct MarkInfo {
    std::string_view feature;
    std::string_view plural;  // "semicolons"
};
constexpr std::array<MarkInfo, 6> kMarks = {{
    {"punct.semicolon", "semicolons"},
    {"punct.colon", "colons"},
    {"punct.exclamation", "exclamation marks"},
    {"punct.multiple", "runs of marks like '!!' or '?!'"},
    {"punct.question", "question marks"},
    {"punct.parenthesis", "parentheses"},
}};
// How many reference words of evidence the population's rate is worth: a few marks in a
// short note say little about a habit.
constexpr double kPriorWords = 300;

struct Use {
    Span span;
    Mark mark;
};

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_';
}
bool is_bang_or_query(char c) {
    return c == '!' || c == '?';
}

// Whether `c`, before a mark, ends a word or a quotation or bracket a mark may follow.
bool ends_word_or_quote(char c) {
    return is_word_char(c) || std::string_view(")]}\"'*_").find(c) != std::string_view::npos ||
           static_cast<unsigned char>(c) >= 0x80;  // a letter or a curly quote in UTF-8
}

// Whether `c`, after a run of marks, is glued to it: neither a space, the end, nor a mark
// that closes a sentence's quotation or bracket.
bool glued(char c) {
    return c != 0 && c != ' ' && c != '\t' && c != '\n' && c != '\r' &&
           std::string_view(")]}\"'*_.,;:").find(c) == std::string_view::npos &&
           static_cast<unsigned char>(c) < 0x80;
}

// The marks in one punctuation token. A run of ! and ? counts once, as what it contains and,
// when longer than one mark, as a run.
void add_uses(std::string_view text, Span token, std::vector<Use>& uses) {
    for (std::size_t i = token.begin; i < token.end; ++i) {
        const char c = text[i];
        if (c == ';') uses.push_back({Span(i, i + 1), Semicolon});
        // "main()", "Approx()": a function's name in prose, its parentheses the code's.
        const bool empty_call = c == '(' && is_word_char(style::byte_before(text, i)) &&
                                style::byte_at(text, i + 1) == ')';
        if (c == '(' && !empty_call) uses.push_back({Span(i, i + 1), Parenthesis});
        // 10:30 is a time, not a colon of prose.
        if (c == ':' &&
            !(is_digit(style::byte_before(text, i)) && is_digit(style::byte_at(text, i + 1)))) {
            uses.push_back({Span(i, i + 1), Colon});
        }
        if (!is_bang_or_query(c) || is_bang_or_query(style::byte_before(text, i))) continue;
        std::size_t end = i;
        while (end < text.size() && is_bang_or_query(text[end])) ++end;
        // "!defined", "!=", "* !^Content-Type", "pickup_types:$\"=/!?+": code's negation,
        // comparison and symbols, glued to what follows and not to a word before. A
        // sentence's mark follows its last word and is followed by a space, a closing mark or
        // nothing.
        if (!ends_word_or_quote(style::byte_before(text, i)) && glued(style::byte_at(text, end)))
            continue;
        const std::string_view run = text.substr(i, end - i);
        if (run.find('!') != std::string_view::npos) uses.push_back({Span(i, end), Exclamation});
        if (run.find('?') != std::string_view::npos) uses.push_back({Span(i, end), Question});
        if (run.size() > 1) uses.push_back({Span(i, end), Multiple});
    }
}

std::vector<Fix> fixes_for(std::string_view run, Mark mark) {
    if (mark == Multiple)
        return {style::use_fix(run.find('?') != std::string_view::npos ? "?" : "!")};
    if (mark == Exclamation && run == "!") return {style::use_fix(".")};
    return {};
}

}  // namespace

void PunctuationHabit::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    std::vector<Use> uses;
    // Someone else's punctuation, quoted, a mail header's and a heading's
    // ("\section{Fonts (OpenType)}") are not the writer's running prose.
    for (const Token& token : document.tokens()) {
        if (token.kind == TokenKind::Punct && document.is_own_prose(token.text.begin) &&
            !layout::in_heading(document.prose, token.text.begin))
            add_uses(document.prose.text, token.text, uses);
    }
    // A table's cells hold fragments, not clauses: a semicolon there separates items (a table
    // of citation output, "Jones et al. (1990); James et al. (1991)"; a table of options),
    // where a sentence's joins clauses. The cells' parentheses are the writer's as elsewhere
    // ("Human users (homed)"), and so is a list item's closing semicolon (seed 15: eglot's
    // manual ends its items so, judged the writer's habit).
    std::erase_if(uses, [&](const Use& use) {
        return use.mark == Semicolon && layout::in_table_cell(document.prose, use.span.begin);
    });
    std::array<double, kMarks.size()> counts{};
    for (const Use& use : uses) counts[use.mark] += 1;
    const auto words = static_cast<double>(document.word_count);

    std::array<HabitScore, kMarks.size()> scores{};
    std::array<std::string, kMarks.size()> messages;  // empty: the mark is not remarkable
    for (std::size_t m = 0; m < kMarks.size(); ++m) {
        sink.measure(kMarks[m].feature, counts[m], words);
        scores[m] =
            score_habit(context.reference, kMarks[m].feature, counts[m], words, kPriorWords);
        const bool above = !scores[m].known || scores[m].rate > scores[m].median;
        if (counts[m] == 0 || !above || !style::is_notable(scores[m])) continue;
        messages[m] = "Frequent " + std::string(kMarks[m].plural) + ": " +
                      std::to_string(static_cast<int>(counts[m])) + " in " +
                      std::to_string(document.word_count) + " words (" +
                      style::per_thousand_words(counts[m], words) + ")." +
                      style::reference_figure(
                          scores[m], "use " + std::string(kMarks[m].plural) + " this often");
    }
    // A rate is a habit of the whole document: one marker, at the first use, with the others
    // as its further spans, rather than the same message once a paragraph. Only a mark with a
    // fix of its own ('!' for '!!!') is marked at each use, where the fix applies.
    std::vector<Marker> markers;
    std::array<std::size_t, kMarks.size()> whole;
    whole.fill(SIZE_MAX);
    for (const Use& use : uses) {
        if (messages[use.mark].empty()) continue;
        std::vector<Fix> fixes = fixes_for(document.text(use.span), use.mark);
        if (fixes.empty() && whole[use.mark] != SIZE_MAX) {
            markers[whole[use.mark]].spans.push_back(use.span);
            continue;
        }
        if (fixes.empty()) whole[use.mark] = markers.size();
        markers.push_back(style::habit_marker(code(), kMarks[use.mark].feature, use.span,
                                              messages[use.mark], scores[use.mark],
                                              std::move(fixes)));
        // Colons introduce the code, lists and equations of HOWTOs, style guides and papers:
        // their rate follows the genre (issue 13's seed-14 labels: none of 10 was the
        // writer's habit).
        markers.back().genre_bound = use.mark == Colon;
    }
    for (Marker& marker : markers) sink.mark(std::move(marker));
}

}  // namespace fantasma
