#include "stylometry/leaks/latex_source.hpp"

#include <algorithm>

#include "stylometry/extract/latex_scanner.hpp"

namespace fantasma::leaks {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Past blanks holding at most one line break (a blank line ends a command's arguments).
std::size_t skip_blanks(std::string_view source, std::size_t at) {
    int breaks = 0;
    while (at < source.size() && is_blank(source[at])) {
        if (source[at] == '\n' && ++breaks > 1) break;
        ++at;
    }
    return at;
}

// Past the "]" matching the "[" at `open`, or npos.
std::size_t bracket_end(std::string_view source, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < source.size(); ++i) {
        if (source[i] == '\\') {
            ++i;
        } else if (source[i] == '{' || source[i] == '[') {
            ++depth;
        } else if (source[i] == '}' || source[i] == ']') {
            if (--depth == 0) return i + 1;
        } else if (source[i] == '\n' && i + 1 < source.size() && source[i + 1] == '\n') {
            return npos;
        }
    }
    return npos;
}

// Reads the options and arguments of a command whose name ends at `at`.
void read_arguments(std::string_view source, std::size_t at, int wanted, LatexCommand& command) {
    command.whole.end = at;
    while (static_cast<int>(command.arguments.size()) < wanted) {
        const std::size_t next = skip_blanks(source, at);
        if (next >= source.size()) break;
        if (source[next] == '[' && command.arguments.empty()) {
            const std::size_t close = bracket_end(source, next);
            if (close == npos) break;
            command.options.emplace_back(next + 1, close - 1);
            at = close;
        } else if (source[next] == '{') {
            const std::size_t close = latex::group_end(source, next, source.size());
            const bool closed = close > next + 1 && source[close - 1] == '}';
            command.arguments.emplace_back(next + 1, closed ? close - 1 : close);
            at = close;
        } else {
            break;
        }
        command.whole.end = at;
    }
}

}  // namespace

bool commented_out(std::string_view source, std::size_t at) {
    const std::size_t line_begin = at == 0 ? npos : source.rfind('\n', at - 1);
    for (std::size_t i = line_begin == npos ? 0 : line_begin + 1; i < at; ++i) {
        if (source[i] == '\\') {
            ++i;
        } else if (source[i] == '%') {
            return true;
        }
    }
    return false;
}

std::vector<LatexCommand> find_commands(std::string_view source,
                                        std::span<const CommandSpec> commands) {
    std::vector<LatexCommand> found;
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '%') {
            i = std::min(source.find('\n', i), source.size());
            continue;
        }
        if (source[i] != '\\') continue;
        std::size_t end = i + 1;
        while (end < source.size() && is_letter(source[end])) ++end;
        if (end == i + 1) {  // a control symbol (\%, \\): skip what it escapes
            ++i;
            continue;
        }
        const std::string_view name = source.substr(i + 1, end - i - 1);
        // What a verbatim environment or \verb shows is text, not commands: a manual's
        // "\begin{verbatim} \author{...}" example of what not to write.
        if (name == "begin") {
            for (std::string_view environment : {"{verbatim}", "{verbatim*}", "{Verbatim}",
                                                 "{lstlisting}", "{minted}", "{comment}"}) {
                if (source.substr(end).starts_with(environment)) {
                    const std::string close = "\\end" + std::string(environment);
                    const std::size_t closing = source.find(close, end);
                    end =
                        closing == std::string_view::npos ? source.size() : closing + close.size();
                    break;
                }
            }
            if (end > i + 6) {
                i = end - 1;
                continue;
            }
        }
        if (name == "verb" && end < source.size()) {  // \verb|...|: to the same delimiter
            const std::size_t closing = source.find(source[end], end + 1);
            i = (closing == std::string_view::npos ? source.size() : closing + 1) - 1;
            continue;
        }
        const auto spec = std::ranges::find(commands, name, &CommandSpec::name);
        if (spec != commands.end()) {
            LatexCommand command{name, {i, end}, {}, {}};
            const bool starred = end < source.size() && source[end] == '*';  // \section*{..}
            read_arguments(source, starred ? end + 1 : end, spec->arguments, command);
            found.push_back(std::move(command));
        }
        i = end - 1;
    }
    return found;
}

std::vector<Span> comments(std::string_view source) {
    std::vector<Span> found;
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '\\') {
            ++i;
            continue;
        }
        if (source[i] != '%') continue;
        const std::size_t end = std::min(source.find('\n', i), source.size());
        const Span text{i + 1, end};
        const std::string_view body = source.substr(text.begin, text.size());
        const std::size_t first = body.find_first_not_of(" \t%");
        if (first == npos || !body.substr(first).starts_with("fantasma-ignore")) {
            found.push_back(text);
        }
        i = end;
    }
    return found;
}

std::vector<Span> environments(std::string_view source, std::string_view name) {
    const std::string begin = "\\begin{" + std::string(name) + "}";
    const std::string end = "\\end{" + std::string(name) + "}";
    std::vector<Span> found;
    for (std::size_t at = source.find(begin); at != npos; at = source.find(begin, at + 1)) {
        if (commented_out(source, at)) continue;
        const std::size_t content = at + begin.size();
        std::size_t close = source.find(end, content);
        while (close != npos && commented_out(source, close)) close = source.find(end, close + 1);
        found.emplace_back(content, close == npos ? source.size() : close);
        if (close == npos) break;
        at = close;
    }
    return found;
}

Span trimmed(std::string_view source, Span span) {
    while (span.begin < span.end && is_blank(source[span.begin])) ++span.begin;
    while (span.end > span.begin && is_blank(source[span.end - 1])) --span.end;
    return span;
}

}  // namespace fantasma::leaks
