#include "stylometry/extract/latex_scanner.hpp"

#include <algorithm>
#include <utility>

namespace fantasma::latex {
namespace {

constexpr std::size_t npos = std::string_view::npos;
constexpr int kMaxFootnoteDepth = 8;

// Past the "}" closing a short brace group at `open` that holds no word of two letters or
// more (nor any letter beyond ASCII; command names such as \tt are no words): keys
// ({C-x i}), symbols or numbers, which are no prose. npos for any other group, which is
// read as usual. Only the next few bytes are looked at, so deep nesting stays linear.
std::size_t wordless_group_end(std::string_view source, std::size_t open, std::size_t end) {
    constexpr std::size_t kLongestKeys = 64;
    const auto is_letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    const std::size_t limit = std::min(end, open + kLongestKeys);
    std::size_t run = 0;
    for (std::size_t at = open + 1; at < limit; ++at) {
        const char c = source[at];
        if (c == '}') return at + 1;
        if (c == '{' || c == '%' || c == '\n' || static_cast<unsigned char>(c) >= 0x80) {
            return npos;
        }
        if (c == '\\') {
            if (at + 1 < limit && !is_letter(source[at + 1])) ++at;  // \% \{ and friends
            while (at + 1 < limit && is_letter(source[at + 1])) ++at;
            run = 0;
            continue;
        }
        run = is_letter(c) ? run + 1 : 0;
        if (run >= 2) return npos;
    }
    return npos;
}

// Whether the brace group at `open` sets its text in typewriter type ({\tt TRUE},
// {\ttfamily make}): code, file and argument names, as \texttt{..} would.
bool opens_typewriter_group(std::string_view source, std::size_t open, std::size_t end) {
    std::size_t at = open + 1;
    while (at < end && source[at] == ' ') ++at;
    for (const std::string_view declaration : {"\\ttfamily", "\\tt"}) {
        const std::size_t after = at + declaration.size();
        if (source.substr(at, declaration.size()) == declaration &&
            (after >= end || !((source[after] >= 'a' && source[after] <= 'z') ||
                               (source[after] >= 'A' && source[after] <= 'Z')))) {
            return true;
        }
    }
    return false;
}

bool is_special(char c) {
    switch (c) {
        case '\\':
        case '%':
        case '{':
        case '}':
        case ']':
        case '$':
        case '~':
        case '-':
        case '`':
        case '\'':
        case '&':
        case '#':
        case '\n':
            return true;
        default:
            return false;
    }
}

}  // namespace

std::size_t group_end(std::string_view source, std::size_t open, std::size_t limit) {
    int depth = 0;
    std::size_t first_blank = npos;
    for (std::size_t j = open; j < limit; ++j) {
        const char c = source[j];
        if (c == '\\') {
            ++j;
        } else if (c == '%') {
            j = source.find('\n', j);
            if (j == npos || j >= limit) break;
        } else if (c == '{') {
            ++depth;
        } else if (c == '}') {
            if (--depth == 0) return j + 1;
        } else if (c == '\n' && first_blank == npos) {
            std::size_t k = j + 1;
            while (k < limit && (source[k] == ' ' || source[k] == '\t' || source[k] == '\r')) ++k;
            if (k >= limit || source[k] == '\n') first_blank = j + 1;
        }
    }
    return first_blank != npos ? first_blank : limit;
}

void Scanner::run_block(BlockKind kind, std::size_t begin, std::size_t end) {
    end_paragraph();
    builder_.begin_block(kind);
    run(begin, end);
}

void Scanner::run(std::size_t begin, std::size_t end) {
    pos_ = begin;
    end_ = std::min(end, source_.size());
    while (pos_ < end_) {
        if ((pos_ == 0 || source_[pos_ - 1] == '\n') && at_blank_line(pos_)) {
            end_paragraph();
            pos_ = next_line(pos_);
            continue;
        }
        switch (source_[pos_]) {
            case '\\':
                command();
                break;
            case '%':
                comment();
                break;
            case '{':
                if (const std::size_t close = wordless_group_end(source_, pos_, end_);
                    close != npos) {
                    pos_ = close;  // {C-x i}, {M-!}, {1}: keys and symbols, no prose
                    break;
                }
                if (opens_typewriter_group(source_, pos_, end_)) {
                    pos_ = group_end(source_, pos_, end_);
                    break;
                }
                groups_.push_back({'}', false});
                ++pos_;
                break;
            case '}':
                close_group('}');
                ++pos_;
                break;
            case ']':
                close_group(']');
                break;
            case '$':
                dollar_math();
                break;
            case '~':
                synthetic(" ", pos_, pos_ + 1);
                ++pos_;
                break;
            case '-':
                dashes();
                break;
            case '`':
            case '\'':
                quotes();
                break;
            case '&':
                if (in_table()) end_paragraph();
                ++pos_;
                break;
            case '#':
                ++pos_;
                break;
            case '\n':
                verbatim(pos_, pos_ + 1);
                ++pos_;
                break;
            default:
                plain_text();
                break;
        }
    }
    end_paragraph();
}

void Scanner::plain_text() {
    std::size_t end = pos_ + 1;
    while (end < end_ && !is_special(source_[end])) ++end;
    verbatim(pos_, end);
    pos_ = end;
}

void Scanner::verbatim(std::size_t begin, std::size_t end) {
    ensure_block();
    builder_.verbatim(begin, end);
}

void Scanner::synthetic(std::string_view text, std::size_t begin, std::size_t end) {
    ensure_block();
    builder_.synthetic(text, begin, end);
}

void Scanner::ensure_block() {
    if (!builder_.in_block()) builder_.begin_block(current_kind());
}

BlockKind Scanner::current_kind() const {
    return environments_.empty() ? BlockKind::Paragraph : environments_.back().block;
}

bool Scanner::in_table() const {
    return current_kind() == BlockKind::TableCell;
}

void Scanner::end_paragraph() {
    builder_.end_block();
    flush_footnotes();
}

void Scanner::flush_footnotes() {
    if (footnotes_.empty()) return;
    const std::vector<Span> pending = std::exchange(footnotes_, {});
    if (depth_ >= kMaxFootnoteDepth) return;
    for (const Span footnote : pending) {
        Scanner(source_, builder_, depth_ + 1)
            .run_block(BlockKind::Footnote, footnote.begin, footnote.end);
    }
}

// --- is an em dash, -- an en dash (synthetic), a single - stays.
void Scanner::dashes() {
    std::size_t length = 0;
    while (pos_ + length < end_ && source_[pos_ + length] == '-' && length < 3) ++length;
    if (length == 1) {
        verbatim(pos_, pos_ + 1);
    } else {
        synthetic(length == 3 ? "\u2014" : "\u2013", pos_, pos_ + length);
    }
    pos_ += length;
}

// `` and '' are curly double quotes, ` a left single quote; a lone ' (apostrophe) stays.
void Scanner::quotes() {
    const char c = source_[pos_];
    const bool doubled = pos_ + 1 < end_ && source_[pos_ + 1] == c;
    if (c == '\'' && !doubled) {
        verbatim(pos_, pos_ + 1);
        ++pos_;
        return;
    }
    const std::string_view text = c == '`' ? (doubled ? "\u201c" : "\u2018") : "\u201d";
    synthetic(text, pos_, pos_ + (doubled ? 2 : 1));
    pos_ += doubled ? 2 : 1;
}

// A % comment runs to the end of the line and takes the line break with it (as in TeX). A
// `% fantasma-ignore` comment covers the block of the prose before it on the same line, or
// else the next block.
void Scanner::comment() {
    std::size_t line_end = source_.find('\n', pos_);
    if (line_end == npos || line_end > end_) line_end = end_;
    std::string_view body = source_.substr(pos_ + 1, line_end - pos_ - 1);
    // Not prose, but uploaded with the source (arXiv) for anyone to read: an aside.
    builder_.aside(pos_ + 1, body.ends_with('\r') ? line_end - 1 : line_end);
    while (!body.empty() && (body.front() == ' ' || body.front() == '\t')) body.remove_prefix(1);
    constexpr std::string_view kKeyword = "fantasma-ignore";
    if (body.starts_with(kKeyword) &&
        (body.size() == kKeyword.size() || body[kKeyword.size()] == ' ' ||
         body[kKeyword.size()] == '\t' || body[kKeyword.size()] == '\r')) {
        std::vector<std::string> codes = parse_ignore_codes(body.substr(kKeyword.size()));
        const std::size_t line_begin =
            source_.rfind('\n', pos_) == npos ? 0 : source_.rfind('\n', pos_) + 1;
        const std::string_view before = source_.substr(line_begin, pos_ - line_begin);
        const bool after_prose = before.find_first_not_of(" \t") != npos;
        if (after_prose && builder_.block_has_text()) {
            builder_.ignore_current_block(std::move(codes));
        } else {
            builder_.ignore_next_block(std::move(codes));
        }
    }
    pos_ = line_end < end_ ? line_end + 1 : end_;
    if (!at_blank_line(pos_)) {
        while (pos_ < end_ && (source_[pos_] == ' ' || source_[pos_] == '\t')) ++pos_;
    }
}

void Scanner::close_group(char closer) {
    if (closer == ']') {
        if (groups_.empty() || groups_.back().closer != ']') {
            verbatim(pos_, pos_ + 1);
        } else {
            groups_.pop_back();
        }
        ++pos_;
        return;
    }
    while (!groups_.empty() && groups_.back().closer != '}') groups_.pop_back();
    if (groups_.empty()) return;
    const bool ends_block = groups_.back().ends_block;
    groups_.pop_back();
    if (ends_block) end_paragraph();
}

// $..$ and $$..$$; an unclosed dollar (no closer before the paragraph ends) is dropped alone.
void Scanner::dollar_math() {
    const bool display = pos_ + 1 < end_ && source_[pos_ + 1] == '$';
    if (display && failed_dollars_.from <= pos_ && pos_ < failed_dollars_.until) {
        pos_ += 2;
        return;
    }
    std::size_t j = pos_ + (display ? 2 : 1);
    for (; j < end_ && !paragraph_ends(j); ++j) {
        if (source_[j] == '\\') {
            ++j;
        } else if (source_[j] == '$' && (!display || (j + 1 < end_ && source_[j + 1] == '$'))) {
            pos_ = j + (display ? 2 : 1);
            return;
        }
    }
    if (display) failed_dollars_ = {pos_, j};
    pos_ += display ? 2 : 1;
}

// \( .. \) and \[ .. \]; pos_ is at the backslash.
void Scanner::delimited_math(char closer, Failed& failed) {
    if (failed.from <= pos_ && pos_ < failed.until) {
        pos_ += 2;
        return;
    }
    std::size_t j = pos_ + 2;
    for (; j + 1 < end_ && !paragraph_ends(j); ++j) {
        if (source_[j] != '\\') continue;
        if (source_[j + 1] == closer) {
            pos_ = j + 2;
            return;
        }
        ++j;
    }
    failed = {pos_, j};
    pos_ += 2;
}

// Whether a blank line starts right after `at` (math cannot cross one).
bool Scanner::paragraph_ends(std::size_t at) const {
    return source_[at] == '\n' && at_blank_line(at + 1);
}

bool Scanner::at_blank_line(std::size_t at) const {
    while (at < end_ && (source_[at] == ' ' || source_[at] == '\t' || source_[at] == '\r')) ++at;
    return at >= end_ || source_[at] == '\n';
}

std::size_t Scanner::next_line(std::size_t at) const {
    const std::size_t newline = source_.find('\n', at);
    return newline == npos || newline >= end_ ? end_ : newline + 1;
}

}  // namespace fantasma::latex
