#include "stylometry/language.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace fantasma {

std::optional<Language> language_from_name(std::string_view name) {
    std::string lower(name);
    std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "markdown" || lower == "md") return Language::Markdown;
    if (lower == "latex" || lower == "tex") return Language::Latex;
    if (lower == "text" || lower == "plaintext" || lower == "txt") return Language::Text;
    return std::nullopt;
}

Language language_for_path(std::string_view path) {
    const auto dot = path.rfind('.');
    const auto slash = path.find_last_of("/\\");
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) {
        return Language::Text;
    }
    std::string extension(path.substr(dot + 1));
    std::ranges::transform(extension, extension.begin(),
                           [](unsigned char c) { return std::tolower(c); });
    static constexpr std::array<std::string_view, 4> markdown = {"md", "markdown", "mdown", "mkd"};
    static constexpr std::array<std::string_view, 4> latex = {"tex", "latex", "sty", "cls"};
    if (std::ranges::find(markdown, extension) != markdown.end()) return Language::Markdown;
    if (std::ranges::find(latex, extension) != latex.end()) return Language::Latex;
    return Language::Text;
}

std::string_view language_name(Language language) {
    switch (language) {
        case Language::Markdown: return "markdown";
        case Language::Latex: return "latex";
        case Language::Text: return "text";
    }
    return "text";
}

}  // namespace fantasma
