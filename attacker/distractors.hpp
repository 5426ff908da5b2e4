#pragma once
// The distractor writers an attacker holds besides the writer: people of several kinds of
// prose (attacker/data/README.md says which, and from where), each with a few texts. Only
// counts are stored, over the feature vocabulary stored with them; never their words.
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "attacker/features.hpp"

namespace fantasma::attacker {

struct DistractorText {
    std::string writer;
    std::string kind;  // "journalism", "essays", "learned", "fiction", ...
    std::unordered_map<int, int> counts;
};

struct DistractorTable {
    FeatureSpace space;
    std::vector<DistractorText> texts;

    // The table compiled into the program (attacker/data/distractors.tsv).
    static const DistractorTable& builtin();
    // Parses a table; throws std::runtime_error naming `name` and the line when it is broken.
    static DistractorTable parse(std::string_view table, std::string_view name);
    // Writes `texts` over `space` in the format parse() reads, after `comment` lines.
    static std::string format(const FeatureSpace& space, const std::vector<DistractorText>& texts,
                              const std::vector<std::string>& comment);
};

}  // namespace fantasma::attacker
