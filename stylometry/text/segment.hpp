#pragma once
// Segmentation of prose into tokens and sentences. Spans index Prose::text.
#include <string>
#include <vector>

#include "stylometry/prose.hpp"

namespace fantasma {

enum class TokenKind {
    Word,       // letters and combining marks, with inner apostrophes (don't, o'clock, l’homme)
    Number,     // 3, 3.14, 1,000, 2nd, 1990s
    Punct,      // one mark or one run that reads as one: "...", "--", "---", "?!"
    Symbol,     // other symbols: & % $ € # * / + = < > ~ ^ |
    Emoji,      // an emoji with its modifiers and joiners
    Emoticon,   // :-) ;) :D <3 ^^ ...
    Url,        // http(s)://..., www....
    Email,      // name@host.tld
    Handle,     // @name (not part of an e-mail address)
};

struct Token {
    Span text;
    TokenKind kind = TokenKind::Word;
    // Words only: lower-cased, curly apostrophes folded to "'". Empty for other kinds.
    std::string norm;
    // True when whitespace (or a block boundary) precedes the token.
    bool space_before = false;
};

struct Sentence {
    Span text;                 // first to last token, closing punctuation and quotes included
    std::size_t first_token;   // index into the token vector
    std::size_t end_token;     // one past the last token
};

struct Segmentation {
    std::vector<Token> tokens;
    std::vector<Sentence> sentences;  // every token belongs to exactly one sentence
};

// Sentences never cross a block boundary. Abbreviations (e.g., Dr., U.S.), decimals,
// initials (J. R. R. Tolkien), ellipses mid-sentence and closing quotes are handled.
Segmentation segment(const Prose& prose);

}  // namespace fantasma
