// Plain text: the prose lines of e-mails, notes and reStructuredText-like documentation. Code,
// markup and drawings in them are not the writer's prose: a doctest's string quotes, an
// ASCII-art commit graph's dashes or a role's colons say nothing about how the writer writes.
#include <algorithm>
#include <cctype>
#include <vector>

#include "stylometry/extract/extract.hpp"
#include "stylometry/extract/prose_builder.hpp"

namespace fantasma {
namespace {

// Indentation deeper than this in a document of mostly flush lines reads as code or a quoted
// block, as in Markdown.
constexpr std::size_t kCodeIndent = 4;

struct Line {
    std::size_t begin = 0;
    std::size_t end = 0;     // past the line break
    std::string_view body;   // without indentation and trailing whitespace
    std::size_t indent = 0;  // columns; a tab counts as kCodeIndent
    std::size_t body_begin = 0;
    bool prose = true;
    bool blank() const { return body.empty(); }
};

std::vector<Line> split_lines(std::string_view source) {
    std::vector<Line> lines;
    std::size_t begin = 0;
    while (begin < source.size()) {
        std::size_t end = source.find('\n', begin);
        end = end == std::string_view::npos ? source.size() : end + 1;
        Line line;
        line.begin = begin;
        line.end = end;
        std::size_t at = begin;
        for (; at < end && (source[at] == ' ' || source[at] == '\t'); ++at)
            line.indent += source[at] == '\t' ? kCodeIndent : 1;
        std::size_t last = end;
        while (last > at &&
               std::string_view(" \t\r\n\f\v").find(source[last - 1]) != std::string_view::npos)
            --last;
        line.body_begin = at;
        line.body = source.substr(at, last - at);
        lines.push_back(line);
        begin = end;
    }
    return lines;
}

bool is_letter_or_digit(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

// An edge of a graph drawn in hyphens: a run of two or more attached to a one-character node
// ("o---o", "---A", "B--"), unlike a dash between words ("well---maybe", "yes -- no").
bool has_drawn_edge(std::string_view body) {
    const auto node_length = [&](std::size_t at, int step) {
        std::size_t length = 0;
        for (auto i = static_cast<std::ptrdiff_t>(at);
             i >= 0 && i < static_cast<std::ptrdiff_t>(body.size()) &&
             is_letter_or_digit(static_cast<unsigned char>(body[static_cast<std::size_t>(i)]));
             i += step)
            ++length;
        return length;
    };
    for (std::size_t at = body.find("--"); at != std::string_view::npos; at = body.find("--", at)) {
        std::size_t end = at;
        while (end < body.size() && body[end] == '-') ++end;
        const std::size_t before = at == 0 ? 0 : node_length(at - 1, -1);
        const std::size_t after = node_length(end, 1);
        if (before == 1 || after == 1) return true;
        at = end;
    }
    return false;
}

// A line drawn rather than written: a commit graph (" ---o---o---M", "   /   \\"), a box, a
// rule ("-----", "*****"), the underline of a heading. Mostly symbols, among them lines, or
// graph edges.
bool is_drawing(std::string_view body) {
    std::size_t visible = 0, symbols = 0;
    for (const char c : body) {
        if (c == ' ' || c == '\t') continue;
        ++visible;
        symbols += is_letter_or_digit(static_cast<unsigned char>(c)) ? 0 : 1;
    }
    const bool has_lines = body.find("--") != std::string_view::npos ||
                           body.find_first_of("/\\|=*~^_#+") != std::string_view::npos;
    // "  \\  /", "=====", but not "-- ", the line before an e-mail signature.
    if (has_lines && visible > 0 && symbols == visible && body != "--") return true;
    return has_drawn_edge(body) || (visible >= 3 && has_lines && symbols * 5 >= visible * 2);
}

// A line that reads as a sentence, past a mail's quotation marks: five words or more and at
// most one character of code ("(){}[]<>=;$#/\\|&*_`~^"). A word is a space-separated run of two
// letters or more, with its punctuation and quotes; a hash (8d14531846b95bfa), a path or a number
// is none.
bool reads_as_prose(std::string_view body) {
    // A quoted line of a mail ("> where Junio told me") reads as its text.
    while (!body.empty() && (body.front() == '>' || body.front() == ' ')) body.remove_prefix(1);
    const auto is_letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    std::size_t words = 0, code = 0;
    for (const char c : body) {
        code += std::string_view("(){}[]<>=;$#/\\|&*_`~^").find(c) != std::string_view::npos;
    }
    for (std::size_t at = 0; at < body.size();) {
        const std::size_t end = std::min(body.find(' ', at), body.size());
        std::string_view word = body.substr(at, end - at);
        while (!word.empty() &&
               std::string_view("\"'(").find(word.front()) != std::string_view::npos)
            word.remove_prefix(1);
        while (!word.empty() &&
               std::string_view("\"'),.;:!?").find(word.back()) != std::string_view::npos)
            word.remove_suffix(1);
        const bool letters = word.size() >= 2 && std::ranges::all_of(word, [&](char c) {
                                 return is_letter(c) || c == '\'' || c == '-' ||
                                        static_cast<unsigned char>(c) >= 0x80;
                             });
        words += letters ? 1 : 0;
        at = end + 1;
    }
    return words >= 5 && code <= 1;
}

bool starts_with_word(std::string_view body, std::string_view word) {
    return body.starts_with(word) && (body.size() == word.size() || body[word.size()] == ' ');
}

// reStructuredText directives whose body is code, not prose.
bool has_code_body(std::string_view directive) {
    static constexpr std::string_view kinds[] = {
        ".. code-block::",      ".. code::",          ".. sourcecode::",
        ".. testcode::",        ".. testoutput::",    ".. doctest::",
        ".. testsetup::",       ".. testcleanup::",   ".. ipython::",
        ".. jupyter-execute::", ".. literalinclude::"};
    return std::ranges::any_of(kinds, [&](std::string_view k) { return directive.starts_with(k); });
}

// A line shaped like C-family code: a statement or brace ending it ("int len;", "for (...) {",
// "}"), or a preprocessor directive ("#if 0", "#endif").
bool is_code_shaped(std::string_view body) {
    if (body.empty()) return false;
    for (const std::string_view directive : {"#if", "#endif", "#else", "#include", "#define"}) {
        if (body.starts_with(directive)) return true;
    }
    const char last = body.back();
    return last == ';' || last == '{' || last == '}';
}

// The delimiter of an AsciiDoc listing or literal block: a line of four or more '-' or '.'.
bool is_block_delimiter(std::string_view body) {
    return body.size() >= 4 && (body.find_first_not_of('-') == std::string_view::npos ||
                                body.find_first_not_of('.') == std::string_view::npos);
}

// Whether lines [first, end) are mostly not sentences (blank lines aside): code, commands or
// program output rather than a paragraph between two rules.
bool mostly_not_sentences(const std::vector<Line>& lines, std::size_t first, std::size_t end) {
    std::size_t written = 0, sentences = 0;
    for (std::size_t i = first; i < end; ++i) {
        // A blank line, or one of a mail's quotation marks alone (">>"), says nothing.
        if (lines[i].body.find_first_not_of("> ") == std::string_view::npos) continue;
        ++written;
        sentences += reads_as_prose(lines[i].body) ? 1 : 0;
    }
    return sentences * 2 <= written;
}

// Whether lines[open] opens an AsciiDoc block: a delimiter after a blank line (or none) and
// before a written one. A heading's underline follows its title instead.
bool opens_listing(const std::vector<Line>& lines, std::size_t open) {
    return is_block_delimiter(lines[open].body) && (open == 0 || lines[open - 1].blank()) &&
           open + 1 < lines.size() && !lines[open + 1].blank();
}

// Whether the one line between an overline and an underline is a reStructuredText title
// ("-----\nTitle\n-----"): flush, no longer than its rules.
bool is_title_between(const std::vector<Line>& lines, std::size_t open, std::size_t close) {
    const Line& title = lines[open + 1];
    return close == open + 2 && title.indent == 0 && title.body.size() <= lines[open].body.size();
}

// Marks AsciiDoc listing blocks (the git manual's mails quote commands, program output and C
// source between two identical lines of hyphens) as code, and paragraphs most of whose lines
// are shaped like C statements, wherever they stand.
void mark_listings(std::vector<Line>& lines) {
    for (std::size_t open = 0; open < lines.size(); ++open) {
        if (!opens_listing(lines, open)) continue;
        std::size_t close = open + 1;
        while (close < lines.size() && lines[close].body != lines[open].body) ++close;
        if (close == lines.size()) break;
        if (!is_title_between(lines, open, close) && mostly_not_sentences(lines, open + 1, close)) {
            for (std::size_t i = open; i <= close; ++i) lines[i].prose = false;
        }
        open = close;
    }
    for (std::size_t first = 0; first < lines.size();) {
        std::size_t end = first, shaped = 0;
        for (; end < lines.size() && !lines[end].blank(); ++end) {
            shaped += is_code_shaped(lines[end].body) ? 1 : 0;
        }
        if (shaped * 2 > end - first && mostly_not_sentences(lines, first, end)) {
            for (std::size_t i = first; i < end; ++i) lines[i].prose = false;
        }
        first = end + 1;
    }
}

// Marks the lines that are code, markup or drawings. A literal block (after a line ending
// "::" or a code directive) runs over the lines indented deeper than its opening line; a
// doctest runs from a ">>>" prompt to the next blank line.
void mark_code_lines(std::vector<Line>& lines) {
    std::size_t flush = 0, non_blank = 0;
    for (const Line& line : lines) {
        if (line.blank()) continue;
        ++non_blank;
        flush += line.indent < kCodeIndent ? 1 : 0;
    }
    bool in_literal = false, in_doctest = false;
    std::size_t literal_indent = 0;
    for (Line& line : lines) {
        if (line.blank()) {
            in_doctest = false;
            continue;
        }
        if (in_literal && line.indent > literal_indent) {
            line.prose = false;
            continue;
        }
        in_literal = false;
        const std::string_view body = line.body;
        if (starts_with_word(body, ">>>")) in_doctest = true;
        const bool directive = starts_with_word(body, "..");
        if (in_doctest || directive || starts_with_word(body, "$") || is_drawing(body)) {
            line.prose = false;
        }
        if ((directive && has_code_body(body)) || (!directive && body.ends_with("::"))) {
            in_literal = true;
            literal_indent = line.indent;
        }
    }
    // Blocks indented as a whole, in a document mostly written flush left, whose lines mostly
    // do not read as sentences: code or commands, as in Markdown. (Where most lines are
    // indented, the indentation is the writer's layout; an indented block of sentences is
    // a quotation or a letter's layout: both stay prose.)
    if (flush * 2 <= non_blank) return;
    for (std::size_t first = 0; first < lines.size();) {
        if (lines[first].blank()) {
            ++first;
            continue;
        }
        std::size_t end = first, sentences = 0;
        bool indented = true;
        for (; end < lines.size() && !lines[end].blank(); ++end) {
            indented = indented && lines[end].indent >= kCodeIndent;
            sentences += reads_as_prose(lines[end].body) ? 1 : 0;
        }
        if (indented && sentences * 2 <= end - first) {
            for (std::size_t i = first; i < end; ++i) lines[i].prose = false;
        }
        first = end;
    }
}

// Where inline markup at source[at] ends: a role (":func:`sorted`"), a literal
// ("``x = 1``") or an identifier in backticks ("`sorted`"); `at` when there is none there.
std::size_t inline_markup_end(std::string_view source, std::size_t at, std::size_t end) {
    const std::string_view rest = source.substr(at, end - at);
    if (rest.starts_with("``")) {
        const std::size_t close = rest.find("``", 2);
        if (close == std::string_view::npos || close == 2) return at;
        if (rest.substr(2, close - 2).find("''") != std::string_view::npos) return at;
        return at + close + 2;
    }
    std::size_t tick = 0;
    if (rest.starts_with(':')) {  // a role: ":name:`...`"
        std::size_t i = 1;
        while (i < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[i])) ||
                                   rest[i] == '-' || rest[i] == ':'))
            ++i;
        if (i < 3 || rest[i - 1] != ':' || i >= rest.size() || rest[i] != '`') return at;
        tick = i;
    } else if (!rest.starts_with('`')) {
        return at;
    }
    const std::size_t close = rest.find('`', tick + 1);
    // A role whose text runs on to the next line (":func:`accumulate(iterable," then
    // "func)<accumulate>`"): its code is the rest of this line.
    if (close == std::string_view::npos && tick > 0) return end;
    if (close == std::string_view::npos || close == tick + 1) return at;
    const std::string_view inside = rest.substr(tick + 1, close - tick - 1);
    if (tick == 0 && inside.find(' ') != std::string_view::npos) return at;  // `a link`_
    return at + close + 1;
}

// The line's prose, minus inline code markup, and a closing "::" read as ":".
void add_line(ProseBuilder& builder, std::string_view source, const Line& line) {
    std::size_t end = line.body_begin + line.body.size();
    if (line.body.ends_with("::")) {
        end -= 1;
        if (end >= 2 && source[end - 2] == ' ') end -= 2;  // "code ::" reads "code"
    }
    std::size_t piece = line.begin;
    for (std::size_t at = line.body_begin; at < end;) {
        const std::size_t markup_end = std::min(inline_markup_end(source, at, end), end);
        const bool at_word_start = at == line.body_begin || source[at - 1] == ' ' ||
                                   source[at - 1] == '(' || source[at - 1] == '\t';
        if (markup_end > at && (at_word_start || source[at] == '`')) {
            builder.verbatim(piece, at);
            piece = at = markup_end;
        } else {
            ++at;
        }
    }
    builder.verbatim(piece, end);
    // The line break (and any trailing spaces) after the line, past a dropped "::".
    builder.verbatim(std::max(end, line.body_begin + line.body.size()), line.end);
}

}  // namespace

Prose extract_text(std::string_view source) {
    ProseBuilder builder(source, Language::Text);
    std::vector<Line> lines = split_lines(source);
    mark_code_lines(lines);
    mark_listings(lines);
    for (const Line& line : lines) {
        if (line.blank() || !line.prose) {
            builder.end_block();
            continue;
        }
        if (!builder.in_block()) builder.begin_block(BlockKind::Paragraph);
        add_line(builder, source, line);
    }
    return builder.finish();
}

}  // namespace fantasma
