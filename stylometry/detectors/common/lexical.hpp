#pragma once
// Helpers shared by the lexical detectors (function words, lengths, vocabulary, openers,
// hedges, phrases) and the self-identifying-content detectors: token tests, number
// formatting for messages, and the common shape of their markers.
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "stylometry/detectors/common/habit.hpp"
#include "stylometry/document.hpp"
#include "stylometry/marker.hpp"
#include "stylometry/text/segment.hpp"

namespace fantasma::lexical {

// A habit scoring at least this many bits gets a marker: with score_habit's two-sided share,
// 3 bits means at most one reference writer in 16 goes this far beyond the median.
inline constexpr double kMarkerBits = 3.0;

inline bool is_word(const Token& token) {
    return token.kind == TokenKind::Word;
}

// True when the first code point is an upper-case letter.
bool starts_upper(std::string_view text);
// True when every letter is upper case and there are at least two (an acronym: "MIT").
bool is_all_caps(std::string_view text);
// Letters (Unicode category L) in a word, so "don't" has 4 and "café" has 4.
std::size_t letter_count(std::string_view word);

// How many tokens from `at` (before `end`) spell `phrase`, lower-case words separated by
// single spaces ("in fact"), each a word token; 0 when they do not.
std::size_t match_phrase(const std::vector<Token>& tokens, std::size_t at, std::size_t end,
                         std::string_view phrase);
// The phrases of a list grouped by their first word, so that a detector trying every phrase
// at every token tries only those that can match there (with match_phrase).
class PhraseIndex {
  public:
    explicit PhraseIndex(std::span<const std::string_view> phrases);
    // Positions in the list of the phrases whose first word is `word`, in the list's order.
    const std::vector<std::size_t>& starting_with(std::string_view word) const;

  private:
    std::unordered_map<std::string_view, std::vector<std::size_t>> by_first_word_;
    std::vector<std::size_t> none_;
};
// A phrase as part of a feature key: spaces become '_' ("in fact" -> "in_fact").
std::string feature_key(std::string_view phrase);

// One past the last token of the run of capitalised words that starts at `at` (`at` itself
// when no capitalised word starts there): "Jane Doe", "J. R. R. Tolkien", "University of
// Michigan", "Johnson & Johnson". The pronoun "I" starts no run; a title ("Dr") ends one,
// since it starts the next name.
std::size_t capitalised_run(const Document& document, std::size_t at, std::size_t end);
// A title before a name: "mr", "dr", "professor", "aunt"...
bool is_title(std::string_view lower_word);
// Words capitalised in English that name no person or place of the writer: days, months,
// holidays, languages and nationalities, "God", and cross-references ("Figure", "Chapter").
bool is_common_capitalised(std::string_view lower_word);
// A headline-style sentence (at least three words, most of them capitalised, and no closing
// full stop, question or exclamation mark) or one set in capitals (most of its words, as a
// licence's disclaimer is): its capitals say nothing about names.
bool is_title_case(const Document& document, const Sentence& sentence);
// The first word token of the sentence (its end_token when it has none).
std::size_t first_word(const std::vector<Token>& tokens, const Sentence& sentence);

// A sentence of running prose: not a heading, title or table cell, and not an e-mail header
// ("From: ...", "Subject: ..."). Whole-document habits (sentence length, vocabulary) are
// measured and shown on these.
bool is_running_prose(const Document& document, const Sentence& sentence);
// Lower-cased words of tokens [begin, end), joined by single spaces ("jane doe").
std::string joined_words(const std::vector<Token>& tokens, std::size_t begin, std::size_t end);

// Phone numbers in `text`: international (+44 20 7946 0958) and national formats
// ((555) 123-4567, 555.123.4567, 07700 900123): 9 to 15 digits in groups of at most 6,
// separated by single spaces, dots, hyphens or brackets. Years and decimals do not qualify.
std::vector<Span> find_phone_numbers(std::string_view text);

// Whether `address` (an e-mail address) is an organisation's role address, answered by
// whoever does the job (tech-support@ams.org, office@tug.org, info@, webmaster@), not a
// person's: writing it names the organisation, not the writer.
bool is_role_address(std::string_view address);
// An address no one reads: a template's generic one (abc@sample.com, name@university.edu,
// trovato@corporation.com) or one under .invalid.
bool is_placeholder_address(std::string_view address);

// "4.2 per 1,000 words" for a per-word rate.
std::string per_thousand_words(double rate);
// "12%" for a share in [0, 1].
std::string percent(double share);
// " (the median writer: 1.3 per 1,000 words)" when the reference knows the habit, else "".
std::string median_note(const HabitScore& score, std::string (*format)(double));

// " Only about 1 writer in 12 goes this far from the median." from the score's bits.
std::string rarity_note(const HabitScore& score);

// A marker for a habit measured as `feature`, scored by `score`.
Marker habit_marker(std::string_view code, std::string_view feature, const HabitScore& score,
                    std::vector<Span> spans, std::string message);

// A marker for self-identifying content: flagged for the writer to decide, never rewritten.
// `bits` is the detector's estimate of how much the content narrows down the writer.
Marker identity_marker(std::string_view code, std::vector<Span> spans, std::string message,
                       double bits);

}  // namespace fantasma::lexical
