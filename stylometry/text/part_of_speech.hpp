#pragma once
// Part of speech from context, for the rewrite's word choice: "lead" the metal is a noun after
// "the" and a verb after "will", and only a synonym of that reading may replace it. A
// second-order hidden Markov model (Brants' TnT) trained on the tagged Brown Corpus by
// tools/pos/build_pos_model.py (stylometry/data/pos_model.tsv), decoded per sentence with
// Viterbi. Words it has not seen are tagged by their ending and capitalisation.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "stylometry/text/segment.hpp"

namespace fantasma {

// Coarse parts of speech that keep a word's inflection, so a replacement can take the same.
enum class PartOfSpeech : std::uint8_t {
    Noun,             // lead, water (also possessive: man's)
    PluralNoun,       // leads, waters
    ProperNoun,       // Atlanta, Smith's
    Verb,             // base or present, not third person: (to) lead, (they) lead, be, are
    VerbPast,         // led, was
    PastParticiple,   // (has) led, been
    Gerund,           // leading, being: the -ing form, gerund or participle
    VerbThirdPerson,  // leads, is, has
    Modal,            // can, will, must
    Adjective,        // present, close
    Comparative,      // closer
    Superlative,      // closest
    Adverb,           // also "not", particles (give up) and qualifiers (very)
    Determiner,       // the, this, all, many, which
    Pronoun,          // he, them, its, who, existential "there"
    Preposition,      // of, in
    Conjunction,      // and, that, because
    To,               // "to" before a verb
    Number,           // 3, two, first
    Punctuation,
    Other,  // interjections, symbols, emoji, URLs, foreign words Brown could not tag
};
inline constexpr std::size_t kPartsOfSpeech = static_cast<std::size_t>(PartOfSpeech::Other) + 1;

// The name pos_model.tsv uses: "noun", "plural-noun", "verb-past", "to", ...
std::string_view name(PartOfSpeech part);

// WordNet's four parts of speech (adjectives include the satellites), or none.
enum class WordNetPart : std::uint8_t { None, Noun, Verb, Adjective, Adverb };
WordNetPart wordnet_part(PartOfSpeech part);

class PartOfSpeechTagger {
  public:
    // The model compiled into the library, parsed once.
    static const PartOfSpeechTagger& builtin();
    // Parses the format of pos_model.tsv; throws std::runtime_error naming the line of a
    // malformed row.
    static PartOfSpeechTagger parse(std::string_view tsv);

    // One part of speech per token of `sentence` (tokens[first_token, end_token), spans into
    // prose.text). Words, numbers and punctuation are tagged in context; symbols, emoji,
    // URLs and the like are Other and not part of the context.
    std::vector<PartOfSpeech> tag(const Prose& prose, const std::vector<Token>& tokens,
                                  const Sentence& sentence) const;

  private:
    using TagIndex = std::uint8_t;
    struct TagCount {
        TagIndex tag;
        std::uint32_t count;
    };
    struct TagScore {
        TagIndex tag;
        float log_probability;
    };
    // How a word the model has not seen is written: its tag distribution depends on it.
    enum Shape : std::uint8_t { Lower, Capital, Initial, Punct, kShapes };
    struct Observation {
        std::string key;    // as written, curly apostrophes straight; <number> for numbers
        std::string lower;  // Token::norm
        Shape shape;
    };
    struct StringHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };
    template <typename Value>
    using StringMap = std::unordered_map<std::string, Value, StringHash, std::equal_to<>>;

    std::vector<TagScore> emissions(const Observation& observation) const;
    std::vector<TagIndex> decode(const std::vector<Observation>& observations) const;
    float transition(TagIndex first, TagIndex second, TagIndex third) const {
        return transitions_[(first * tag_count() + second) * tag_count() + third];
    }
    std::size_t tag_count() const { return coarse_.size(); }

    std::vector<PartOfSpeech> coarse_;   // by tag index
    std::vector<double> tag_frequency_;  // count of the tag in the training corpus
    TagIndex boundary_ = 0;              // the tag before and after a sentence
    std::vector<float> transitions_;     // log P(third | first, second), interpolated
    StringMap<std::vector<TagCount>> words_;
    std::array<StringMap<std::vector<TagScore>>, kShapes> endings_;  // log P(tag|ending)/P(tag)
    std::array<std::size_t, kShapes> longest_ending_{};
};

}  // namespace fantasma
