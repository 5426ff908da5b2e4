#pragma once
// The phrase table of the deterministic rewrite: wordy phrases ("in order to", "prior to")
// and regional words the spelling table cannot pair ("whilst", "towards") replaced with
// their common equivalents (stylometry/data/phrase_replacements.tsv). A writer's pet phrases
// are a fingerprint; their plain equivalents are what most writers use.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/document.hpp"
#include "stylometry/rewrite/rewrite.hpp"

namespace fantasma {

struct PhraseReplacement {
    std::vector<std::string> words;  // the phrase's words, lower case
    std::string replacement;         // lower case
};

class PhraseTable {
  public:
    // The table compiled into the library, parsed once.
    static const PhraseTable& builtin();
    // Parses the format of phrase_replacements.tsv; throws std::runtime_error naming the
    // line of a malformed row or a phrase listed twice.
    static PhraseTable parse(std::string_view tsv);

    // An edit (code "phrase-table") for every phrase of the table in the document's prose,
    // in source bytes, sorted. A phrase matches whole words of one sentence, whatever the
    // whitespace between them; its replacement takes a capital when the phrase opens with
    // one ("Prior to" -> "Before"). A phrase with any other capital (a title, shouting) is
    // left alone.
    std::vector<TextEdit> edits(const Document& document) const;

    std::size_t size() const;

  private:
    // By first word; each list longest phrase first, so "in spite of the fact that" wins
    // over "in spite of".
    std::map<std::string, std::vector<PhraseReplacement>, std::less<>> by_first_word_;
};

}  // namespace fantasma
