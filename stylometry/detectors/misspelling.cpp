#include "stylometry/detectors/misspelling.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <utility>

#include "stylometry/detectors/style_choice.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kFeature = "spelling.misspelled";
constexpr double kPriorWords = 300;
constexpr std::size_t kMinLetters = 4;  // shorter unknown words are mostly abbreviations

// Frequent English misspellings and their corrections, sorted by misspelling.
constexpr std::pair<std::string_view, std::string_view> kCommon[] = {
    {"accomodate", "accommodate"},
    {"acheive", "achieve"},
    {"adress", "address"},
    {"alot", "a lot"},
    {"arguement", "argument"},
    {"becuase", "because"},
    {"begining", "beginning"},
    {"beleive", "believe"},
    {"calender", "calendar"},
    {"comming", "coming"},
    {"commited", "committed"},
    {"concious", "conscious"},
    {"definately", "definitely"},
    {"definitly", "definitely"},
    {"embarass", "embarrass"},
    {"enviroment", "environment"},
    {"existance", "existence"},
    {"foward", "forward"},
    {"freind", "friend"},
    {"goverment", "government"},
    {"grammer", "grammar"},
    {"independant", "independent"},
    {"neccessary", "necessary"},
    {"noticable", "noticeable"},
    {"occassion", "occasion"},
    {"occured", "occurred"},
    {"occurence", "occurrence"},
    {"persue", "pursue"},
    {"posession", "possession"},
    {"prefered", "preferred"},
    {"publically", "publicly"},
    {"realy", "really"},
    {"recieve", "receive"},
    {"recieved", "received"},
    {"recomend", "recommend"},
    {"refered", "referred"},
    {"seperate", "separate"},
    {"seperately", "separately"},
    {"succesful", "successful"},
    {"teh", "the"},
    {"thier", "their"},
    {"tommorow", "tomorrow"},
    {"tomorow", "tomorrow"},
    {"truely", "truly"},
    {"untill", "until"},
    {"wich", "which"},
    {"wierd", "weird"},
    {"writting", "writing"},
};

std::string_view correction_of(std::string_view lower_word) {
    const auto* it =
        std::lower_bound(std::begin(kCommon), std::end(kCommon), lower_word,
                         [](const auto& entry, std::string_view w) { return entry.first < w; });
    return it != std::end(kCommon) && it->first == lower_word ? it->second : std::string_view();
}

// A word the dictionary could judge: long enough, letters only, not a name (capitalised
// inside a sentence) nor an acronym (all capitals).
bool is_checkable(std::string_view word, std::string_view norm, bool starts_sentence) {
    if (norm.size() < kMinLetters) return false;
    if (!std::ranges::all_of(norm, [](char c) { return c >= 'a' && c <= 'z'; })) return false;
    const auto upper = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; };
    if (std::ranges::all_of(word, upper)) return false;
    return starts_sentence || !upper(word.front());
}

struct Found {
    const Token* token;
    std::string_view correction;  // empty for a recurring unknown word
};

}  // namespace

void Misspelling::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const Reference& reference = context.reference;
    // Without a dictionary (a reference holding only some tables) every word would look unknown.
    const bool has_dictionary = reference.is_dictionary_word("the");
    std::vector<Found> found;
    std::map<std::string_view, std::vector<const Token*>> unknown;  // by lower-case word
    for (const Sentence& sentence : document.sentences()) {
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            const Token& token = document.tokens()[i];
            if (token.kind != TokenKind::Word) continue;
            if (const auto correction = correction_of(token.norm); !correction.empty()) {
                found.push_back({&token, correction});
            } else if (has_dictionary &&
                       is_checkable(document.text(token.text), token.norm,
                                    i == sentence.first_token) &&
                       !reference.is_dictionary_word(token.norm)) {
                unknown[token.norm].push_back(&token);
            }
        }
    }
    for (const auto& [word, tokens] : unknown) {
        if (tokens.size() < 2) continue;  // once may be a rare word or a slip of the finger
        for (const Token* token : tokens) found.push_back({token, {}});
    }
    std::ranges::sort(found, {}, [](const Found& f) { return f.token->text.begin; });

    const auto count = static_cast<double>(found.size());
    const auto words = static_cast<double>(document.word_count);
    sink.measure(kFeature, count, words);
    const HabitScore score = score_habit(reference, kFeature, count, words, kPriorWords);
    if (!style::is_notable(score) || (score.known && score.rate <= score.median)) return;
    const std::string figure = style::reference_figure(score, "misspell words this often");
    for (const Found& f : found) {
        const std::string_view word = document.text(f.token->text);
        std::vector<Fix> fixes;
        std::string message = "'" + std::string(word) + "' ";
        if (!f.correction.empty()) {
            const std::string corrected = style::match_casing(word, f.correction);
            message += "is a common misspelling of '" + corrected +
                       "'; the words a writer misspells identify them.";
            fixes.push_back(style::use_fix(corrected));
        } else {
            message +=
                "recurs but is in no dictionary: a repeated misspelling or unusual word "
                "identifies its writer.";
        }
        sink.mark(style::habit_marker(code(), kFeature, f.token->text, message + figure, score,
                                      std::move(fixes)));
    }
}

}  // namespace fantasma
