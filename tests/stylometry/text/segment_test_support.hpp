#pragma once
// Builds Prose by hand (one verbatim piece, one block per paragraph) and prints tokens and
// sentences compactly, so expectations read like the text they check.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/text/segment.hpp"

namespace fantasma::testing {

// `paragraphs` joined by "\n\n", one Paragraph block each, one verbatim piece.
inline Prose prose_of(const std::vector<std::string>& paragraphs) {
    Prose prose;
    for (const std::string& paragraph : paragraphs) {
        if (!prose.text.empty()) prose.text += "\n\n";
        const std::size_t begin = prose.text.size();
        prose.text += paragraph;
        prose.blocks.push_back({Span(begin, prose.text.size()), BlockKind::Paragraph});
    }
    prose.pieces.push_back({Span(0, prose.text.size()), Span(0, prose.text.size()), true});
    return prose;
}

inline Prose prose_of(const std::string& paragraph) {
    return prose_of(std::vector<std::string>{paragraph});
}

inline const char* kind_name(TokenKind kind) {
    switch (kind) {
        case TokenKind::Word:
            return "Word";
        case TokenKind::Number:
            return "Number";
        case TokenKind::Punct:
            return "Punct";
        case TokenKind::Symbol:
            return "Symbol";
        case TokenKind::Emoji:
            return "Emoji";
        case TokenKind::Emoticon:
            return "Emoticon";
        case TokenKind::Url:
            return "Url";
        case TokenKind::Email:
            return "Email";
        case TokenKind::Handle:
            return "Handle";
    }
    return "?";
}

// The token texts of `text`.
inline std::vector<std::string> token_texts(const std::string& text) {
    const Prose prose = prose_of(text);
    std::vector<std::string> result;
    for (const Token& token : segment(prose).tokens) result.emplace_back(prose.view(token.text));
    return result;
}

// "Kind:text" for each token of `text`.
inline std::vector<std::string> typed_tokens(const std::string& text) {
    const Prose prose = prose_of(text);
    std::vector<std::string> result;
    for (const Token& token : segment(prose).tokens) {
        result.push_back(std::string(kind_name(token.kind)) + ":" +
                         std::string(prose.view(token.text)));
    }
    return result;
}

inline std::vector<std::string> sentence_texts(const Prose& prose) {
    std::vector<std::string> result;
    for (const Sentence& sentence : segment(prose).sentences) {
        result.emplace_back(prose.view(sentence.text));
    }
    return result;
}

inline std::vector<std::string> sentence_texts(const std::string& text) {
    return sentence_texts(prose_of(text));
}

}  // namespace fantasma::testing
