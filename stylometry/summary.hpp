#pragma once
// What a report's total means, in words a writer believes: one home for the sentence that
// `fantasma check`, its JSON and the language server's fantasma/summary show.
#include <cstddef>
#include <string>
#include <vector>

namespace fantasma {

struct Report;

// Without a profile: how rare the text's combination of habits is among the reference
// writers, never more writers than the reference holds ("rarer than any of the 1,024 writers
// in the reference" past its size). With one: the linking score in plain words (how many
// times likelier the profile's writer wrote it than a writer picked from the reference).
// `reference_writers` is the reference's size (Reference::writers()).
std::string describe_total(const Report& report, bool profiled, std::size_t reference_writers);

// The findings to read first, as indices into report.markers: self-identifying content
// (names, addresses, places), then the habits that single the writer out most, strongest first;
// at most `count`, and no common or genre-bound habit (is_common_habit). The report itself
// stays in document order, as editors and linters list it.
std::vector<std::size_t> most_identifying(const Report& report, std::size_t count);

// "1,234,567"
std::string with_thousands(unsigned long long value);

}  // namespace fantasma
