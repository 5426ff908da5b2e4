// The token pass: one left-to-right scan of a block, each token decided by its first
// character, with the multi-character matchers (URL, e-mail, emoji, ...) tried first.
#include <utf8proc.h>

#include <cstdlib>

#include "stylometry/text/codepoint.hpp"
#include "stylometry/text/scanners.hpp"

namespace fantasma::text {
namespace {

bool may_start_url(char32_t cp) {
    return cp == 'h' || cp == 'w' || cp == 'H' || cp == 'W';
}

bool word_inner(CharClass c) {
    return c == CharClass::Letter || c == CharClass::Mark || c == CharClass::Digit;
}

// Appends the UTF-8 encoding of `cp` to `out`.
void append_utf8(std::string& out, char32_t cp) {
    utf8proc_uint8_t buffer[4];
    const utf8proc_ssize_t length = utf8proc_encode_char(static_cast<utf8proc_int32_t>(cp), buffer);
    out.append(reinterpret_cast<const char*>(buffer), static_cast<std::size_t>(length));
}

// Writes into `norm` the word lower-cased, soft hyphens dropped, ’ folded to ', and composed (NFC)
// when the word holds combining marks, so "cafe\u0301" and "café" have the same norm.
void normalize_word(std::string_view word, std::string& norm) {
    norm.reserve(word.size());
    bool has_mark = false;
    for (std::size_t i = 0; i < word.size();) {
        const Decoded d = decode(word, i);
        i += d.length;
        if (d.cp < 0x80) {
            norm.push_back(static_cast<char>(d.cp >= 'A' && d.cp <= 'Z' ? d.cp + 32 : d.cp));
        } else if (d.cp == U'\u2019') {
            norm.push_back('\'');
        } else if (d.cp != U'\u00AD') {
            has_mark = has_mark || classify(d.cp) == CharClass::Mark;
            append_utf8(
                norm, static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(d.cp))));
        }
    }
    if (has_mark) {
        utf8proc_uint8_t* composed = nullptr;
        const utf8proc_ssize_t length =
            utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(norm.data()),
                         static_cast<utf8proc_ssize_t>(norm.size()), &composed,
                         static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
        if (length >= 0) norm.assign(reinterpret_cast<const char*>(composed), length);
        std::free(composed);
    }
}

class Tokenizer {
  public:
    Tokenizer(std::string_view text, std::vector<Token>& tokens, NormStore& norms)
        : text_(text), tokens_(tokens), norms_(norms) {}

    void run(std::size_t begin) {
        bool space = true;
        for (std::size_t at = begin; at < text_.size();) {
            const Decoded d = decode(text_, at);
            const CharClass c = classify(d.cp);
            if (c == CharClass::Space) {
                space = true;
                at += d.length;
                continue;
            }
            if (c == CharClass::Format || c == CharClass::EmojiJoiner) {  // invisible, alone
                at += d.length;
                continue;
            }
            at = scan(at, d, c, space);
            space = false;
        }
    }

  private:
    // Emits the token that starts at `at` and returns its end. The first character picks
    // the candidates, so most tokens cost one scan.
    std::size_t scan(std::size_t at, Decoded d, CharClass c, bool space) {
        std::size_t end = at;
        if (space && (end = match_emoticon(text_, at)) > at) {
            return emit(at, end, TokenKind::Emoticon, space);
        }
        switch (c) {
            case CharClass::Letter:
                if (may_start_url(d.cp) && (end = match_url(text_, at)) > at) {
                    return emit(at, end, TokenKind::Url, space);
                }
                end = scan_word(at);
                if (const std::size_t address = email_end(at, end); address > end) {
                    return emit(at, address, TokenKind::Email, space);
                }
                return emit(at, end, TokenKind::Word, space);
            case CharClass::Digit:
                if ((end = match_emoji(text_, at)) > at)
                    return emit(at, end, TokenKind::Emoji, space);
                end = scan_number(at);
                if (const std::size_t address = email_end(at, end); address > end) {
                    return emit(at, address, TokenKind::Email, space);
                }
                return emit(at, end, TokenKind::Number, space);
            case CharClass::Mark:
                return emit(at, scan_word(at), TokenKind::Word, space);
            case CharClass::Han:
                return emit(at, skip_marks(at + d.length), TokenKind::Word, space);
            case CharClass::Punct:
                if (d.cp >= 0x80 && (end = match_emoji(text_, at)) > at) {  // ‼️ ⁉️
                    return emit(at, end, TokenKind::Emoji, space);
                }
                return emit(at, scan_punct(at, d), TokenKind::Punct, space);
            case CharClass::Pictographic:
            case CharClass::Regional:
            case CharClass::EmojiModifier:
                return emit(at, match_emoji(text_, at), TokenKind::Emoji, space);
            default:
                break;
        }
        if (d.cp == '@' && !follows_word(at) && (end = match_handle(text_, at)) > at) {
            return emit(at, end, TokenKind::Handle, space);
        }
        if ((end = match_emoji(text_, at)) > at) {  // #️⃣ ©️ ™️
            return emit(at, end, TokenKind::Emoji, space);
        }
        return emit(at, skip_marks(at + d.length), TokenKind::Symbol, space);
    }

    // The end of the e-mail address starting at `at` when the word or number that ends at
    // `end` runs on into one, otherwise `end`.
    std::size_t email_end(std::size_t at, std::size_t end) {
        if (end >= text_.size() || at < email_scanned_to_) return end;
        const char next = text_[end];
        if (next != '@' && next != '.' && next != '_' && next != '-' && next != '+' &&
            next != '%') {
            return end;
        }
        const std::size_t address_end = match_email(text_, at, email_scanned_to_);
        return address_end == at ? end : address_end;
    }

    std::size_t emit(std::size_t begin, std::size_t end, TokenKind kind, bool space) {
        Token& token = tokens_.emplace_back();
        token.text = Span(begin, end);
        token.kind = kind;
        token.space_before = space;
        if (kind == TokenKind::Word) {
            norm_.clear();
            normalize_word(text_.substr(begin, end - begin), norm_);
            token.norm = norms_.add(norm_);
        }
        return end;
    }

    bool follows_word(std::size_t at) const {
        if (tokens_.empty() || tokens_.back().text.end != at) return false;
        const TokenKind kind = tokens_.back().kind;
        return kind == TokenKind::Word || kind == TokenKind::Number;
    }

    CharClass class_at(std::size_t at) const {
        return at < text_.size() ? classify(decode(text_, at).cp) : CharClass::Space;
    }

    // Combining marks and selectors after a character belong to it.
    std::size_t skip_marks(std::size_t at) const {
        while (at < text_.size()) {
            const Decoded d = decode(text_, at);
            const CharClass c = classify(d.cp);
            if (c != CharClass::Mark && c != CharClass::Format) break;
            at += d.length;
        }
        return at;
    }

    // Letters, marks and digits; an apostrophe, joiner or soft hyphen only between letters.
    std::size_t scan_word(std::size_t at) const {
        std::size_t end = at;
        while (end < text_.size()) {
            const Decoded d = decode(text_, end);
            const CharClass c = classify(d.cp);
            if (word_inner(c)) {
                end += d.length;
                continue;
            }
            const bool joins =
                is_apostrophe(d.cp) || c == CharClass::Format || c == CharClass::EmojiJoiner;
            if (!joins) break;
            const CharClass next = class_at(end + d.length);
            if (next != CharClass::Letter && next != CharClass::Mark) break;
            end += d.length;
        }
        return end;
    }

    // Digits with inner separators (3.14, 1,000,000, 10:30) and a letter suffix.
    std::size_t scan_number(std::size_t at) const {
        std::size_t end = skip_digits(at);
        while (end + 1 < text_.size()) {
            const char separator = text_[end];
            const std::size_t group = skip_digits(end + 1);
            const std::size_t digits = group - (end + 1);
            const bool accepted = (separator == '.' && digits > 0) ||
                                  (separator == ',' && digits == 3) ||
                                  (separator == ':' && digits == 2);
            if (!accepted) break;
            end = group;
        }
        // A suffix: 2nd, 1990s, 1990's.
        const bool apostrophe = end < text_.size() && is_apostrophe(decode(text_, end).cp);
        if (class_at(end) == CharClass::Letter || apostrophe) end = scan_word(end);
        return end;
    }

    std::size_t skip_digits(std::size_t at) const {
        while (at < text_.size()) {
            const Decoded d = decode(text_, at);
            if (classify(d.cp) != CharClass::Digit) break;
            at += d.length;
        }
        return at;
    }

    // Runs that read as one mark: "..", "...", "--", "---", "?!", "!!!", "……", "——".
    std::size_t scan_punct(std::size_t at, Decoded first) const {
        const bool question_or_bang = first.cp == '?' || first.cp == '!';
        const bool repeats = first.cp == '.' || first.cp == '-' || first.cp == U'\u2026' ||
                             first.cp == U'\u2013' || first.cp == U'\u2014';
        std::size_t end = at + first.length;
        if (!question_or_bang && !repeats) return end;
        while (end < text_.size()) {
            const Decoded d = decode(text_, end);
            const bool continues =
                question_or_bang ? (d.cp == '?' || d.cp == '!') : d.cp == first.cp;
            if (!continues) break;
            end += d.length;
        }
        return end;
    }

    std::string_view text_;
    std::vector<Token>& tokens_;
    NormStore& norms_;
    std::string norm_;                  // reused for each word's norm before it is stored
    std::size_t email_scanned_to_ = 0;  // no e-mail address starts before this offset
};

}  // namespace

void tokenize(std::string_view text, Span range, std::vector<Token>& tokens, NormStore& norms) {
    Tokenizer(text.substr(0, range.end), tokens, norms).run(range.begin);
}

std::string normalized_word(std::string_view word) {
    std::string norm;
    normalize_word(word, norm);
    return norm;
}

}  // namespace fantasma::text
