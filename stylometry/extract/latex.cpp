// LaTeX extraction: the body (after \begin{document} when there is one) through the
// scanner, plus the \title of the preamble.
#include "stylometry/extract/extract.hpp"
#include "stylometry/extract/latex_scanner.hpp"
#include "stylometry/extract/prose_builder.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// Whether a % comment earlier on the same line hides `at`.
bool commented_out(std::string_view source, std::size_t at) {
    const std::size_t line_begin = source.rfind('\n', at == 0 ? 0 : at - 1);
    const std::size_t from = line_begin == npos ? 0 : line_begin + 1;
    for (std::size_t i = from; i < at; ++i) {
        if (source[i] == '\\') {
            ++i;
        } else if (source[i] == '%') {
            return true;
        }
    }
    return false;
}

// The first occurrence of `needle` outside comments, searching [from, limit).
std::size_t find_live(std::string_view source, std::string_view needle, std::size_t from,
                      std::size_t limit) {
    for (std::size_t at = source.find(needle, from); at != npos && at < limit;
         at = source.find(needle, at + 1)) {
        if (!commented_out(source, at)) return at;
    }
    return npos;
}

// The preamble holds no prose except the title.
void extract_preamble_title(std::string_view source, std::size_t preamble_end,
                            ProseBuilder& builder) {
    constexpr std::string_view kTitle = "\\title";
    const std::size_t at = find_live(source, kTitle, 0, preamble_end);
    if (at == npos) return;
    std::size_t open = at + kTitle.size();
    if (open < preamble_end && source[open] == '[') {  // \title[short]{long}
        const std::size_t close = source.find(']', open);
        if (close == npos || close >= preamble_end) return;
        open = close + 1;
    }
    while (open < preamble_end && (source[open] == ' ' || source[open] == '\t')) ++open;
    if (open >= preamble_end || source[open] != '{') return;
    const std::size_t close = latex::group_end(source, open, preamble_end);
    if (close < open + 2 || source[close - 1] != '}') return;
    latex::Scanner(source, builder).run_block(BlockKind::Title, open + 1, close - 1);
}

}  // namespace

Prose extract_latex(std::string_view source) {
    ProseBuilder builder(source, Language::Latex);
    constexpr std::string_view kBeginDocument = "\\begin{document}";
    const std::size_t document = find_live(source, kBeginDocument, 0, source.size());
    std::size_t body = 0;
    if (document != npos) {
        extract_preamble_title(source, document, builder);
        body = document + kBeginDocument.size();
    }
    latex::Scanner(source, builder).run(body, source.size());
    return builder.finish();
}

}  // namespace fantasma
