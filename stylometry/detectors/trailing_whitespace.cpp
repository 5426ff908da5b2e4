#include "stylometry/detectors/trailing_whitespace.hpp"

#include <algorithm>

#include "stylometry/detectors/common/invisible.hpp"

namespace fantasma {
namespace {

// One line ending in a blank is a slip; a habit or a watermark repeats.
constexpr std::size_t kMinLines = 3;

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

// The source spans of the verbatim prose, sorted.
std::vector<Span> prose_sources(const Prose& prose) {
    std::vector<Span> spans;
    for (const Piece& piece : prose.pieces) {
        if (piece.verbatim && !piece.source.empty()) spans.push_back(piece.source);
    }
    std::ranges::sort(spans, {}, &Span::begin);
    return spans;
}

bool holds_prose(const std::vector<Span>& prose, Span line) {
    const auto it = std::ranges::upper_bound(prose, line.begin, {}, &Span::begin);
    if (it != prose.end() && it->begin < line.end) return true;
    return it != prose.begin() && std::prev(it)->end > line.begin;
}

std::string describe(std::string_view blanks) {
    const auto tabs = static_cast<std::size_t>(std::ranges::count(blanks, '\t'));
    if (tabs == 0) {
        return blanks.size() == 1
                   ? "a space at the end of the line"
                   : std::to_string(blanks.size()) + " spaces at the end of the line";
    }
    if (tabs == blanks.size()) {
        return tabs == 1 ? "a tab at the end of the line"
                         : std::to_string(tabs) + " tabs at the end of the line";
    }
    return "spaces and tabs at the end of the line";
}

}  // namespace

void TrailingWhitespace::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const Language language = document.prose.language;
    if (language == Language::Text) return;  // plain text: the reader sees the source itself
    const std::string_view source = document.source;
    const std::vector<Span> prose = prose_sources(document.prose);
    std::vector<invisible::Finding> findings;
    for (std::size_t begin = 0; begin < source.size();) {
        const std::size_t newline = std::min(source.find('\n', begin), source.size());
        std::size_t end = newline;
        if (end > begin && source[end - 1] == '\r') --end;
        std::size_t content_end = end;
        while (content_end > begin && is_blank(source[content_end - 1])) --content_end;
        const std::string_view blanks = source.substr(content_end, end - content_end);
        // Two or more spaces end a Markdown line with a hard break: visible, and meant.
        const bool hard_break = language == Language::Markdown && blanks.size() >= 2 &&
                                blanks.find('\t') == std::string_view::npos;
        if (!blanks.empty() && content_end > begin && !hard_break &&
            holds_prose(prose, Span(begin, content_end))) {
            findings.push_back({Span(content_end, end), describe(blanks), ""});
        }
        begin = newline + 1;
    }
    if (findings.size() < kMinLines) findings.clear();
    invisible::report(
        context, sink, code(), "invisible.trailing-whitespace",
        invisible::Findings{{}, std::move(findings)},
        "Readers of the rendered text never see it, but the source keeps it on line after "
        "line: an editor's setting leaves its own pattern, and a watermark can vary such "
        "blanks from copy to copy, so they can tell which copy this is or whose editor wrote "
        "it.",
        "Remove the blanks at the end of the line");
}

}  // namespace fantasma
