#include "stylometry/extract/markdown_lines.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace fantasma::markdown {
namespace {

bool is_ascii_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (lower(text[i]) != prefix[i]) return false;
    }
    return true;
}

bool contains(std::string_view text, std::string_view needle) {
    return text.find(needle) != std::string_view::npos;
}

// Three or more of `marker`, with only spaces or tabs between and around them.
bool only_marker_run(std::string_view line, char marker, bool spaces_inside) {
    std::size_t count = 0;
    bool seen_space_after = false;
    for (const char c : line) {
        if (c == marker) {
            if (seen_space_after && !spaces_inside) return false;
            ++count;
        } else if (c == ' ' || c == '\t') {
            if (count > 0) seen_space_after = true;
        } else {
            return false;
        }
    }
    return count >= 3 || (!spaces_inside && count >= 1);
}

constexpr std::string_view kBlockTags[] = {
    "address",  "article",  "aside",    "base",       "basefont", "blockquote", "body",   "caption",
    "center",   "col",      "colgroup", "dd",         "details",  "dialog",     "dir",    "div",
    "dl",       "dt",       "fieldset", "figcaption", "figure",   "footer",     "form",   "frame",
    "frameset", "h1",       "h2",       "h3",         "h4",       "h5",         "h6",     "head",
    "header",   "hr",       "html",     "iframe",     "legend",   "li",         "link",   "main",
    "menu",     "menuitem", "nav",      "noframes",   "ol",       "optgroup",   "option", "p",
    "param",    "search",   "section",  "summary",    "table",    "tbody",      "td",     "tfoot",
    "th",       "thead",    "title",    "tr",         "track",    "ul"};

}  // namespace

Cursor skip_indent(std::string_view source, Cursor at, std::size_t end) {
    while (at.pos < end && (source[at.pos] == ' ' || source[at.pos] == '\t')) {
        at.column = source[at.pos] == '\t' ? (at.column / 4 + 1) * 4 : at.column + 1;
        ++at.pos;
    }
    return at;
}

bool is_blank(std::string_view source, std::size_t begin, std::size_t end) {
    return trim(source, begin, end).empty();
}

Span trim(std::string_view source, std::size_t begin, std::size_t end) {
    while (begin < end && (source[begin] == ' ' || source[begin] == '\t')) ++begin;
    while (end > begin && (source[end - 1] == ' ' || source[end - 1] == '\t')) --end;
    return {begin, end};
}

bool is_thematic_break(std::string_view source, std::size_t begin, std::size_t end) {
    const std::string_view line = source.substr(begin, end - begin);
    return only_marker_run(line, '*', true) || only_marker_run(line, '-', true) ||
           only_marker_run(line, '_', true);
}

bool is_setext_underline(std::string_view source, std::size_t begin, std::size_t end) {
    const std::string_view line = source.substr(begin, end - begin);
    return only_marker_run(line, '=', false) || only_marker_run(line, '-', false);
}

bool starts_fence(std::string_view source, std::size_t begin, std::size_t end, Fence& fence) {
    if (begin >= end || (source[begin] != '`' && source[begin] != '~')) return false;
    const char marker = source[begin];
    std::size_t length = 0;
    while (begin + length < end && source[begin + length] == marker) ++length;
    if (length < 3) return false;
    const std::string_view info = source.substr(begin + length, end - begin - length);
    if (marker == '`' && contains(info, "`")) return false;
    fence = {marker, length};
    return true;
}

bool closes_fence(std::string_view source, std::size_t begin, std::size_t end, const Fence& fence) {
    std::size_t length = 0;
    while (begin + length < end && source[begin + length] == fence.marker) ++length;
    return length >= fence.length && is_blank(source, begin + length, end);
}

bool atx_heading(std::string_view source, std::size_t begin, std::size_t end, Span& content) {
    std::size_t level = 0;
    while (begin + level < end && source[begin + level] == '#') ++level;
    if (level == 0 || level > 6) return false;
    const std::size_t after = begin + level;
    if (after < end && source[after] != ' ' && source[after] != '\t') return false;
    Span text = trim(source, after, end);
    // A closing run of #s counts only when a space precedes it (or it is all there is).
    std::size_t closing = text.end;
    while (closing > text.begin && source[closing - 1] == '#') --closing;
    if (closing == text.begin) {
        text.end = text.begin;
    } else if (closing < text.end && (source[closing - 1] == ' ' || source[closing - 1] == '\t')) {
        text = trim(source, text.begin, closing);
    }
    content = text;
    return true;
}

bool list_marker(std::string_view source, std::size_t begin, std::size_t end, std::size_t& width) {
    std::size_t length = 0;
    if (begin < end && (source[begin] == '-' || source[begin] == '+' || source[begin] == '*')) {
        length = 1;
    } else {
        while (begin + length < end && length < 10 && is_digit(source[begin + length])) ++length;
        if (length == 0 || length > 9 || begin + length >= end) return false;
        if (source[begin + length] != '.' && source[begin + length] != ')') return false;
        ++length;
    }
    const std::size_t after = begin + length;
    if (after < end && source[after] != ' ' && source[after] != '\t') return false;
    width = length;
    return true;
}

int html_block_start(std::string_view source, std::size_t begin, std::size_t end, bool may_be_7) {
    const std::string_view line = source.substr(begin, end - begin);
    if (line.empty() || line[0] != '<') return 0;
    for (const std::string_view tag : {"<script", "<pre", "<style", "<textarea"}) {
        if (starts_with_nocase(line, tag)) {
            const std::size_t after = tag.size();
            if (after == line.size() || line[after] == ' ' || line[after] == '>' ||
                line[after] == '\t') {
                return 1;
            }
        }
    }
    if (line.starts_with("<!--")) return 2;
    if (line.starts_with("<?")) return 3;
    if (line.starts_with("<![CDATA[")) return 5;
    if (line.size() > 2 && line[1] == '!' && is_ascii_alpha(line[2])) return 4;
    const std::size_t name_begin = line.size() > 1 && line[1] == '/' ? 2 : 1;
    std::size_t name_end = name_begin;
    while (name_end < line.size() && (is_ascii_alpha(line[name_end]) || is_digit(line[name_end]))) {
        ++name_end;
    }
    if (name_end == name_begin || !is_ascii_alpha(line[name_begin])) return 0;
    std::string name;
    for (std::size_t i = name_begin; i < name_end; ++i) name += lower(line[i]);
    const bool name_ends = name_end == line.size() || line[name_end] == ' ' ||
                           line[name_end] == '\t' || line[name_end] == '>' ||
                           line.substr(name_end).starts_with("/>");
    if (name_ends && std::ranges::find(kBlockTags, name) != std::end(kBlockTags)) return 6;
    // Kind 7: a lone complete tag on the line.
    const Span rest = trim(source, begin, end);
    const std::string_view tag = source.substr(rest.begin, rest.size());
    if (may_be_7 && tag.back() == '>' && tag.find('<', 1) == std::string_view::npos &&
        (name_ends || line[name_end] == '-')) {
        return 7;
    }
    return 0;
}

bool html_block_ends(std::string_view source, std::size_t begin, std::size_t end, int kind) {
    const std::string_view line = source.substr(begin, end - begin);
    switch (kind) {
        case 1: {
            std::string lowered;
            for (const char c : line) lowered += lower(c);
            return contains(lowered, "</script>") || contains(lowered, "</pre>") ||
                   contains(lowered, "</style>") || contains(lowered, "</textarea>");
        }
        case 2:
            return contains(line, "-->");
        case 3:
            return contains(line, "?>");
        case 4:
            return contains(line, ">");
        case 5:
            return contains(line, "]]>");
        default:
            return is_blank(source, begin, end);
    }
}

bool table_delimiter_row(std::string_view source, std::size_t begin, std::size_t end,
                         std::size_t& cells) {
    const std::string_view line = source.substr(begin, end - begin);
    if (line.find('-') == std::string_view::npos) return false;
    if (line.find_first_not_of("|:- \t") != std::string_view::npos) return false;
    const std::vector<Span> parts = table_cells(source, begin, end);
    for (const Span part : parts) {
        const std::string_view cell = source.substr(part.begin, part.size());
        if (cell.find('-') == std::string_view::npos) return false;
        if (cell.find_first_not_of(":-") != std::string_view::npos) return false;
    }
    // Without any pipe, a row of dashes is a setext underline or a thematic break.
    if (line.find('|') == std::string_view::npos) return false;
    cells = parts.size();
    return true;
}

std::vector<Span> table_cells(std::string_view source, std::size_t begin, std::size_t end) {
    Span row = trim(source, begin, end);
    if (row.begin < row.end && source[row.begin] == '|') ++row.begin;
    if (row.end > row.begin && source[row.end - 1] == '|' &&
        (row.end - 1 == row.begin || source[row.end - 2] != '\\')) {
        --row.end;
    }
    std::vector<Span> cells;
    std::size_t cell_begin = row.begin;
    for (std::size_t i = row.begin; i < row.end; ++i) {
        if (source[i] == '\\') {
            ++i;
        } else if (source[i] == '|') {
            cells.push_back(trim(source, cell_begin, i));
            cell_begin = i + 1;
        }
    }
    cells.push_back(trim(source, cell_begin, std::max(cell_begin, row.end)));
    return cells;
}

bool reference_definition(std::string_view source, std::size_t begin, std::size_t end,
                          std::string_view& label) {
    if (begin >= end || source[begin] != '[') return false;
    const std::string_view line = source.substr(begin, end - begin);
    const std::size_t close = line.find("]:");
    if (close == std::string_view::npos || close < 2 || line[1] == '^') return false;
    const std::string_view inside = line.substr(1, close - 1);
    if (inside.find_first_of("[]") != std::string_view::npos) return false;
    if (is_blank(source, begin + close + 2, end)) return false;
    label = inside;
    return true;
}

bool footnote_definition(std::string_view source, std::size_t begin, std::size_t end,
                         std::size_t& content_begin) {
    const std::string_view line = source.substr(begin, end - begin);
    if (!line.starts_with("[^")) return false;
    const std::size_t close = line.find("]:");
    if (close == std::string_view::npos || close < 3) return false;
    if (line.substr(2, close - 2).find_first_of("[] \t") != std::string_view::npos) return false;
    content_begin = begin + close + 2;
    return true;
}

std::string normalize_label(std::string_view label) {
    std::string normal;
    bool pending_space = false;
    for (const char c : label) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            pending_space = !normal.empty();
            continue;
        }
        if (pending_space) normal += ' ';
        pending_space = false;
        normal += lower(c);
    }
    return normal;
}

std::vector<Span> img_alt_values(std::string_view source, std::size_t begin, std::size_t end) {
    const auto lower = [&](std::size_t at) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(source[at])));
    };
    const auto at_word = [&](std::size_t at, std::string_view word) {
        if (at + word.size() > end) return false;
        for (std::size_t i = 0; i < word.size(); ++i) {
            if (lower(at + i) != word[i]) return false;
        }
        return true;
    };
    std::vector<Span> values;
    for (std::size_t at = begin; at < end; ++at) {
        if (source[at] != '<' || !at_word(at + 1, "img") || at + 4 >= end ||
            std::isalnum(static_cast<unsigned char>(source[at + 4]))) {
            continue;
        }
        const std::size_t close = std::min(source.find('>', at), end);
        for (std::size_t a = at + 4; a < close; ++a) {
            // ` alt="..."` or ` alt='...'`: a whole attribute name, then its quoted value.
            if (!std::isspace(static_cast<unsigned char>(source[a - 1])) || !at_word(a, "alt="))
                continue;
            const std::size_t open = a + 4;
            if (open >= close || (source[open] != '"' && source[open] != '\'')) continue;
            const std::size_t quote = source.find(source[open], open + 1);
            if (quote < close && quote > open + 1) values.emplace_back(open + 1, quote);
            break;
        }
        at = close;
    }
    return values;
}

}  // namespace fantasma::markdown
