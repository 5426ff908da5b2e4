#pragma once
// The word-choice pass of the rewrite: the words that tie a text to its writer replaced with
// common synonyms of the same meaning, part of speech and inflection. A character n-gram
// attacker keys mostly on which words a writer uses, not on how they punctuate, so this is
// the pass that moves it. The synonyms come from WordNet 3.0 (stylometry/data/synonyms.tsv,
// built by tools/wordnet/build_synonyms.py): only forms with one reading (a part of speech
// and a sense clear without a tagger: "purchased", never "lead"), each replaced only by a
// word no rarer than itself whose own commonest sense is the same.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/document.hpp"
#include "stylometry/rewrite/rewrite.hpp"

namespace fantasma {

class Reference;

class SynonymTable {
  public:
    // The table compiled into the library, parsed once.
    static const SynonymTable& builtin();
    // Parses the format of synonyms.tsv (form, part of speech, replacements separated by |);
    // throws std::runtime_error naming the line of a malformed row.
    static SynonymTable parse(std::string_view tsv);

    // The replacements of a lower-case word form, commonest first; empty when it has none.
    const std::vector<std::string>& replacements(std::string_view form) const;
    // Whether the form is a verb's ("employed"): a verb's synonym may not take the
    // preposition that follows it ("the law could apply to" is no "use to").
    bool is_verb(std::string_view form) const;
    std::size_t size() const { return by_form_.size(); }

  private:
    struct Entry {
        std::vector<std::string> replacements;
        bool verb = false;
    };
    std::map<std::string, Entry, std::less<>> by_form_;
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
// options.strength allows, none inside `kept` (source spans: names, quotations, technical
// terms; sorted). Left alone too: function words, words with a capital that do not open a
// sentence, words in capitals, words shaped like identifiers or written in code, hyphenated
// compounds, words with an apostrophe, a verb before a preposition, and a word after "a"/"an"
// whose replacement would need the other article.
std::vector<WordChoice> word_choices(const Document& document, const Reference& reference,
                                     const std::vector<Span>& kept,
                                     const WordChoiceOptions& options,
                                     const SynonymTable& table = SynonymTable::builtin());

// The edits (code "word-choice") of the pass over `document`: each of word_choices() given its
// best replacement, sorted by source offset.
std::vector<TextEdit> word_choice_edits(const Document& document, const Reference& reference,
                                        const std::vector<Span>& kept,
                                        const WordChoiceOptions& options,
                                        const SynonymTable& table = SynonymTable::builtin());

}  // namespace fantasma
