#pragma once
// The writer's distinctive words in a document: those the word-choice pass of the rewrite
// would replace (stylometry/rewrite/word_choice.hpp) that the writer's profile uses far more
// than writers in general. Shown as hint-level diagnostics (code "word-choice") with their
// synonyms as quick fixes. Only with a profile: without one, a text's own rare words say
// nothing about its writer.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/rewrite/word_choice.hpp"

namespace fantasma::lsp {

// The diagnostic code and ignore key are the pass's edit code, kWordChoiceCode.

// How far above writers in general a word must be, in the profile, to be marked: at least
// this many times the reference corpus's rate, and used at least this often (one or two uses
// are no habit). The reference (the Brown Corpus, 1961) differs from a writer's texts in era
// and genre, so a rate twice its own is common without being the writer's: on EBG essays
// (a profile of 18 of an author's samples, the 19th checked) a factor of 2 marked "idea",
// "person" and "maybe" as often as the words that do single a writer out.
inline constexpr double kDistinctiveRatio = 3.0;
inline constexpr std::size_t kDistinctiveUses = 3;

struct DistinctiveWord {
    WordChoice choice;                  // where it is, as written, its replacements best first
    double writer_per_million = 0;      // in the profile
    double population_per_million = 0;  // in the reference corpus (0: at most once in it)
    std::size_t profile_uses = 0;
};

// The distinctive words of `document` among the word-choice pass's choices at `share`,
// the most distinctive first. `report` is the document's analysis (its self-identifying
// markers are kept as written, as the rewrite keeps them).
std::vector<DistinctiveWord> distinctive_words(const Document& document, const Report& report,
                                               const Profile& profile, const Reference& reference,
                                               double share);

// What the diagnostic says, e.g. "'purchased': in your own writing you use this word 12 times
// as often as writers in general (3.1 times per 10,000 words, against 0.26) ...".
std::string distinctive_word_message(const DistinctiveWord& word);

}  // namespace fantasma::lsp
