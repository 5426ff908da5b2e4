#pragma once
// The markup languages whose prose fantasma extracts.
#include <optional>
#include <string_view>

namespace fantasma {

enum class Language { Markdown, Latex, Text };

// "markdown"/"md", "latex"/"tex", "text"/"plaintext"/"txt" (as CLI flags and LSP language ids).
std::optional<Language> language_from_name(std::string_view name);
// By file extension: .md .markdown .mdown .mkd -> Markdown; .tex .latex .sty .cls -> Latex;
// anything else -> Text.
Language language_for_path(std::string_view path);
std::string_view language_name(Language language);

}  // namespace fantasma
