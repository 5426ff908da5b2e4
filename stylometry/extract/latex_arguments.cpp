// Scanner: commands, their arguments and environments.
#include <algorithm>
#include <string>

#include "stylometry/extract/latex_scanner.hpp"

namespace fantasma::latex {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::size_t utf8_length(char lead) {
    const auto byte = static_cast<unsigned char>(lead);
    if (byte >= 0xF0) return 4;
    if (byte >= 0xE0) return 3;
    if (byte >= 0xC0) return 2;
    return 1;
}

// One ASCII letter or one well-formed multi-byte UTF-8 character.
bool is_one_letter(std::string_view text) {
    if (text.empty() || text.size() != utf8_length(text.front())) return false;
    if (text.size() == 1) return is_letter(text.front());
    for (std::size_t i = 1; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) return false;
    }
    return true;
}

// Environments whose {arguments} after \begin{name} are sizes or specs, not prose.
bool takes_spec_arguments(std::string_view name, EnvironmentKind kind) {
    return kind == EnvironmentKind::Table || name == "minipage" || name == "wrapfigure" ||
           name == "multicols" || name == "adjustbox";
}

}  // namespace

void Scanner::command() {
    const std::size_t start = pos_;
    if (pos_ + 1 >= end_) {
        ++pos_;
        return;
    }
    if (!is_letter(source_[pos_ + 1])) {
        control_symbol(source_[pos_ + 1]);
        return;
    }
    std::size_t name_end = pos_ + 1;
    while (name_end < end_ && is_letter(source_[name_end])) ++name_end;
    const std::string_view name = source_.substr(pos_ + 1, name_end - pos_ - 1);
    pos_ = name_end < end_ && source_[name_end] == '*' ? name_end + 1 : name_end;
    const Command command = classify_command(name);
    switch (command.kind) {
        case CommandKind::Unknown:
            if (name == "par") end_paragraph();
            skip_options();
            return;
        case CommandKind::Block:
            end_paragraph();
            skip_options();
            skip_spaces();
            if (pos_ < end_ && source_[pos_] == '{') {
                builder_.begin_block(command.block);
                groups_.push_back({'}', true});
                ++pos_;
            }
            return;
        case CommandKind::Footnote:
            skip_options();
            skip_spaces();
            if (pos_ < end_ && source_[pos_] == '{') {
                const std::size_t close = group_end(source_, pos_, end_);
                const bool closed = close > pos_ + 1 && source_[close - 1] == '}';
                footnotes_.push_back({pos_ + 1, closed ? close - 1 : close});
                pos_ = close;
            }
            return;
        case CommandKind::Item:
            end_paragraph();
            builder_.begin_block(BlockKind::ListItem);
            if (pos_ < end_ && source_[pos_] == '[' && bracket_end(pos_) != npos) {
                groups_.push_back({']', false});  // a description label is prose
                ++pos_;
            }
            return;
        case CommandKind::SkipArguments:
            skip_arguments();
            return;
        case CommandKind::SkipFirst:
            skip_options();
            skip_spaces();
            if (pos_ < end_ && source_[pos_] == '{') pos_ = group_end(source_, pos_, end_);
            return;
        case CommandKind::Typography:
            if (command.text == "\n" && in_table()) {
                end_paragraph();
            } else {
                synthetic(command.text, start, pos_);
            }
            if (source_.substr(pos_, 2) == "{}") pos_ += 2;
            return;
        case CommandKind::Accent:
            accent(start, command.text);
            return;
        case CommandKind::Verb:
            verb();
            return;
        case CommandKind::Primitive:
            primitive(name);
            return;
        case CommandKind::Begin:
            begin_environment();
            return;
        case CommandKind::End:
            end_environment();
            return;
    }
}

// A backslash followed by a non-letter.
void Scanner::control_symbol(char symbol) {
    const std::size_t start = pos_;
    pos_ += 2;
    switch (symbol) {
        case '\\':  // a line break: a new cell in tables
            if (pos_ < end_ && source_[pos_] == '*') ++pos_;
            skip_options();
            if (in_table()) {
                end_paragraph();
            } else {
                synthetic("\n", start, pos_);
            }
            return;
        case '&':
        case '%':
        case '$':
        case '#':
        case '_':
        case '{':
        case '}':
        case ' ':
            verbatim(start + 1, start + 2);
            return;
        case '\n':
        case '\t':
        case ',':
        case ';':
        case ':':
            synthetic(" ", start, pos_);
            return;
        case '(':
            pos_ = start;
            delimited_math(')', failed_paren_);
            return;
        case '[':
            pos_ = start;
            delimited_math(']', failed_bracket_);
            return;
        default:
            if (const std::string_view mark = accent_mark(symbol); !mark.empty()) {
                accent(start, mark);
            }
            return;  // \- \/ \! \@ and the like: no text
    }
}

// \'e, \'{e}, \c c, \c{c}: the letter with its mark, as one synthetic piece.
void Scanner::accent(std::size_t start, std::string_view mark) {
    std::size_t at = pos_;
    while (at < end_ && is_letter(source_[pos_ - 1]) && source_[at] == ' ') ++at;
    if (at >= end_) return;
    std::string_view letter;
    std::size_t after = 0;
    if (source_[at] == '{') {
        // {x}, {\i}: the brace closes within a few bytes, so no need to scan further.
        const std::size_t close = source_.substr(at, 8).find('}');
        if (close == npos || at + close >= end_) return;
        const std::string_view inside = source_.substr(at + 1, close - 1);
        letter = inside == "\\i" ? "i" : (inside == "\\j" ? "j" : inside);
        after = at + close + 1;
    } else {
        letter = source_.substr(at, utf8_length(source_[at]));
        after = at + letter.size();
    }
    if (!is_one_letter(letter)) return;
    synthetic(compose_accent(letter, mark), start, after);
    pos_ = after;
}

// \verb|..| (any delimiter, on one line): skipped.
void Scanner::verb() {
    if (pos_ >= end_) return;
    const char delimiter = source_[pos_];
    for (std::size_t close = pos_ + 1; close < end_ && source_[close] != '\n'; ++close) {
        if (source_[close] == delimiter) {
            pos_ = close + 1;
            return;
        }
    }
}

void Scanner::begin_environment() {
    const std::string_view name = environment_name();
    if (name.empty() || name == "document") return;
    const EnvironmentKind kind = classify_environment(name);
    if (kind == EnvironmentKind::Math || kind == EnvironmentKind::Skipped) {
        if (kind == EnvironmentKind::Skipped) end_paragraph();
        const std::string closing = "\\end{" + std::string(name) + "}";
        const std::size_t at = source_.find(closing, pos_);
        pos_ = at == npos || at >= end_ ? end_ : at + closing.size();
        return;
    }
    end_paragraph();
    skip_options();
    if (takes_spec_arguments(name, kind)) {
        while (pos_ < end_ && (source_[pos_] == '{' || source_[pos_] == '[')) {
            if (source_[pos_] == '[') {
                const std::size_t close = bracket_end(pos_);
                if (close == npos) break;
                pos_ = close;
            } else {
                pos_ = group_end(source_, pos_, end_);
            }
        }
    }
    BlockKind block = current_kind();
    if (kind == EnvironmentKind::List) block = BlockKind::ListItem;
    if (kind == EnvironmentKind::Quote) block = BlockKind::Quote;
    if (kind == EnvironmentKind::Table) block = BlockKind::TableCell;
    environments_.push_back({name, block});
}

void Scanner::end_environment() {
    const std::string_view name = environment_name();
    if (name == "document") {
        pos_ = end_;
        return;
    }
    for (std::size_t i = environments_.size(); i > 0; --i) {
        if (environments_[i - 1].name == name) {
            environments_.resize(i - 1);
            break;
        }
    }
    end_paragraph();
}

// The {name} after \begin or \end (pos_ moves past it); empty when there is none.
std::string_view Scanner::environment_name() {
    skip_spaces();
    if (pos_ >= end_ || source_[pos_] != '{') return {};
    const std::size_t close = group_end(source_, pos_, end_);
    if (close < pos_ + 2 || source_[close - 1] != '}') return {};
    std::string_view name = source_.substr(pos_ + 1, close - pos_ - 2);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    pos_ = close;
    return name;
}

void Scanner::skip_options() {
    while (pos_ < end_ && source_[pos_] == '[') {
        const std::size_t close = bracket_end(pos_);
        if (close == npos) return;
        pos_ = close;
    }
}

// Every argument: [options] and {groups}, spaces allowed before the first group only.
void Scanner::skip_arguments() {
    skip_options();
    skip_spaces();
    while (pos_ < end_ && (source_[pos_] == '{' || source_[pos_] == '[')) {
        if (source_[pos_] == '[') {
            const std::size_t close = bracket_end(pos_);
            if (close == npos) return;
            pos_ = close;
        } else {
            pos_ = group_end(source_, pos_, end_);
        }
    }
}

void Scanner::skip_spaces() {
    while (pos_ < end_ && (source_[pos_] == ' ' || source_[pos_] == '\t')) ++pos_;
}

// Past the "]" closing the option at `open` (braces may hide brackets); npos when the
// paragraph ends first.
std::size_t Scanner::bracket_end(std::size_t open) const {
    constexpr std::size_t kLongestOption = 500;  // keeps repeated unclosed "[" linear
    int depth = 0;
    const std::size_t limit = std::min(end_, open + kLongestOption);
    for (std::size_t j = open + 1; j < limit; ++j) {
        const char c = source_[j];
        if (c == '\\') {
            ++j;
        } else if (c == '{') {
            ++depth;
        } else if (c == '}') {
            --depth;
        } else if (c == ']' && depth <= 0) {
            return j + 1;
        } else if (paragraph_ends(j)) {
            return npos;
        }
    }
    return npos;
}

}  // namespace fantasma::latex
