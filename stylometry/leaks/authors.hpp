#pragma once
// Who wrote the submission, read from its title block: the names in \author (and the
// templates' author macros) or in Markdown front matter's `author:`. The bibliography
// detector compares reference lists with them.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/language.hpp"
#include "stylometry/span.hpp"

namespace fantasma::leaks {

// The title block's author names, each "first last" (or "last" alone) in lower case, without
// LaTeX commands, footnote marks and e-mail addresses. Anonymous placeholders give none.
std::vector<std::string> submission_authors(std::string_view source, Language language);

// The real names of one author entry ("Maria Okafor \and Anonymous" gives "maria okafor"), as
// submission_authors reads them: placeholders and e-mail addresses left out.
std::vector<std::string> author_names(std::string_view entry);

// "Anonymous", "Anonymous Author(s)", "Author names withheld", "Blind review", or no letters
// at all once LaTeX commands are removed: a title block entry that identifies nobody.
bool is_anonymous(std::string_view text);

// `text` without LaTeX commands, their optional arguments, braces and `~`, for reading names.
std::string without_latex_commands(std::string_view text);

// A YAML (---) or TOML (+++) front matter's entries: key (lower case) and the source span of
// its value, or of each item of a list value.
struct FrontMatterEntry {
    std::string key;
    Span value;
};
std::vector<FrontMatterEntry> front_matter(std::string_view source);

}  // namespace fantasma::leaks
