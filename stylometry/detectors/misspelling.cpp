#include "stylometry/detectors/misspelling.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <utility>

#include "stylometry/detectors/common/style_choice.hpp"
#include "stylometry/technical_words.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kFeature = "spelling.misspelled";
constexpr double kPriorWords = 300;
constexpr std::size_t kMinLetters = 4;  // shorter unknown words are mostly abbreviations
// A recurring unknown word counts as a misspelling of a word at least this common.
constexpr double kMinCorrectionPerMillion = 10;
constexpr std::size_t kMinEditLetters = 5;
// In English prose a few per cent of the longer words are names and terms the dictionary
// lacks; far more, and the text is in another language.
constexpr double kMaxUnknownShare = 0.25;
constexpr std::size_t kMinWordsForLanguage = 40;  // too few words tell no language

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

// A word the dictionary could judge: long enough, lower-case letters only. Capitalised words
// are mostly names, which no dictionary lists; a misspelled word that opens a sentence is
// still caught by the table of common misspellings.
bool is_checkable(std::string_view word) {
    return word.size() >= kMinLetters &&
           std::ranges::all_of(word, [](char c) { return c >= 'a' && c <= 'z'; });
}

// The apostrophe a writer habitually drops (dont, theres, couldnt), or empty.
std::string with_apostrophe(const Reference& reference, std::string_view word) {
    for (std::size_t i = 1; i < word.size(); ++i) {
        std::string candidate = std::string(word).insert(i, 1, '\'');
        if (reference.is_dictionary_word(candidate) &&
            reference.word_per_million(candidate) >= kMinCorrectionPerMillion) {
            return candidate;
        }
    }
    return "";
}

// The most frequent common word one edit away from `word` (a letter deleted, inserted or
// replaced, or two neighbours swapped), or empty. An unknown word with no such neighbour is
// a rare or technical word (benzodiazepines), not a misspelling. Short words have too many
// neighbours to tell, and an unlisted plural (literatures) is no misspelling.
std::string likely_correction(const Reference& reference, std::string_view word) {
    if (std::string apostrophe = with_apostrophe(reference, word); !apostrophe.empty()) {
        return apostrophe;
    }
    if (word.size() < kMinEditLetters) return "";
    if (word.ends_with('s') && reference.is_dictionary_word(word.substr(0, word.size() - 1))) {
        return "";
    }
    static constexpr std::string_view kAlphabet = "abcdefghijklmnopqrstuvwxyz";
    std::string best;
    double best_frequency = kMinCorrectionPerMillion;
    const auto consider = [&](const std::string& candidate) {
        const double frequency = reference.word_per_million(candidate);
        if (frequency > best_frequency && reference.is_dictionary_word(candidate)) {
            best = candidate;
            best_frequency = frequency;
        }
    };
    const std::string original(word);
    for (std::size_t i = 0; i <= original.size(); ++i) {
        if (i < original.size()) consider(std::string(original).erase(i, 1));
        if (i + 1 < original.size()) {
            std::string swapped = original;
            std::swap(swapped[i], swapped[i + 1]);
            consider(swapped);
        }
        for (const char c : kAlphabet) {
            consider(std::string(original).insert(i, 1, c));
            if (i < original.size() && original[i] != c) {
                std::string replaced = original;
                replaced[i] = c;
                consider(replaced);
            }
        }
    }
    return best;
}

// Whether an unknown word is made of words the dictionary has: a word with one letter more
// at either end (systemd, profiler, dtrace) or two words run together (backend, codebase).
// Such words are names and terms more often than slips, and "correcting" one changes what it
// names (backend -> backed).
bool is_built_from_words(const Reference& reference, std::string_view word) {
    constexpr std::size_t kMinPart = 3;
    const auto known = [&](std::string_view part) {
        return part.size() >= kMinPart && reference.is_dictionary_word(part);
    };
    if (known(word.substr(1)) || known(word.substr(0, word.size() - 1))) return true;
    for (std::size_t split = kMinPart; split + kMinPart <= word.size(); ++split) {
        if (known(word.substr(0, split)) && known(word.substr(split))) return true;
    }
    return false;
}

struct Found {
    const Token* token;
    std::string correction;
    bool common;  // from the table of common misspellings
};

}  // namespace

void Misspelling::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const Reference& reference = context.reference;
    // Without a dictionary (a reference holding only some tables) every word would look unknown.
    const bool has_dictionary = reference.is_dictionary_word("the");
    std::vector<Found> found;
    std::map<std::string_view, std::vector<const Token*>> unknown;  // by lower-case word
    // Words that name something (systemd, which the text also writes in code or joins to
    // another name as in systemd-timesyncd) anywhere in the document: no misspellings.
    std::set<std::string_view> names;
    std::size_t checkable = 0;      // lower-case words of four letters or more
    std::size_t unknown_count = 0;  // of which the dictionary lacks
    for (const Sentence& sentence : document.sentences()) {
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            const Token& token = document.tokens()[i];
            if (token.kind != TokenKind::Word) continue;
            const std::string_view word = document.text(token.text);
            if (is_technical_word(document, token, reference) ||
                is_hyphen_joined(document.prose.text, token.text)) {
                names.insert(token.norm);
            }
            if (const auto correction = correction_of(token.norm); !correction.empty()) {
                found.push_back({&token, std::string(correction), true});
            } else if (has_dictionary && is_checkable(word)) {
                ++checkable;
                // A word the reference writers used is a word (fiance, which the dictionary
                // lacks, is not a misspelling of France).
                if (!reference.is_dictionary_word(token.norm) &&
                    reference.word_per_million(token.norm) == 0) {
                    unknown[token.norm].push_back(&token);
                    ++unknown_count;
                }
            }
        }
    }
    // A text whose words the dictionary mostly lacks is in another language (a German
    // reference card): its words are not misspelt English.
    if (checkable >= kMinWordsForLanguage &&
        static_cast<double>(unknown_count) > kMaxUnknownShare * static_cast<double>(checkable)) {
        unknown.clear();
    }
    for (const auto& [word, tokens] : unknown) {
        if (tokens.size() < 2) continue;  // once may be a slip of the finger
        if (names.contains(word)) continue;
        const std::string correction = likely_correction(reference, word);
        if (correction.empty()) continue;
        // A dropped apostrophe (dont) is a habit whatever the letters make.
        const bool apostrophe = correction.find('\'') != std::string::npos;
        if (!apostrophe && is_built_from_words(reference, word)) continue;
        for (const Token* token : tokens) found.push_back({token, correction, false});
    }
    std::erase_if(found, [&](const Found& f) { return names.contains(f.token->norm); });
    std::ranges::sort(found, {}, [](const Found& f) { return f.token->text.begin; });

    const auto count = static_cast<double>(found.size());
    const auto words = static_cast<double>(document.word_count);
    sink.measure(kFeature, count, words);
    const HabitScore score = score_habit(reference, kFeature, count, words, kPriorWords);
    if (!style::is_notable(score) || (score.known && score.rate <= score.median)) return;
    const std::string figure = style::reference_figure(score, "misspell words this often");
    for (const Found& f : found) {
        const std::string_view word = document.text(f.token->text);
        const std::string corrected = style::match_casing(word, f.correction);
        const std::string message =
            "'" + std::string(word) +
            (f.common ? "' is a common misspelling of '" : "' recurs but is in no dictionary; '") +
            corrected + (f.common ? "'" : "' is likely meant") +
            ". The words a writer misspells identify them." + figure;
        sink.mark(style::habit_marker(code(), kFeature, f.token->text, message, score,
                                      {style::use_fix(corrected)}));
    }
}

}  // namespace fantasma
