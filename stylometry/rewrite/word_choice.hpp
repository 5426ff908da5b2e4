#pragma once
// The word-choice pass of the rewrite: the words that tie a text to its writer replaced with
// common synonyms of the same meaning, part of speech and inflection. A character n-gram
// attacker keys mostly on which words a writer uses, not on how they punctuate, so this is
// the pass that moves it. The synonyms come from WordNet 3.0 (stylometry/data/synonyms.tsv,
// built by tools/wordnet/build_synonyms.py): a row per word form and part of speech, taken for
// the part of speech the tagger (stylometry/text/part_of_speech.hpp) gives the word in its
// sentence ("lead" the metal is never replaced by a synonym of "lead" the verb), each
// replacement a word no rarer than the form whose own commonest sense is the form's.
#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/document.hpp"
#include "stylometry/rewrite/rewrite.hpp"
#include "stylometry/text/part_of_speech.hpp"

namespace fantasma {

class Reference;

// The codes of the pass's edits (TextEdit::code): a synonym, and a function word moved toward
// the population's rate.
inline constexpr std::string_view kWordChoiceCode = "word-choice";
inline constexpr std::string_view kFunctionWordMoveCode = "function-words";

class SynonymTable {
  public:
    // The table compiled into the library, parsed once.
    static const SynonymTable& builtin();
    // Parses the format of synonyms.tsv (form, part of speech, replacements separated by |);
    // throws std::runtime_error naming the line of a malformed row.
    static SynonymTable parse(std::string_view tsv);

    // The replacements of a lower-case word form read as `part`, commonest first; empty when
    // it has none.
    const std::vector<std::string>& replacements(std::string_view form, WordNetPart part) const;
    // Whether the form has a row for any part of speech.
    bool has_form(std::string_view form) const;
    // The number of rows (a form and a part of speech).
    std::size_t size() const { return rows_; }

  private:
    // A form's replacements by part of speech (indexed by WordNetPart; None stays empty).
    using ByPart = std::array<std::vector<std::string>, 5>;
    std::map<std::string, ByPart, std::less<>> by_form_;
    std::size_t rows_ = 0;
};

// A word the pass would replace: where it is, as written, its replacements best first (in the
// word's casing), and how much more the writer uses it than the population (log scale).
struct WordChoice {
    Span source;
    std::string word;
    std::vector<std::string> replacements;  // never empty
    double distinctiveness = 0;
};

// The words the pass would replace in `document`, the most distinctive first, as many as
// options.strength allows and only those the writer uses more than the population, none inside
// `kept` (source spans: names, quotations, technical terms; sorted). Left alone too: function
// words, words with a capital that do not open a sentence, words in capitals, words shaped
// like identifiers or written in code, hyphenated compounds, words with an apostrophe, a verb
// before a preposition, and a word after "a"/"an" whose replacement would need the other
// article.
std::vector<WordChoice> word_choices(
    const Document& document, const Reference& reference, const std::vector<Span>& kept,
    const WordChoiceOptions& options, const SynonymTable& table = SynonymTable::builtin(),
    const PartOfSpeechTagger& tagger = PartOfSpeechTagger::builtin());

// The edits of the pass over `document`, sorted by source offset: each of word_choices() given
// its best replacement (code "word-choice"), and function words the writer uses more than the
// population moved toward its rate (code "function-words"): "which" that opens a restrictive
// clause becomes "that", "upon" "on", "although" "though", "whereas" "while".
std::vector<TextEdit> word_choice_edits(
    const Document& document, const Reference& reference, const std::vector<Span>& kept,
    const WordChoiceOptions& options, const SynonymTable& table = SynonymTable::builtin(),
    const PartOfSpeechTagger& tagger = PartOfSpeechTagger::builtin());

}  // namespace fantasma
