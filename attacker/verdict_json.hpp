#pragma once
// A verdict as `fantasma check --format json` and the language server's `fantasma/summary`
// both give it: {"verdict","candidates","rank","probability","uncertain","writerTexts",
// "distractors":{KIND: N},"others","sentences":[{"byteRange","range","share","evidence"}]},
// every sentence, the largest share first (a negative share points away from the writer);
// ranges in the positions `positions` counts.
#include <vector>

#include <nlohmann/json.hpp>

#include "attacker/attacker.hpp"
#include "stylometry/text/line_index.hpp"

namespace fantasma::attacker {

// The sentences by their share of the evidence, most first.
std::vector<const SentenceEvidence*> telling_sentences(const Verdict& verdict);

nlohmann::json verdict_json(const Verdict& verdict, const Candidates& candidates,
                            const PositionMap& positions);

}  // namespace fantasma::attacker
