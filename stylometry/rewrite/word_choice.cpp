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

bool is_subject_pronoun(std::string_view word) {
    for (const std::string_view pronoun : {"i", "we", "you", "they", "he", "she", "it"}) {
        if (word == pronoun) return true;
    }
    return false;
}

bool is_preposition(std::string_view word) {
    return std::ranges::find(kPrepositions, word) != std::end(kPrepositions);
}

// A word the pass may replace: index of its token, its part of speech in its sentence and how
// distinctive it is.
struct Choice {
    std::size_t token;
    WordNetPart part;
    double score;
};

WordNetPart wordnet_part_named(std::string_view name) {
    if (name == "noun") return WordNetPart::Noun;
    if (name == "verb") return WordNetPart::Verb;
    if (name == "adj") return WordNetPart::Adjective;
    if (name == "adv") return WordNetPart::Adverb;
    return WordNetPart::None;
}

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

bool is_noun(PartOfSpeech part) {
    return part == PartOfSpeech::Noun || part == PartOfSpeech::PluralNoun;
}

bool is_verb(PartOfSpeech part) {
    return wordnet_part(part) == WordNetPart::Verb;
}

// Whether the word before token `i` agrees with the part of speech the tagger gave it: where
// it does not, the tagger may well have read a verb as a noun or the other way round, and a
// synonym of the wrong one changes the sentence ("man now sorts pages" → "now kinds pages").
// A noun comes after an article, an adjective, a number, a preposition, a verb, another noun or
// nothing; never right after an adverb, a modal, "to" with no article ("quick to decree"), a
// name it may belong to ("the Unix epoch") or a subject pronoun ("we sort through"). A verb
// never comes right after an article, an adjective, a number or a preposition.
bool context_agrees(const Document& document, const Sentence& sentence, std::size_t i,
                    const std::vector<PartOfSpeech>& parts) {
    const PartOfSpeech part = parts[i - sentence.first_token];
    const Token* before = neighbour(document, sentence, i, -1);
    if (before == nullptr) return true;
    const PartOfSpeech previous = parts[i - 1 - sentence.first_token];
    if (is_noun(part)) {
        if (before->norm == "to" || is_subject_pronoun(before->norm)) return false;
        const bool after_name = previous == PartOfSpeech::ProperNoun ||
                                (is_upper(document.text(before->text).front()) &&
                                 before->norm != "i" && i - 1 != sentence.first_token);
        return !after_name && previous != PartOfSpeech::Adverb && previous != PartOfSpeech::Modal;
    }
    if (is_verb(part)) {
        return previous != PartOfSpeech::Determiner && previous != PartOfSpeech::Adjective &&
               previous != PartOfSpeech::Number && previous != PartOfSpeech::Preposition;
    }
    return true;
}

// A word without its inflection, roughly: "helping", "helps" and "help" give "help"; "using"
// and "use" give "us". Only compared with another's.
std::string_view rough_stem(std::string_view word) {
    for (const std::string_view ending : {"ing", "ed", "es", "s"}) {
        if (word.size() >= ending.size() + 2 && word.ends_with(ending)) {
            word.remove_suffix(ending.size());
            break;
        }
    }
    if (word.size() > 3 && word.ends_with('e')) word.remove_suffix(1);
    return word;
}

// Whether the sentence has `word` in any inflection ("help" where it says "by helping them").
bool has_word(const Document& document, const Sentence& sentence, std::string_view word) {
    const std::string_view stem = rough_stem(word);
    for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
        const std::string_view other = document.tokens()[i].norm;
        // (A short word is no inflection: "us" is not "used".)
        if (other == word || (other.size() >= 3 && rough_stem(other) == stem)) return true;
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

// Function words a writer may lean on, each with a plain equivalent that means the same
// wherever allows_move() lets it replace them. Moving a writer's rate of these toward the
// population's is what moves a function-word attacker; content-word synonyms do not.
struct FunctionWordMove {
    std::string_view word;
    std::string_view replacement;
};
constexpr FunctionWordMove kFunctionWordMoves[] = {
    {"which", "that"}, {"upon", "on"}, {"although", "though"}, {"whereas", "while"}};

// Whether token `i` (tagged `parts`, by sentence position) may take the move's replacement.
// "which" only where it opens a restrictive clause: right after a noun, with no comma, and not
// before a noun or adjective it would determine ("asked which book"); "that" then says the
// same. "upon" except in "once upon" and "row upon row".
bool allows_move(const Document& document, const Sentence& sentence, std::size_t i,
                 const std::vector<PartOfSpeech>& parts, std::string_view word) {
    const Token* before = neighbour(document, sentence, i, -1);
    const Token* after = neighbour(document, sentence, i, +1);
    const auto part_of = [&](const Token* token) {
        return parts[static_cast<std::size_t>(token - document.tokens().data()) -
                     sentence.first_token];
    };
    if (word == "which") {
        if (before == nullptr || after == nullptr || !is_noun(part_of(before))) return false;
        const PartOfSpeech next = part_of(after);
        return !is_noun(next) && next != PartOfSpeech::ProperNoun &&
               next != PartOfSpeech::Adjective && next != PartOfSpeech::Number;
    }
    if (word == "upon") {
        if (before != nullptr && before->norm == "once") return false;
        return before == nullptr || after == nullptr || before->norm != after->norm;
    }
    return true;
}

// The function-word moves of the pass: of each word in kFunctionWordMoves the writer uses
// more than the population (by the profile, or this text), the occurrences beyond the
// population's rate, first to last, where allows_move() permits; with options.any_word, every
// occurrence.
std::vector<TextEdit> function_word_edits(const Document& document, const Reference& reference,
                                          const std::vector<Span>& kept,
                                          const WordChoiceOptions& options,
                                          const PartOfSpeechTagger& tagger) {
    const double words = static_cast<double>(std::max<std::size_t>(document.word_count, 1));
    std::vector<TextEdit> edits;
    for (const FunctionWordMove& move : kFunctionWordMoves) {
        std::size_t in_text = 0;
        for (const Token& token : document.tokens()) in_text += token.norm == move.word ? 1 : 0;
        const double population = reference.word_per_million(move.word);
        const double writer = options.profile != nullptr
                                  ? options.profile->word_per_million(move.word)
                                  : static_cast<double>(in_text) * 1e6 / words;
        if (in_text == 0 || (writer <= population && !options.any_word)) continue;
        const double excess = static_cast<double>(in_text) - population * words / 1e6;
        auto left =
            options.any_word ? in_text : static_cast<std::size_t>(std::max(0.0, std::ceil(excess)));
        for (const Sentence& sentence : document.sentences()) {
            std::vector<PartOfSpeech> parts;
            for (std::size_t i = sentence.first_token; i < sentence.end_token && left > 0; ++i) {
                const Token& token = document.tokens()[i];
                if (token.kind != TokenKind::Word || token.norm != move.word) continue;
                const std::string_view written = document.text(token.text);
                if (std::ranges::any_of(written.substr(1), is_upper)) continue;  // WHEREAS
                const Span source = document.prose.to_source(token.text);
                if (document.source.substr(source.begin, source.size()) != written ||
                    inside_any(source, kept)) {
                    continue;
                }
                if (parts.empty()) parts = tagger.tag(document.prose, document.tokens(), sentence);
                if (!allows_move(document, sentence, i, parts, move.word)) continue;
                edits.push_back({source, cased(written, std::string(move.replacement)),
                                 std::string(kFunctionWordMoveCode), false});
                --left;
            }
        }
    }
    return edits;
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
        const WordNetPart part = wordnet_part_named(fields[1]);
        if (part == WordNetPart::None) {
            throw std::runtime_error("synonyms.tsv line " + std::to_string(line_number) +
                                     ": unknown part of speech '" + fields[1] +
                                     "' (noun, verb, adj or adv)");
        }
        std::vector<std::string>& row = table.by_form_[fields[0]][static_cast<std::size_t>(part)];
        if (!row.empty()) {
            throw std::runtime_error("synonyms.tsv line " + std::to_string(line_number) + ": '" +
                                     fields[0] + "' is listed twice as " + fields[1]);
        }
        row = std::move(replacements);
        ++table.rows_;
    }
    return table;
}

bool SynonymTable::has_form(std::string_view form) const {
    return by_form_.contains(form);
}

const std::vector<std::string>& SynonymTable::replacements(std::string_view form,
                                                           WordNetPart part) const {
    static const std::vector<std::string> none;
    if (part == WordNetPart::None) return none;
    const auto it = by_form_.find(form);
    return it == by_form_.end() ? none : it->second[static_cast<std::size_t>(part)];
}

std::vector<WordChoice> word_choices(const Document& document, const Reference& reference,
                                     const std::vector<Span>& kept,
                                     const WordChoiceOptions& options, const SynonymTable& table,
                                     const PartOfSpeechTagger& tagger) {
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
        std::vector<PartOfSpeech> parts;  // tagged once the sentence has a word in the table
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            sentence_of[i] = &sentence;
            if (!replaceable(document, sentence, i, reference)) continue;
            const Token& token = tokens[i];
            if (!table.has_form(token.norm)) continue;
            if (parts.empty()) parts = tagger.tag(document.prose, tokens, sentence);
            const WordNetPart part = wordnet_part(parts[i - sentence.first_token]);
            if (table.replacements(token.norm, part).empty()) continue;
            if (!context_agrees(document, sentence, i, parts)) continue;
            const Span source = document.prose.to_source(token.text);
            if (document.source.substr(source.begin, source.size()) != document.text(token.text) ||
                inside_any(source, kept)) {
                continue;
            }
            candidates.push_back({i, part,
                                  distinctiveness(writer_per_million(token.norm),
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
        // A word the writer uses no more than most writers do does not point at them.
        if (choices.size() >= budget || (candidate.score <= 0 && !options.any_word)) break;
        const Token& token = tokens[candidate.token];
        const Sentence& sentence = *sentence_of[candidate.token];
        const Token* after = neighbour(document, sentence, candidate.token, +1);
        // A verb's synonym may not take the preposition that follows it ("the law could apply
        // to" is no "use to").
        if (after != nullptr && candidate.part == WordNetPart::Verb && is_preposition(after->norm))
            continue;
        // A word the sentence already has would read as a slip ("intrigues & machinations"
        // is no "intrigues & intrigues", "assist girls ... by helping them" no "help girls").
        std::vector<std::string> fresh;
        for (const std::string& replacement : table.replacements(token.norm, candidate.part)) {
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
                                        const WordChoiceOptions& options, const SynonymTable& table,
                                        const PartOfSpeechTagger& tagger) {
    std::vector<TextEdit> edits;
    if (options.strength <= 0) return edits;
    for (WordChoice& choice : word_choices(document, reference, kept, options, table, tagger)) {
        edits.push_back({choice.source, std::move(choice.replacements.front()),
                         std::string(kWordChoiceCode), false});
    }
    std::vector<TextEdit> moves = function_word_edits(document, reference, kept, options, tagger);
    edits.insert(edits.end(), std::make_move_iterator(moves.begin()),
                 std::make_move_iterator(moves.end()));
    std::ranges::sort(edits, {}, [](const TextEdit& edit) { return edit.source.begin; });
    return edits;
}

}  // namespace fantasma
