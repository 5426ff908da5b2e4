#include "stylometry/rewrite/protect.hpp"

#include <algorithm>

#include "stylometry/rewrite/rewrite.hpp"

namespace fantasma {

namespace {

constexpr std::string_view kOpen = "\u27e6";   // ⟦
constexpr std::string_view kClose = "\u27e7";  // ⟧

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

std::string placeholder(std::size_t index) {
    return std::string(kOpen) + std::to_string(index + 1) + std::string(kClose);
}

ProtectedPassage protect(std::string_view source, Span passage, Language language) {
    ProtectedPassage result;
    std::size_t at = passage.begin;
    for (const Span run : non_prose_spans(source, language)) {
        std::size_t begin = std::max(run.begin, passage.begin);
        std::size_t end = std::min(run.end, passage.end);
        // Whitespace beside a code span or formula stays in the text: the model may need it
        // between words, and a placeholder that swallowed it would glue them.
        while (begin < end && is_space(source[begin])) ++begin;
        while (end > begin && is_space(source[end - 1])) --end;
        if (begin >= end) continue;
        result.text.append(source.substr(at, begin - at));
        result.text += placeholder(result.originals.size());
        result.originals.emplace_back(source.substr(begin, end - begin));
        at = end;
    }
    result.text.append(source.substr(at, passage.end - at));
    return result;
}

std::optional<std::string> restore(std::string_view candidate, const ProtectedPassage& passage) {
    std::vector<bool> seen(passage.originals.size(), false);
    std::string text;
    std::size_t at = 0;
    for (std::size_t open = candidate.find(kOpen); open != std::string_view::npos;
         open = candidate.find(kOpen, at)) {
        const std::size_t digits = open + kOpen.size();
        const std::size_t close = candidate.find(kClose, digits);
        if (close == std::string_view::npos) return std::nullopt;
        const std::string_view number = candidate.substr(digits, close - digits);
        if (number.empty() || number.size() > 6 ||
            !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        const std::size_t index = std::stoul(std::string(number));
        if (index == 0 || index > seen.size() || seen[index - 1]) return std::nullopt;
        seen[index - 1] = true;
        const std::string_view between = candidate.substr(at, open - at);
        if (between.find(kClose) != std::string_view::npos) return std::nullopt;
        text.append(between);
        text += passage.originals[index - 1];
        at = close + kClose.size();
    }
    if (candidate.find(kClose, at) != std::string_view::npos) return std::nullopt;
    if (std::find(seen.begin(), seen.end(), false) != seen.end()) return std::nullopt;
    text.append(candidate.substr(at));
    return text;
}

}  // namespace fantasma
