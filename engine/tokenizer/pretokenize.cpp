#include "engine/tokenizer/pretokenize.hpp"

#include <utf8proc.h>

namespace fantasma::engine {
namespace {

// One decoded character: its code point (-1 for an invalid byte) and its byte extent.
struct Char {
    utf8proc_int32_t code = -1;
    std::size_t begin = 0;
    std::size_t end = 0;
};

std::vector<Char> decode_chars(std::string_view text) {
    std::vector<Char> chars;
    std::size_t at = 0;
    while (at < text.size()) {
        utf8proc_int32_t code = -1;
        auto length = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + at),
                                       static_cast<utf8proc_ssize_t>(text.size() - at), &code);
        if (length <= 0) {
            code = -1;
            length = 1;
        }
        chars.push_back({code, at, at + static_cast<std::size_t>(length)});
        at += static_cast<std::size_t>(length);
    }
    return chars;
}

bool is_letter(utf8proc_int32_t c) {
    if (c < 0) return false;
    auto category = utf8proc_category(c);
    return category >= UTF8PROC_CATEGORY_LU && category <= UTF8PROC_CATEGORY_LO;
}

bool is_mark(utf8proc_int32_t c) {
    if (c < 0) return false;
    auto category = utf8proc_category(c);
    return category >= UTF8PROC_CATEGORY_MN && category <= UTF8PROC_CATEGORY_ME;
}

bool is_number(utf8proc_int32_t c) {
    if (c < 0) return false;
    auto category = utf8proc_category(c);
    return category >= UTF8PROC_CATEGORY_ND && category <= UTF8PROC_CATEGORY_NO;
}

// \s in the regex engine: Unicode's White_Space property.
bool is_space(utf8proc_int32_t c) {
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
           c == 0x205F || c == 0x3000;
}

bool is_line_break(utf8proc_int32_t c) {
    return c == '\r' || c == '\n';
}

class Scanner {
  public:
    Scanner(const std::vector<Char>& chars, SplitPattern pattern)
        : chars_(chars), marks_join_letters_(pattern == SplitPattern::qwen35) {}

    // The end (a character index) of the match starting at `i`; always > i.
    std::size_t match(std::size_t i) const {
        for (auto alternative :
             {&Scanner::contraction, &Scanner::word, &Scanner::digit, &Scanner::punctuation,
              &Scanner::line_breaks, &Scanner::spaces_before_word, &Scanner::spaces}) {
            if (auto end = (this->*alternative)(i); end > i) return end;
        }
        return i + 1;  // only an invalid byte gets here
    }

  private:
    utf8proc_int32_t at(std::size_t i) const { return i < chars_.size() ? chars_[i].code : -2; }

    bool in_word(utf8proc_int32_t c) const {
        return is_letter(c) || (marks_join_letters_ && is_mark(c));
    }

    // (?i:'s|'t|'re|'ve|'m|'ll|'d)
    std::size_t contraction(std::size_t i) const {
        if (at(i) != '\'') return i;
        auto lower = [&](std::size_t k) {
            return at(k) >= 'A' && at(k) <= 'Z' ? at(k) + 32 : at(k);
        };
        auto first = lower(i + 1);
        if (first == 's' || first == 't' || first == 'm' || first == 'd') return i + 2;
        auto second = lower(i + 2);
        if ((first == 'r' && second == 'e') || (first == 'v' && second == 'e') ||
            (first == 'l' && second == 'l'))
            return i + 3;
        return i;
    }

    // [^\r\n\p{L}\p{N}]?[\p{L}\p{M}]+  (or \p{L}+ without marks)
    std::size_t word(std::size_t i) const {
        auto c = at(i);
        std::size_t start = i;
        if (c >= 0 && !is_line_break(c) && !is_letter(c) && !is_number(c) && in_word(at(i + 1)))
            start = i + 1;
        else if (!in_word(c))
            return i;
        while (in_word(at(start))) ++start;
        return start;
    }

    // \p{N}
    std::size_t digit(std::size_t i) const { return is_number(at(i)) ? i + 1 : i; }

    bool is_symbol(utf8proc_int32_t c) const {
        return c >= 0 && !is_space(c) && !is_letter(c) && !is_number(c) &&
               !(marks_join_letters_ && is_mark(c));
    }

    //  ?[^\s\p{L}\p{M}\p{N}]+[\r\n]*
    std::size_t punctuation(std::size_t i) const {
        std::size_t k = (at(i) == ' ' && is_symbol(at(i + 1))) ? i + 1 : i;
        if (!is_symbol(at(k))) return i;
        while (is_symbol(at(k))) ++k;
        while (is_line_break(at(k))) ++k;
        return k;
    }

    std::size_t space_run_end(std::size_t i) const {
        while (is_space(at(i))) ++i;
        return i;
    }

    // \s*[\r\n]+ : up to and including the last line break of the whitespace run.
    std::size_t line_breaks(std::size_t i) const {
        std::size_t end = space_run_end(i);
        for (std::size_t k = end; k > i; --k)
            if (is_line_break(at(k - 1))) return k;
        return i;
    }

    // \s+(?!\S) : the run, less its last character when a non-space follows.
    std::size_t spaces_before_word(std::size_t i) const {
        std::size_t end = space_run_end(i);
        if (end == i) return i;
        if (end == chars_.size()) return end;
        return end - 1 > i ? end - 1 : i;
    }

    // \s+
    std::size_t spaces(std::size_t i) const { return space_run_end(i); }

    const std::vector<Char>& chars_;
    bool marks_join_letters_;
};

}  // namespace

std::vector<std::string_view> split_pieces(std::string_view text, SplitPattern pattern) {
    auto chars = decode_chars(text);
    Scanner scanner(chars, pattern);
    std::vector<std::string_view> pieces;
    for (std::size_t i = 0; i < chars.size();) {
        std::size_t end = scanner.match(i);
        pieces.push_back(text.substr(chars[i].begin, chars[end - 1].end - chars[i].begin));
        i = end;
    }
    return pieces;
}

}  // namespace fantasma::engine
