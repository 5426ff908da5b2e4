#include "stylometry/rewrite/faithfulness.hpp"
#include "stylometry/text/codepoint.hpp"

#include <algorithm>
#include <set>

namespace fantasma {

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
// ASCII letters, and any byte of a multi-byte UTF-8 character (accented letters mostly; the
// bracket of a placeholder too, which only makes it part of a word both sides share).
bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || is_upper(c) || static_cast<unsigned char>(c) >= 0x80;
}
bool is_apostrophe(char c) {
    return c == '\'';
}

// Words: letters with inner apostrophes; `opens_sentence` tells whether the word is the first
// of its sentence (nothing but spaces and opening marks since the start or a . ! ? : or line
// break).
struct Word {
    std::string_view text;
    bool opens_sentence = false;
};

std::vector<Word> words_in(std::string_view text) {
    std::vector<Word> words;
    bool sentence_start = true;
    for (std::size_t at = 0; at < text.size();) {
        const char c = text[at];
        if (is_letter(c)) {
            const std::size_t begin = at;
            while (at < text.size() &&
                   (is_letter(text[at]) ||
                    (is_apostrophe(text[at]) && at + 1 < text.size() && is_letter(text[at + 1]))))
                ++at;
            words.push_back({text.substr(begin, at - begin), sentence_start});
            sentence_start = false;
            continue;
        }
        if (c == '.' || c == '!' || c == '?' || c == ':' || c == '\n') sentence_start = true;
        if (is_digit(c)) sentence_start = false;
        ++at;
    }
    return words;
}

std::size_t letters(std::string_view word) {
    return static_cast<std::size_t>(std::count_if(word.begin(), word.end(), is_letter));
}

}  // namespace

std::vector<std::string> numbers_in(std::string_view text) {
    std::vector<std::string> numbers;
    for (std::size_t at = 0; at < text.size();) {
        if (!is_digit(text[at])) {
            ++at;
            continue;
        }
        const std::size_t begin = at;
        // Separators count only between digits: "1,000" and "2.5" are one number, "3." is 3.
        while (at < text.size() &&
               (is_digit(text[at]) || ((text[at] == '.' || text[at] == ',' || text[at] == ':') &&
                                       at + 1 < text.size() && is_digit(text[at + 1]))))
            ++at;
        numbers.emplace_back(text.substr(begin, at - begin));
    }
    return numbers;
}

std::vector<std::string> names_in(std::string_view text) {
    std::vector<std::string> names;
    for (const Word& word : words_in(text)) {
        if (!word.opens_sentence && is_upper(word.text.front()) && word.text != "I")
            names.emplace_back(word.text);
    }
    return names;
}

std::vector<std::string> content_words_in(std::string_view text) {
    std::vector<std::string> words;
    for (const Word& word : words_in(text))
        if (letters(word.text) >= 4) words.push_back(text::ascii_lower(word.text));
    return words;
}

std::optional<Unfaithful> unfaithful(std::string_view original, std::string_view rewritten,
                                     double max_dropped_share) {
    std::vector<std::string> numbers_before = numbers_in(original);
    std::vector<std::string> numbers_after = numbers_in(rewritten);
    std::sort(numbers_before.begin(), numbers_before.end());
    std::sort(numbers_after.begin(), numbers_after.end());
    if (numbers_before != numbers_after) return Unfaithful::ChangedNumber;

    // A name may move to the start of a sentence, so any occurrence counts.
    std::multiset<std::string> words_after;
    for (const Word& word : words_in(rewritten)) words_after.emplace(word.text);
    std::multiset<std::string> names_before;
    for (std::string& name : names_in(original)) names_before.insert(std::move(name));
    for (auto name = names_before.begin(); name != names_before.end();
         name = names_before.upper_bound(*name)) {
        if (words_after.count(*name) < names_before.count(*name)) return Unfaithful::ChangedName;
    }

    const std::vector<std::string> before = content_words_in(original);
    const std::vector<std::string> after = content_words_in(rewritten);
    const std::set<std::string> distinct_before(before.begin(), before.end());
    const std::set<std::string> distinct_after(after.begin(), after.end());
    std::size_t dropped = 0;
    for (const std::string& word : distinct_before) dropped += distinct_after.count(word) == 0;
    if (!distinct_before.empty() &&
        static_cast<double>(dropped) >
            max_dropped_share * static_cast<double>(distinct_before.size()))
        return Unfaithful::DroppedContent;
    return std::nullopt;
}

}  // namespace fantasma
