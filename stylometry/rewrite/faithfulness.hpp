#pragma once
// Whether a model's rewrite of a passage still says what the passage said, as far as can be
// told without understanding it: the same numbers, the same names, and most of the content
// words. Pure string checks on plain prose (placeholders already restored or not: both work).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fantasma {

// The numbers written in `text` ("3", "2.5", "1,000", "10:30"), in order.
std::vector<std::string> numbers_in(std::string_view text);
// Capitalised words that do not open a sentence ("Paris", "Ada"), in order: likely names.
std::vector<std::string> names_in(std::string_view text);
// Lower-cased words of four letters or more: a rough stand-in for the content words.
std::vector<std::string> content_words_in(std::string_view text);

enum class Unfaithful { ChangedNumber, ChangedName, DroppedContent };

// Why `rewritten` is not a faithful rewrite of `original`, or nullopt when it is: the same
// numbers (as a multiset), every name of the original still there, and at most
// `max_dropped_share` of the original's distinct content words missing.
std::optional<Unfaithful> unfaithful(std::string_view original, std::string_view rewritten,
                                     double max_dropped_share);

}  // namespace fantasma
