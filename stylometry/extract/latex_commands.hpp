#pragma once
// What the LaTeX extractor does with each command and environment it knows. Anything not
// listed is an unknown command: its name and [options] go, its {arguments} read as prose.
#include <string>
#include <string_view>

#include "stylometry/prose.hpp"

namespace fantasma::latex {

enum class CommandKind {
    Unknown,
    Block,          // \section{..}, \caption{..}, \title{..}: its argument is a block
    Footnote,       // \footnote{..}: a Footnote block after the current paragraph
    Item,           // \item[label]: starts a list item
    SkipArguments,  // \cite{..}, \label{..}, \usepackage[..]{..}: every argument skipped
    SkipFirst,      // \href{url}{text}, \textcolor{c}{text}: the first argument skipped
    Typography,     // \ldots, \LaTeX, \ss: stands for text (see command_text)
    Accent,         // \c{c}, \v{s}, \H{o}, \u{g}: a combining mark on the next letter
    Verb,           // \verb|..|
    Primitive,      // \input file, \def\x#1{..}, \if a\b: TeX's operands without braces, skipped
    Begin,
    End,
};

struct Command {
    CommandKind kind = CommandKind::Unknown;
    BlockKind block = BlockKind::Paragraph;  // CommandKind::Block only
    std::string_view text;                   // Typography: the text; Accent: the mark
};

Command classify_command(std::string_view name);

enum class EnvironmentKind {
    Prose,    // content is prose; a block boundary at \begin and \end
    Math,     // skipped up to \end{name}
    Skipped,  // verbatim-like or not prose (code, pictures, bibliography): skipped up to \end
    List,     // itemize, enumerate, description
    Quote,    // quote, quotation, verse
    Table,    // tabular and friends: & and \\ separate cells
};

EnvironmentKind classify_environment(std::string_view name);

// The combining mark of a one-symbol accent command (' ` ^ " ~ = .), or empty.
std::string_view accent_mark(char symbol);
// `base` (one letter, possibly multi-byte) with `mark` applied, composed (NFC) when possible.
std::string compose_accent(std::string_view base, std::string_view mark);

}  // namespace fantasma::latex
