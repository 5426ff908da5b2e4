#pragma once
// Where in a text the attacker's evidence for the writer lies, sentence by sentence, and what
// it is in words a writer can act on ("you write 'whilst'", "';' before 'however'"), never a
// raw n-gram.
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "attacker/attacker.hpp"
#include "attacker/features.hpp"

namespace fantasma::attacker {

// The writer's linear score (weights · vector, bias left out) decomposed over `sentences`:
// each occurrence of a feature carries an equal part of that feature's term, and belongs to
// the sentence its first byte follows (the first sentence: anything before it too). So the
// sentences' scores sum to weights · vector whenever there is a sentence.
std::vector<SentenceEvidence> explain(const FeatureSpace& space, const std::vector<float>& weights,
                                      const SparseVector& vector,
                                      const std::unordered_map<int, int>& counts,
                                      const std::vector<Occurrence>& occurrences,
                                      std::string_view text, std::span<const Span> sentences);

}  // namespace fantasma::attacker
