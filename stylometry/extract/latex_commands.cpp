#include "stylometry/extract/latex_commands.hpp"

#include <utf8proc.h>

#include <cstdlib>
#include <utility>

namespace fantasma::latex {
namespace {

template <typename Table>
bool listed(const Table& table, std::string_view name) {
    for (const std::string_view entry : table) {
        if (entry == name) return true;
    }
    return false;
}

// Commands whose arguments are keys, paths, lengths, definitions or identity, never prose.
constexpr std::string_view kSkipArguments[] = {"documentclass",
                                               "usepackage",
                                               "RequirePackage",
                                               "label",
                                               "ref",
                                               "eqref",
                                               "pageref",
                                               "autoref",
                                               "cref",
                                               "Cref",
                                               "vref",
                                               "nameref",
                                               "cite",
                                               "citep",
                                               "citet",
                                               "citealp",
                                               "citealt",
                                               "citeauthor",
                                               "citeyear",
                                               "citetitle",
                                               "nocite",
                                               "parencite",
                                               "textcite",
                                               "autocite",
                                               "footcite",
                                               "fullcite",
                                               "includegraphics",
                                               "include",
                                               "includeonly",
                                               "bibliography",
                                               "bibliographystyle",
                                               "addbibresource",
                                               "url",
                                               "newcommand",
                                               "renewcommand",
                                               "providecommand",
                                               "DeclareMathOperator",
                                               "newenvironment",
                                               "renewenvironment",
                                               "newtheorem",
                                               "setlength",
                                               "addtolength",
                                               "setcounter",
                                               "addtocounter",
                                               "stepcounter",
                                               "vspace",
                                               "hspace",
                                               "vskip",
                                               "hskip",
                                               "author",
                                               "date",
                                               "thanks",
                                               "affiliation",
                                               "address",
                                               "email",
                                               "institute",
                                               "keywords",
                                               "pagestyle",
                                               "thispagestyle",
                                               "definecolor",
                                               "color",
                                               "hypersetup",
                                               "geometry",
                                               "graphicspath",
                                               "numberwithin",
                                               "linespread",
                                               "fontsize",
                                               "bibitem",
                                               "lstinputlisting",
                                               "inputminted",
                                               "lstset",
                                               "texttt",
                                               "path",
                                               "newcounter",
                                               "raisebox",
                                               "rule",
                                               "resizebox",
                                               "scalebox",
                                               "setcitestyle",
                                               "pgfplotsset",
                                               "tikzset",
                                               "usetikzlibrary",
                                               "newglossaryentry",
                                               "gls",
                                               "acrshort",
                                               "acrlong",
                                               "ac",
                                               "hyperlink",
                                               "hypertarget",
                                               "index",
                                               "glossary",
                                               "typeout",
                                               "message",
                                               "errmessage",
                                               "wlog",
                                               "hyphenation",
                                               "PackageInfo",
                                               "PackageWarning",
                                               "PackageWarningNoLine",
                                               "PackageError",
                                               "ClassInfo",
                                               "ClassWarning",
                                               "ClassWarningNoLine",
                                               "ClassError",
                                               "GenericInfo",
                                               "GenericWarning",
                                               "GenericError",
                                               "showhyphens"};

// Commands that set code or the names of code, whose arguments are skipped like \texttt's:
// JSS's \code and \pkg, Bioconductor's \Rclass and friends, ltxdoc's \cs and \env, Sweave's
// options. "\code{REML = TRUE}" holds no emphasis and "\pkg{MASS}" no place.
constexpr std::string_view kCodeArguments[] = {
    "code", "pkg",  "Rclass", "Rfunction", "Robject", "Rpackage", "Rcode",   "cs",
    "env",  "meta", "marg",   "oarg",      "cmd",     "file",     "command", "SweaveOpts"};

// TeX primitives whose operands need no braces (latex_primitives.cpp reads them).
constexpr std::string_view kPrimitives[] = {
    "input",   "def",    "gdef",    "edef",        "xdef",     "let",      "futurelet",
    "if",      "ifcat",  "ifx",     "ifnum",       "ifdim",    "ifodd",    "ifcase",
    "write",   "font",   "chardef", "mathchardef", "countdef", "dimendef", "skipdef",
    "toksdef", "csname", "hbox",    "vbox",        "vtop",     "halign",   "valign"};

constexpr std::string_view kSkipFirst[] = {"href", "textcolor", "colorbox", "foreignlanguage",
                                           "hyperref"};

constexpr std::pair<std::string_view, std::string_view> kTypography[] = {
    {"ldots", "\u2026"},
    {"dots", "\u2026"},
    {"textellipsis", "\u2026"},
    {"textemdash", "\u2014"},
    {"textendash", "\u2013"},
    {"LaTeX", "LaTeX"},
    {"TeX", "TeX"},
    {"LaTeXe", "LaTeX2e"},
    {"ss", "\u00df"},
    {"o", "\u00f8"},
    {"O", "\u00d8"},
    {"ae", "\u00e6"},
    {"AE", "\u00c6"},
    {"oe", "\u0153"},
    {"OE", "\u0152"},
    {"aa", "\u00e5"},
    {"AA", "\u00c5"},
    {"l", "\u0142"},
    {"L", "\u0141"},
    {"i", "\u0131"},
    {"S", "\u00a7"},
    {"P", "\u00b6"},
    {"copyright", "\u00a9"},
    {"textregistered", "\u00ae"},
    {"texttrademark", "\u2122"},
    {"euro", "\u20ac"},
    {"pounds", "\u00a3"},
    {"textquoteleft", "\u2018"},
    {"textquoteright", "\u2019"},
    {"textquotedblleft", "\u201c"},
    {"textquotedblright", "\u201d"},
    {"guillemotleft", "\u00ab"},
    {"guillemotright", "\u00bb"},
    {"textbackslash", "\\"},
    {"textasciitilde", "~"},
    {"textbar", "|"},
    {"textless", "<"},
    {"textgreater", ">"},
    {"slash", "/"},
    {"quad", " "},
    {"qquad", " "},
    {"enspace", " "},
    {"thinspace", " "},
    {"newline", "\n"},
    {"linebreak", "\n"},
};

constexpr std::pair<std::string_view, std::string_view> kLetterAccents[] = {
    {"c", "\u0327"}, {"v", "\u030c"}, {"u", "\u0306"}, {"H", "\u030b"},
    {"r", "\u030a"}, {"k", "\u0328"}, {"d", "\u0323"}, {"b", "\u0331"},
};

}  // namespace

Command classify_command(std::string_view name) {
    if (name == "section" || name == "subsection" || name == "subsubsection" ||
        name == "paragraph" || name == "subparagraph" || name == "chapter" || name == "part") {
        return {CommandKind::Block, BlockKind::Heading, {}};
    }
    if (name == "caption" || name == "captionof")
        return {CommandKind::Block, BlockKind::Caption, {}};
    if (name == "title") return {CommandKind::Block, BlockKind::Title, {}};
    if (name == "footnote" || name == "footnotetext") return {CommandKind::Footnote, {}, {}};
    if (name == "item") return {CommandKind::Item, {}, {}};
    if (name == "verb") return {CommandKind::Verb, {}, {}};
    if (name == "begin") return {CommandKind::Begin, {}, {}};
    if (name == "end") return {CommandKind::End, {}, {}};
    if (listed(kSkipArguments, name) || listed(kCodeArguments, name)) {
        return {CommandKind::SkipArguments, {}, {}};
    }
    if (listed(kSkipFirst, name)) return {CommandKind::SkipFirst, {}, {}};
    if (listed(kPrimitives, name)) return {CommandKind::Primitive, {}, {}};
    for (const auto& [command, text] : kTypography) {
        if (command == name) return {CommandKind::Typography, {}, text};
    }
    for (const auto& [command, mark] : kLetterAccents) {
        if (command == name) return {CommandKind::Accent, {}, mark};
    }
    return {};
}

EnvironmentKind classify_environment(std::string_view name) {
    if (name.ends_with('*')) name.remove_suffix(1);
    constexpr std::string_view kMath[] = {"equation", "align", "gather",      "multline",
                                          "eqnarray", "math",  "displaymath", "flalign",
                                          "alignat",  "split", "array",       "subequations"};
    constexpr std::string_view kSkipped[] = {
        "verbatim", "Verbatim",        "lstlisting",  "minted",     "comment",
        "alltt",    "filecontents",    "tikzpicture", "pgfpicture", "picture",
        "forest",   "thebibliography", "code",        "BVerbatim",  "LVerbatim"};
    constexpr std::string_view kLists[] = {"itemize", "enumerate", "description", "compactitem",
                                           "compactenum"};
    constexpr std::string_view kQuotes[] = {"quote", "quotation", "verse"};
    constexpr std::string_view kTables[] = {"tabular",   "tabularx", "tabulary",
                                            "longtable", "tabu",     "supertabular"};
    if (listed(kMath, name)) return EnvironmentKind::Math;
    if (listed(kSkipped, name)) return EnvironmentKind::Skipped;
    if (listed(kLists, name)) return EnvironmentKind::List;
    if (listed(kQuotes, name)) return EnvironmentKind::Quote;
    if (listed(kTables, name)) return EnvironmentKind::Table;
    return EnvironmentKind::Prose;
}

std::string_view accent_mark(char symbol) {
    switch (symbol) {
        case '\'':
            return "\u0301";
        case '`':
            return "\u0300";
        case '^':
            return "\u0302";
        case '"':
            return "\u0308";
        case '~':
            return "\u0303";
        case '=':
            return "\u0304";
        case '.':
            return "\u0307";
        default:
            return {};
    }
}

std::string compose_accent(std::string_view base, std::string_view mark) {
    std::string decomposed(base);
    decomposed += mark;
    utf8proc_uint8_t* composed =
        utf8proc_NFC(reinterpret_cast<const utf8proc_uint8_t*>(decomposed.c_str()));
    if (composed == nullptr) return decomposed;
    std::string result(reinterpret_cast<const char*>(composed));
    std::free(composed);
    return result;
}

}  // namespace fantasma::latex
