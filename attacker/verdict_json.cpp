#include "attacker/verdict_json.hpp"

#include <algorithm>

namespace fantasma::attacker {
namespace {

nlohmann::json position_json(LineColumn position) {
    return {{"line", position.line}, {"character", position.character}};
}

}  // namespace

std::vector<const SentenceEvidence*> telling_sentences(const Verdict& verdict) {
    std::vector<const SentenceEvidence*> telling;
    for (const SentenceEvidence& sentence : verdict.sentences) telling.push_back(&sentence);
    std::ranges::stable_sort(telling,
                             [](const auto* a, const auto* b) { return a->share > b->share; });
    return telling;
}

nlohmann::json verdict_json(const Verdict& verdict, const Candidates& candidates,
                            const PositionMap& positions) {
    nlohmann::json kinds = nlohmann::json::object();
    for (const auto& [kind, count] : candidates.distractors_by_kind) kinds[kind] = count;
    nlohmann::json sentences = nlohmann::json::array();
    for (const SentenceEvidence* sentence : telling_sentences(verdict)) {
        sentences.push_back({{"byteRange", {sentence->span.begin, sentence->span.end}},
                             {"range",
                              {{"start", position_json(positions.position(sentence->span.begin))},
                               {"end", position_json(positions.position(sentence->span.end))}}},
                             {"share", sentence->share},
                             {"evidence", sentence->evidence}});
    }
    return {{"verdict", describe(verdict, candidates)},
            {"candidates", verdict.candidates},
            {"rank", verdict.rank},
            {"probability", verdict.probability},
            {"uncertain", verdict.uncertain},
            {"writerTexts", candidates.writer_texts},
            {"distractors", std::move(kinds)},
            {"others", candidates.others},
            {"sentences", std::move(sentences)}};
}

}  // namespace fantasma::attacker
