#include "stylometry/detectors/common/invisible.hpp"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma::invisible {
namespace {

// A single occurrence in a short text is evidence enough: most writers never leave one, so
// the population's median (none) is worth few words of evidence.
constexpr double kPriorWords = 100;

}  // namespace

char32_t char_before(std::string_view text, std::size_t at) {
    return at == 0 ? 0 : text::decode_before(text, at).cp;
}

char32_t char_at(std::string_view text, std::size_t at) {
    return at >= text.size() ? 0 : text::decode(text, at).cp;
}

std::string code_point_name(char32_t cp) {
    char name[16];
    std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(cp));
    return name;
}

bool in_joining_script(char32_t cp) {
    if (cp < 0x80) return false;
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(static_cast<UChar32>(cp), &status);
    if (U_FAILURE(status)) return false;
    switch (script) {
        // Alphabets whose letters stand apart and whose words are spaced: a joiner or a
        // zero-width space changes nothing in them.
        case USCRIPT_COMMON:
        case USCRIPT_INHERITED:
        case USCRIPT_UNKNOWN:
        case USCRIPT_LATIN:
        case USCRIPT_GREEK:
        case USCRIPT_CYRILLIC:
        case USCRIPT_ARMENIAN:
        case USCRIPT_GEORGIAN:
            return false;
        default:
            return true;
    }
}

std::string_view aside_place(Language language) {
    return language == Language::Latex ? " in a comment of the LaTeX source"
                                       : " in an image's alt text";
}

Span block_around(const Prose& prose, std::size_t at) {
    const auto it =
        std::ranges::upper_bound(prose.blocks, at, {}, [](const Block& b) { return b.text.begin; });
    if (it != prose.blocks.begin() && std::prev(it)->text.contains(at)) {
        return std::prev(it)->text;
    }
    const std::string_view text = prose.text;
    const std::size_t newline = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
    const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
    return Span(begin, std::min(text.find('\n', at), text.size()));
}

bool inside_token(const std::vector<Token>& tokens, std::size_t at, TokenKind kind) {
    const auto it =
        std::ranges::upper_bound(tokens, at, {}, [](const Token& t) { return t.text.begin; });
    if (it == tokens.begin()) return false;
    const Token& token = *std::prev(it);
    return token.kind == kind && token.text.contains(at);
}

std::vector<Finding> merge_adjacent_removals(std::vector<Finding> findings) {
    std::vector<Finding> merged;
    for (Finding& finding : findings) {
        if (!merged.empty() && merged.back().span.end == finding.span.begin &&
            merged.back().replacement.empty() && finding.replacement.empty()) {
            merged.back().span.end = finding.span.end;
            if (merged.back().what != finding.what) merged.back().what += " and " + finding.what;
            continue;
        }
        merged.push_back(std::move(finding));
    }
    return merged;
}

void report(const DetectionContext& context, MarkerSink& sink, std::string_view code,
            std::string_view feature, const Findings& findings, std::string_view explanation,
            std::string_view fix_title) {
    const auto words = static_cast<double>(context.document.word_count);
    const auto count = static_cast<double>(findings.prose.size() + findings.source.size());
    sink.measure(feature, count, words);
    if (count == 0) return;
    const HabitScore score = score_habit(context.reference, feature, count, words, kPriorWords);
    const bool above = !score.known || score.rate > score.median;
    if (!above || !style::is_notable(score)) return;
    const std::string figure =
        style::reference_figure(score, "leave characters like this in their text");
    const auto marker = [&](const Finding& finding) {
        std::string message = finding.what + ". " + std::string(explanation) + figure;
        message.front() =
            static_cast<char>(std::toupper(static_cast<unsigned char>(message.front())));
        return style::habit_marker(code, feature, finding.span, std::move(message), score,
                                   {Fix{std::string(fix_title), finding.replacement, true}});
    };
    for (const Finding& finding : findings.prose) sink.mark(marker(finding));
    for (const Finding& finding : findings.source) sink.mark_in_source(marker(finding));
}

}  // namespace fantasma::invisible
