// The sentence pass over the tokens of one block. A sentence ends at a terminal mark
// (. ! ? … and their runs) with its closing quotes and brackets, when whitespace and a
// plausible sentence start follow; full-width CJK terminals end a sentence outright.
#include <algorithm>
#include <iterator>

#include "stylometry/text/codepoint.hpp"
#include "stylometry/text/scanners.hpp"

namespace fantasma::text {
namespace {

// Abbreviations after which a period never ends a sentence (titles, references).
constexpr std::string_view kNeverEnd[] = {
    "approx", "ca",   "capt", "cf",     "col",  "dr",  "e.g", "fr",  "gen", "gov",
    "hon",    "i.e",  "lt",   "messrs", "mlle", "mme", "mr",  "mrs", "ms",  "mx",
    "pres",   "prof", "rep",  "rev",    "sen",  "sgt", "viz", "vs",
};

// Abbreviations of references, which a number follows: "No. 5", "Fig. 3", "pp. 10-12".
// Before anything else they are the word ("Say no. Then ...", "I love art. It ...").
constexpr std::string_view kBeforeNumber[] = {
    "art", "ch", "chap", "eq", "eqs", "fig", "figs", "no", "nos", "p", "pp", "sec", "vol", "vols",
};

// Abbreviations that often end a sentence too: the period ends one when a common sentence
// opener follows ("... and so on, etc. The next ...").
constexpr std::string_view kMayEnd[] = {
    "al",  "apr", "aug", "ave", "blvd", "bros", "co",  "corp", "dec",  "dept",
    "est", "etc", "feb", "inc", "jan",  "jr",   "jul", "jun",  "ltd",  "mar",
    "mt",  "nov", "oct", "rd",  "sep",  "sept", "sr",  "st",   "univ",
};

// Words that commonly open an English sentence, to tell "etc. The" from "St. Louis".
constexpr std::string_view kOpeners[] = {
    "a",      "after",   "all",     "also",   "although", "an",      "and",   "are",   "as",
    "at",     "because", "before",  "but",    "by",       "can",     "could", "did",   "do",
    "does",   "each",    "every",   "for",    "from",     "he",      "he's",  "her",   "here",
    "his",    "how",     "however", "i",      "i'd",      "i'm",     "i've",  "if",    "in",
    "is",     "it",      "it's",    "its",    "later",    "let",     "many",  "may",   "might",
    "most",   "my",      "no",      "not",    "now",      "on",      "once",  "one",   "or",
    "our",    "she",     "she's",   "should", "since",    "so",      "some",  "still", "that",
    "that's", "the",     "their",   "then",   "there",    "there's", "these", "they",  "they're",
    "this",   "those",   "though",  "thus",   "to",       "today",   "was",   "we",    "we're",
    "were",   "what",    "when",    "where",  "while",    "who",     "why",   "will",  "with",
    "would",  "yes",     "yet",     "you",
};

template <std::size_t N>
bool listed(const std::string_view (&list)[N], std::string_view word) {
    return std::find(std::begin(list), std::end(list), word) != std::end(list);
}

enum class Terminal { None, Latin, FullWidth };

// Latin terminals need a space and a sentence start after them; full-width ones do not.
Terminal terminal_kind(std::string_view mark) {
    constexpr std::u32string_view latin = U".!?\u2026\u203D";
    constexpr std::u32string_view full_width = U"\u3002\uFF01\uFF1F\uFF61";
    bool all_latin = true;
    bool all_full_width = true;
    for (std::size_t at = 0; at < mark.size();) {
        const Decoded d = decode(mark, at);
        all_latin = all_latin && latin.find(d.cp) != std::u32string_view::npos;
        all_full_width = all_full_width && full_width.find(d.cp) != std::u32string_view::npos;
        at += d.length;
    }
    if (all_latin) return Terminal::Latin;
    return all_full_width ? Terminal::FullWidth : Terminal::None;
}

bool is_closer(std::string_view mark) {
    for (std::string_view closer : {")", "]", "}", "\"", "'", "\u201D", "\u2019", "\u00BB",
                                    "\u203A", "\u300D", "\u300F", "\uFF09", "\u3011"}) {
        if (mark == closer) return true;
    }
    return false;
}

bool is_opener(std::string_view mark) {
    for (std::string_view opener :
         {"(", "[", "{", "\"", "'", "\u201C", "\u2018", "\u201E", "\u201A", "\u00AB", "\u2039",
          "\u00BF", "\u00A1", "\u2014", "\u2013", "-", "\u300C", "\u300E", "\uFF08"}) {
        if (mark == opener) return true;
    }
    return false;
}

class SentenceSplitter {
  public:
    SentenceSplitter(std::string_view text, const std::vector<Token>& tokens)
        : text_(text), tokens_(tokens) {}

    void run(std::size_t first, std::vector<Sentence>& sentences) {
        const std::size_t end = tokens_.size();
        std::size_t start = first;
        for (std::size_t k = first; k < end;) {
            const Terminal terminal =
                tokens_[k].kind == TokenKind::Punct ? terminal_kind(view(k)) : Terminal::None;
            if (terminal == Terminal::None) {
                ++k;
                continue;
            }
            std::size_t after = k + 1;  // past closing quotes, brackets and further terminals
            while (after < end && !tokens_[after].space_before &&
                   tokens_[after].kind == TokenKind::Punct &&
                   (is_closer(view(after)) || terminal_kind(view(after)) != Terminal::None)) {
                ++after;
            }
            std::size_t next = after;  // past emoji and emoticons that close the sentence
            while (next < end && (tokens_[next].kind == TokenKind::Emoji ||
                                  tokens_[next].kind == TokenKind::Emoticon)) {
                ++next;
            }
            const bool ends = next == end || terminal == Terminal::FullWidth ||
                              ((starts_sentence(tokens_[next]) || missing_space(start, k, next)) &&
                               !(view(k) == "." && abbreviation_before(start, k, next)));
            if (ends) {
                emit(start, next, sentences);
                start = next;
                k = next;
            } else {
                k = after;
            }
        }
        if (start < end) emit(start, end, sentences);
    }

  private:
    std::string_view view(std::size_t index) const {
        const Span span = tokens_[index].text;
        return text_.substr(span.begin, span.size());
    }

    void emit(std::size_t begin, std::size_t end, std::vector<Sentence>& sentences) const {
        sentences.push_back(
            {Span(tokens_[begin].text.begin, tokens_[end - 1].text.end), begin, end});
    }

    // "the end.Next one": a sentence typed without its space (or pasted without it): a
    // lower-case word, the terminal and a capitalised word, all glued.
    bool missing_space(std::size_t start, std::size_t terminal, std::size_t next) const {
        if (terminal == start || next != terminal + 1 || tokens_[terminal].space_before ||
            tokens_[next].space_before) {
            return false;
        }
        const Token& before = tokens_[terminal - 1];
        const Token& after = tokens_[next];
        if (before.kind != TokenKind::Word || after.kind != TokenKind::Word) return false;
        const Decoded last = decode_before(text_, before.text.end);
        const Decoded first = decode(text_, after.text.begin);
        if (!is_lower(last.cp) || !is_upper(first.cp)) return false;
        const std::size_t second = after.text.begin + first.length;
        return second < after.text.end && is_lower(decode(text_, second).cp);
    }

    bool starts_sentence(const Token& token) const {
        if (!token.space_before) return false;
        const Decoded first = decode(text_, token.text.begin);
        switch (token.kind) {
            case TokenKind::Word:
                return is_upper(first.cp) || is_caseless_letter(first.cp);
            case TokenKind::Punct:
                return is_opener(text_.substr(token.text.begin, token.text.size()));
            case TokenKind::Symbol:
                return first.cp == '$' || first.cp == '#' || first.cp == U'\u20AC' ||
                       first.cp == U'\u00A3';
            case TokenKind::Emoji:
            case TokenKind::Emoticon:
                return false;
            default:  // numbers, URLs, addresses and handles
                return true;
        }
    }

    bool is_dot(std::size_t index) const {
        return tokens_[index].kind == TokenKind::Punct && view(index) == ".";
    }

    // A single upper-case letter, as in "J. R. R. Tolkien".
    bool is_initial(std::size_t index) const {
        const Token& token = tokens_[index];
        if (token.kind != TokenKind::Word) return false;
        const Decoded first = decode(text_, token.text.begin);
        return first.length == token.text.size() && is_upper(first.cp);
    }

    // True when the period at `dot` belongs to an abbreviation, an initial or a list number
    // rather than ending the sentence that starts at `start`; `next` is the token after it.
    bool abbreviation_before(std::size_t start, std::size_t dot, std::size_t next) const {
        if (dot == start || tokens_[dot].space_before) return false;
        const std::size_t word = dot - 1;
        const Token& previous = tokens_[word];
        if (previous.kind == TokenKind::Number) return word == start;  // "1. Introduction"
        if (previous.kind != TokenKind::Word) return false;
        const bool opener_follows =
            tokens_[next].kind == TokenKind::Word && listed(kOpeners, tokens_[next].norm);
        // Dotted abbreviations: e.g. i.e. U.S. a.m. Ph.D.
        std::size_t head = word;
        while (head >= start + 2 && is_dot(head - 1) && !tokens_[head].space_before &&
               !tokens_[head - 1].space_before && tokens_[head - 2].kind == TokenKind::Word) {
            head -= 2;
        }
        if (head != word) {
            std::string key;
            for (std::size_t i = head; i <= word; i += 2) {
                if (i != head) key.push_back('.');
                key += tokens_[i].norm;
            }
            return listed(kNeverEnd, key) || !opener_follows;
        }
        if (listed(kNeverEnd, previous.norm)) return true;
        if (listed(kBeforeNumber, previous.norm)) return tokens_[next].kind == TokenKind::Number;
        if (listed(kMayEnd, previous.norm)) return !opener_follows;
        if (is_initial(word)) {
            // "I." is the pronoun unless it follows another initial ("J. I. Packer").
            const bool after_initial =
                word >= start + 2 && is_dot(word - 1) && is_initial(word - 2);
            if (previous.norm == "i" && !after_initial) return false;
            return !opener_follows;
        }
        return false;
    }

    std::string_view text_;
    const std::vector<Token>& tokens_;
};

}  // namespace

void split_sentences(std::string_view text, const std::vector<Token>& tokens, std::size_t first,
                     std::vector<Sentence>& sentences) {
    SentenceSplitter(text, tokens).run(first, sentences);
}

}  // namespace fantasma::text
