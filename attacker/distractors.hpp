#pragma once
// The distractor writers an attacker holds besides the writer: people of several kinds of
// prose (attacker/data/README.md says which, and from where), each with a few texts. Only
// counts are stored, over the feature vocabulary stored with them; never their words.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "attacker/features.hpp"

namespace fantasma::attacker {

struct DistractorText {
    std::string writer;
    std::string kind;  // "journalism", "essays", "academic", "fiction", ...
    std::unordered_map<int, int> counts;
};

// 64-bit FNV-1a of `bytes`, continued from `hash`.
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = 14695981039346656037ULL);

struct DistractorTable {
    FeatureSpace space;
    std::vector<DistractorText> texts;
    // Each text's FeatureSpace::kind_vector, in the same order.
    std::vector<SparseVector> kind_vectors;
    // How alike a text's kind must be to some distractor text's (cosine of their kind vectors)
    // to be of a kind the table has: every distractor text is at least this alike to a text by
    // another of its writers. A text less alike to all of them is of a kind the attacker holds
    // no writers of, and its verdict is uncertain.
    double kind_floor = 0;
    // A hash of the table's bytes: a model trained on another table is never reused.
    std::uint64_t fingerprint = 0;

    // The table compiled into the program (attacker/data/distractors.tsv).
    static const DistractorTable& builtin();
    // Parses a table; throws std::runtime_error naming `name` and the line when it is broken.
    static DistractorTable parse(std::string_view table, std::string_view name);
    // Writes `texts` over `space` in the format parse() reads, after `comment` lines.
    static std::string format(const FeatureSpace& space, const std::vector<DistractorText>& texts,
                              double kind_floor, const std::vector<std::string>& comment);
    // kind_floor for `texts`.
    static double measure_kind_floor(const FeatureSpace& space,
                                     const std::vector<DistractorText>& texts);
    // The largest cosine between a kind vector and a table text's.
    double closest_kind(const SparseVector& kind_vector) const;
};

}  // namespace fantasma::attacker
