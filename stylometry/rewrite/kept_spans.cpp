#include "stylometry/rewrite/kept_spans.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "stylometry/text/codepoint.hpp"

#include "stylometry/rewrite/kept_terms.hpp"

namespace fantasma {

namespace {

bool is_ascii_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
bool is_ascii_lower(char c) {
    return c >= 'a' && c <= 'z';
}

bool is_pronoun_i(std::string_view norm) {
    return norm == "i" || norm.starts_with("i'");
}

// The name part of a word: without a possessive ending ('s, ’s, or a lone apostrophe after
// an s), whose apostrophe style the rewrite may change.
Span name_part(std::string_view word, Span span) {
    for (const std::string_view ending : {"'s", "\u2019s", "s'", "s\u2019"}) {
        if (word.size() > ending.size() && word.ends_with(ending)) {
            const std::size_t kept = ending.front() == 's' ? ending.size() - 1 : ending.size();
            return Span(span.begin, span.end - kept);
        }
    }
    return span;
}

// A capitalised word that is not all capitals, or a word with a capital after a small letter.
bool looks_like_name(std::string_view word, bool opens_sentence) {
    const bool inner_capital = std::adjacent_find(word.begin(), word.end(), [](char a, char b) {
                                   return is_ascii_lower(a) && is_ascii_upper(b);
                               }) != word.end();
    if (inner_capital) return true;
    if (opens_sentence || word.empty() || !is_ascii_upper(word.front())) return false;
    return std::any_of(word.begin(), word.end(), is_ascii_lower);
}

void add_names(const Document& document, std::vector<Span>& names) {
    const std::vector<Token>& tokens = document.tokens();
    for (const Sentence& sentence : document.sentences()) {
        bool first_word = true;
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            const Token& token = tokens[i];
            if (token.kind != TokenKind::Word) continue;
            const std::string_view word = document.text(token.text);
            if (!is_pronoun_i(token.norm) && looks_like_name(word, first_word)) {
                names.push_back(name_part(word, token.text));
            }
            first_word = false;
        }
    }
}

// Words of legal text: a licence, a copyright notice or a disclaimer of warranty is binding as
// worded, so a paragraph with two of them is kept as written.
constexpr std::string_view kLegalTerms[] = {"licence",
                                            "license",
                                            "copyright",
                                            "warrant",
                                            "redistribut",
                                            "permission is hereby granted",
                                            "all rights reserved",
                                            "liabilit",
                                            "liable",
                                            "merchantab",
                                            "infring",
                                            "sublicens"};

// A block set in capitals (a disclaimer, "THE SOFTWARE IS PROVIDED AS IS…"): no sentence of a
// writer's own style, and often legal text.
bool set_in_capitals(std::string_view text) {
    std::size_t upper = 0;
    std::size_t lower = 0;
    for (const char c : text) {
        upper += is_ascii_upper(c) ? 1 : 0;
        lower += is_ascii_lower(c) ? 1 : 0;
    }
    return upper >= 20 && upper >= 4 * lower;
}

bool is_legal_text(std::string_view text) {
    const std::string lower = text::ascii_lower(text);
    const auto found = std::ranges::count_if(
        kLegalTerms, [&](std::string_view term) { return lower.find(term) != std::string::npos; });
    return found >= 2;
}

}  // namespace

std::vector<Span> kept_spans(const Document& document, const Reference& reference) {
    const Prose& prose = document.prose;
    std::vector<Span> kept = document.not_own_prose;
    for (const Block& block : prose.blocks) {
        const std::string_view text = prose.view(block.text);
        if (set_in_capitals(text) || is_legal_text(text)) kept.push_back(block.text);
    }
    add_names(document, kept);
    for (const Span term : kept_terms(document, reference)) {
        kept.push_back(name_part(prose.view(term), term));
    }
    std::vector<Span> source;
    for (const Span span : kept) {
        if (!span.empty()) source.push_back(prose.to_source(span));
    }
    const std::vector<Span> outputs = example_outputs(document.source);
    source.insert(source.end(), outputs.begin(), outputs.end());
    std::sort(source.begin(), source.end(), [](Span a, Span b) { return a.begin < b.begin; });
    std::vector<Span> merged;
    for (const Span span : source) {
        if (!merged.empty() && merged.back().end >= span.begin) {
            merged.back().end = std::max(merged.back().end, span.end);
        } else {
            merged.push_back(span);
        }
    }
    return merged;
}

}  // namespace fantasma
