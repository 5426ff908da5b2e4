#pragma once
// Reading LaTeX source for what a reviewer sees that is not prose: the commands of the title
// block, hyperref's settings, % comments, environments. The prose extractor
// (stylometry/extract) skips all of these; the self-identifying-content detectors read them
// here, from the source, so that the extractor's choices stay its own.
#include <span>
#include <string_view>
#include <vector>

#include "stylometry/span.hpp"

namespace fantasma::leaks {

// A command to look for and how many {arguments} it takes (\href 2, \author 1).
struct CommandSpec {
    std::string_view name;
    int arguments = 1;
};

// One use of a command: \name[option]{argument}{argument}.
struct LatexCommand {
    std::string_view name;
    Span whole;                   // from the backslash past its last argument
    std::vector<Span> arguments;  // inside the braces, in order (fewer when the source ends)
    std::vector<Span> options;    // inside the brackets
};

// Every use of the listed commands outside % comments, in source order.
std::vector<LatexCommand> find_commands(std::string_view source,
                                        std::span<const CommandSpec> commands);
// The text of each % comment, after the % to the end of its line, in source order; not the
// `% fantasma-ignore` directives.
std::vector<Span> comments(std::string_view source);
// Whether a % comment hides `at` (a % earlier on its line, not escaped).
bool commented_out(std::string_view source, std::size_t at);
// The content of each \begin{name}...\end{name} (up to the end of the source when unclosed).
std::vector<Span> environments(std::string_view source, std::string_view name);
// `span` without the blanks at either end.
Span trimmed(std::string_view source, Span span);

}  // namespace fantasma::leaks
