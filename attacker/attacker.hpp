#pragma once
// fantasma's own attacker: what a stylometric adversary holding the writer's other texts
// would conclude about a new one. A linear classifier (liblinear's L2-regularised logistic
// regression, one writer against the rest) over character n-grams and function words
// (features.hpp) picks among the writer, the distractor writers (distractors.hpp) and the
// writer's own `others`; its margin for the writer is turned into a probability by the
// writer's held-out texts (cross-validation) and texts of writers it was not trained on.
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "attacker/distractors.hpp"
#include "attacker/features.hpp"
#include "stylometry/language.hpp"
#include "stylometry/span.hpp"

namespace fantasma::attacker {

// The text an attacker reads of a document: its prose (no markup), white space as ' '.
std::string prose_of(std::string_view source, Language language);

// One writer's texts as the attacker reads them (prose_of).
struct Writer {
    std::string name;
    std::vector<std::string> texts;
};

// Who the attacker chooses among, and how many of each kind.
struct Candidates {
    std::size_t writer_texts = 0;  // the writer's own texts it was trained on
    std::size_t distractors = 0;   // distractor writers
    std::size_t others = 0;        // writers of the writer's --others folder
    std::vector<std::pair<std::string, std::size_t>> distractors_by_kind;
    std::size_t total() const { return 1 + distractors + others; }
};

// A sentence's part of the evidence that the text is the writer's.
struct SentenceEvidence {
    Span span;         // the sentence, into the text judged
    double score = 0;  // its part of the writer's linear score
    double share = 0;  // score ÷ the sum of the positive sentences' scores (≤ 1)
    std::vector<std::string> evidence;  // what in it carries the score, in words
};

struct Verdict {
    std::size_t candidates = 0;
    std::size_t rank = 0;    // the writer's place among the candidates, from 1
    double probability = 0;  // that an attacker like this one picks the writer
    double log_odds = 0;     // ln(p / (1 - p)): what orders texts where p shows 1.00
    double margin = 0;       // the writer's score minus the best other candidate's
    double score = 0;        // the writer's linear score: bias + Σ sentence scores
    double bias = 0;
    // The text is unlike every distractor text (DistractorTable::kind_floor): a kind of prose
    // the attacker holds no other writers of, so telling it from them may be telling kinds
    // apart, not writers.
    bool uncertain = false;
    std::vector<SentenceEvidence> sentences;  // in text order
};

class Attacker {
  public:
    // Trains on the writer's texts (at least three: the probability needs held-out ones),
    // the table's distractors and `others`. Throws std::runtime_error with a readable
    // message when there is too little to train on.
    static Attacker train(const Writer& writer, const std::vector<Writer>& others,
                          const DistractorTable& table = DistractorTable::builtin());

    // The verdict on `text` (prose_of), with each of `sentences` (spans into `text`) scored.
    Verdict judge(std::string_view text, std::span<const Span> sentences = {}) const;

    const Candidates& candidates() const { return candidates_; }

    // The trained model as bytes, and back (the cache: attacker/cache.hpp). load() throws
    // std::runtime_error when the bytes are not a model of this table.
    std::string save() const;
    static Attacker load(std::string_view bytes,
                         const DistractorTable& table = DistractorTable::builtin());

  private:
    friend class EditedText;  // keeps each candidate's score as a text is edited
    explicit Attacker(const DistractorTable& table) : table_(&table) {}
    // Each candidate's score for `vector`; the writer's is scores[0].
    std::vector<double> scores(const SparseVector& vector) const;

    const DistractorTable* table_;
    Candidates candidates_;
    // One weight vector per candidate (the writer first), each space().size() long, and
    // each candidate's bias.
    std::vector<std::vector<float>> weights_;
    std::vector<double> biases_;
    // P(picked) = 1 / (1 + exp(-(slope × margin + intercept))).
    double slope_ = 1;
    double intercept_ = 0;
};

// The verdict on a document's source: its prose judged, each sentence's span in `source`
// bytes.
Verdict judge_source(const Attacker& attacker, std::string_view source, Language language);

// The verdict in a sentence a writer reads: "An attacker with your 14 other texts, choosing
// among 49 writers, would pick you: probability 0.87."
std::string describe(const Verdict& verdict, const Candidates& candidates);

}  // namespace fantasma::attacker
