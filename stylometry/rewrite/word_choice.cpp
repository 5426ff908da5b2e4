#include "stylometry/rewrite/word_choice.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "fantasma_stylometry_embedded.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/reference.hpp"
#include "stylometry/technical_words.hpp"

namespace fantasma {

namespace {

constexpr std::string_view kHeader = "form\tpos\treplacements";

bool is_lower(char c) {
    return c >= 'a' && c <= 'z';
}
bool is_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
bool is_vowel(char c) {
    return std::string_view("aeiou").find(c) != std::string_view::npos;
}

std::vector<std::string> split(std::string_view text, char separator) {
    std::vector<std::string> parts;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t end = std::min(text.find(separator, at), text.size());
        parts.emplace_back(text.substr(at, end - at));
        at = end + 1;
    }
    return parts;
}

// The casing a replacement takes: a capital first letter when the word had one (it opens a
// sentence; names are never replaced).
std::string cased(std::string_view original, const std::string& replacement) {
    std::string text = replacement;
    if (is_upper(original.front())) text.front() = static_cast<char>(text.front() - 'a' + 'A');
    return text;
}

// Whether the source bytes of `span` change once an edit replaces `edit`.
bool touches(Span edit, Span span) {
    return edit.overlaps(span);
}

bool inside_any(Span span, const std::vector<Span>& kept) {
    const auto it = std::ranges::partition_point(kept, [&](Span k) { return k.end <= span.begin; });
    return it != kept.end() && touches(span, *it);
}

// How much more often the writer uses `form` than the population, in log scale: per million
// words in the writer's texts (their profile, or this text) against the reference.
double distinctiveness(double writer_per_million, double population_per_million) {
    return std::log((writer_per_million + 1.0) / (population_per_million + 1.0));
}

// Prepositions a verb may govern ("apply to", "rely on", "deal with").
constexpr std::string_view kPrepositions[] = {
    "about",  "across",  "after", "against", "at",   "by",   "for",   "from",    "in",
    "into",   "of",      "off",   "on",      "onto", "out",  "over",  "through", "to",
    "toward", "towards", "under", "up",      "upon", "with", "within"};

bool is_preposition(std::string_view word) {
    return std::ranges::find(kPrepositions, word) != std::end(kPrepositions);
}

// A word the pass may replace: index of its token and how distinctive it is.
struct Choice {
    std::size_t token;
    double score;
};

// The word tokens before and after token `i` in its sentence with only a space between
// (nullptr at a sentence edge or across punctuation).
const Token* neighbour(const Document& document, const Sentence& sentence, std::size_t i,
                       std::ptrdiff_t step) {
    const auto at = static_cast<std::ptrdiff_t>(i) + step;
    if (at < static_cast<std::ptrdiff_t>(sentence.first_token) ||
        at >= static_cast<std::ptrdiff_t>(sentence.end_token)) {
        return nullptr;
    }
    const Token& near = document.tokens()[static_cast<std::size_t>(at)];
    const Token& later = step > 0 ? near : document.tokens()[i];
    return near.kind == TokenKind::Word && later.space_before ? &near : nullptr;
}

bool has_word(const Document& document, const Sentence& sentence, std::string_view word) {
    for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
        if (document.tokens()[i].norm == word) return true;
    }
    return false;
}

// `replacements` ranked by how naturally each reads between the neighbouring words (the
// reference's bigrams), the commonest first on a tie; left out are those that would clash: the
// word beside it repeated, or "a" before a vowel ("an" before a consonant).
std::vector<std::string> ranked_replacements(const std::vector<std::string>& replacements,
                                             const Token* before, const Token* after,
                                             const Reference& reference) {
    std::vector<std::pair<double, std::string>> scored;
    for (const std::string& candidate : replacements) {
        if ((before != nullptr && before->norm == candidate) ||
            (after != nullptr && after->norm == candidate)) {
            continue;
        }
        if (before != nullptr && (before->norm == "a" || before->norm == "an") &&
            (before->norm == "an") != is_vowel(candidate.front())) {
            continue;
        }
        double score = 0;
        if (before != nullptr)
            score += reference.phrase_per_million(std::string(before->norm) + " " + candidate);
        if (after != nullptr)
            score += reference.phrase_per_million(candidate + " " + std::string(after->norm));
        scored.emplace_back(score, candidate);
    }
    std::ranges::stable_sort(scored,
                             [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::string> ranked;
    for (auto& [score, candidate] : scored) ranked.push_back(std::move(candidate));
    return ranked;
}

// Whether token `i` is a word the pass may replace at all.
bool replaceable(const Document& document, const Sentence& sentence, std::size_t i,
                 const Reference& reference) {
    const Token& token = document.tokens()[i];
    if (token.kind != TokenKind::Word || reference.is_function_word(token.norm)) return false;
    const std::string_view word = document.text(token.text);
    // A capital anywhere but the first letter of a sentence's first word: a name or an acronym.
    if (std::ranges::any_of(word.substr(1), is_upper)) return false;
    if (is_upper(word.front()) && i != sentence.first_token) return false;
    if (!std::ranges::all_of(token.norm, is_lower)) return false;  // apostrophes, accents
    return !is_technical_word(document, token, reference) &&
           !is_hyphen_joined(document.prose.text, token.text);
}

}  // namespace

const SynonymTable& SynonymTable::builtin() {
    static const SynonymTable table = parse(data::synonyms_tsv);
    return table;
}

SynonymTable SynonymTable::parse(std::string_view tsv) {
    SynonymTable table;
    bool header_seen = false;
    std::size_t line_number = 0;
    for (const std::string& line : split(tsv, '\n')) {
        ++line_number;
        if (line.empty() || line.front() == '#' || line.front() == '@') continue;
        if (!header_seen) {
            if (line != kHeader)
                throw std::runtime_error("synonyms.tsv line " + std::to_string(line_number) +
                                         ": expected the header '" + std::string(kHeader) + "'");
            header_seen = true;
            continue;
        }
        const std::vector<std::string> fields = split(line, '\t');
        if (fields.size() != 3 || fields[0].empty() || fields[2].empty() ||
            !std::ranges::all_of(fields[0], is_lower)) {
            throw std::runtime_error("synonyms.tsv line " + std::to_string(line_number) +
                                     ": expected a lower-case form, a part of speech and "
                                     "replacements separated by |");
        }
        std::vector<std::string> replacements = split(fields[2], '|');
        if (!std::ranges::all_of(replacements, [](const std::string& r) {
                return !r.empty() && std::ranges::all_of(r, is_lower);
            })) {
            throw std::runtime_error("synonyms.tsv line " + std::to_string(line_number) +
                                     ": a replacement is not a lower-case word");
        }
        Entry entry{std::move(replacements), fields[1] == "verb"};
        if (!table.by_form_.emplace(fields[0], std::move(entry)).second) {
            throw std::runtime_error("synonyms.tsv line " + std::to_string(line_number) + ": '" +
                                     fields[0] + "' is listed twice");
        }
    }
    return table;
}

const std::vector<std::string>& SynonymTable::replacements(std::string_view form) const {
    static const std::vector<std::string> none;
    const auto it = by_form_.find(form);
    return it == by_form_.end() ? none : it->second.replacements;
}

bool SynonymTable::is_verb(std::string_view form) const {
    const auto it = by_form_.find(form);
    return it != by_form_.end() && it->second.verb;
}

std::vector<WordChoice> word_choices(const Document& document, const Reference& reference,
                                     const std::vector<Span>& kept,
                                     const WordChoiceOptions& options, const SynonymTable& table) {
    if (options.strength <= 0) return {};
    const auto& tokens = document.tokens();
    // The text's own rate of each word, when no profile says the writer's.
    std::map<std::string_view, double> text_counts;
    std::size_t content_words = 0;
    for (const Token& token : tokens) {
        if (token.kind != TokenKind::Word) continue;
        text_counts[token.norm] += 1;
        if (!reference.is_function_word(token.norm)) ++content_words;
    }
    const double text_words = static_cast<double>(std::max<std::size_t>(document.word_count, 1));
    const auto writer_per_million = [&](std::string_view form) {
        if (options.profile != nullptr) return options.profile->word_per_million(form);
        return text_counts[form] * 1e6 / text_words;
    };

    std::vector<Choice> candidates;
    std::vector<const Sentence*> sentence_of(tokens.size(), nullptr);
    for (const Sentence& sentence : document.sentences()) {
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            sentence_of[i] = &sentence;
            if (!replaceable(document, sentence, i, reference)) continue;
            const Token& token = tokens[i];
            if (table.replacements(token.norm).empty()) continue;
            const Span source = document.prose.to_source(token.text);
            if (document.source.substr(source.begin, source.size()) != document.text(token.text) ||
                inside_any(source, kept)) {
                continue;
            }
            candidates.push_back({i, distinctiveness(writer_per_million(token.norm),
                                                     reference.word_per_million(token.norm))});
        }
    }
    // The most distinctive first; of equals, the first in the text.
    std::ranges::stable_sort(candidates,
                             [](const Choice& a, const Choice& b) { return a.score > b.score; });
    const auto budget = static_cast<std::size_t>(
        std::lround(std::min(options.strength, 1.0) * static_cast<double>(content_words)));
    std::vector<WordChoice> choices;
    for (const Choice& candidate : candidates) {
        if (choices.size() >= budget) break;
        const Token& token = tokens[candidate.token];
        const Sentence& sentence = *sentence_of[candidate.token];
        const Token* after = neighbour(document, sentence, candidate.token, +1);
        if (after != nullptr && table.is_verb(token.norm) && is_preposition(after->norm)) continue;
        // A word the sentence already has would read as a slip ("intrigues & machinations"
        // is no "intrigues & intrigues").
        std::vector<std::string> fresh;
        for (const std::string& replacement : table.replacements(token.norm)) {
            if (!has_word(document, sentence, replacement)) fresh.push_back(replacement);
        }
        std::vector<std::string> ranked = ranked_replacements(
            fresh, neighbour(document, sentence, candidate.token, -1), after, reference);
        if (ranked.empty()) continue;
        const std::string_view word = document.text(token.text);
        for (std::string& replacement : ranked) replacement = cased(word, replacement);
        choices.push_back({document.prose.to_source(token.text), std::string(word),
                           std::move(ranked), candidate.score});
    }
    return choices;
}

std::vector<TextEdit> word_choice_edits(const Document& document, const Reference& reference,
                                        const std::vector<Span>& kept,
                                        const WordChoiceOptions& options,
                                        const SynonymTable& table) {
    std::vector<TextEdit> edits;
    for (WordChoice& choice : word_choices(document, reference, kept, options, table)) {
        edits.push_back(
            {choice.source, std::move(choice.replacements.front()), "word-choice", false});
    }
    std::ranges::sort(edits, {}, [](const TextEdit& edit) { return edit.source.begin; });
    return edits;
}

}  // namespace fantasma
