#pragma once
// What a report's total means, in words a writer believes: one home for the sentence that
// `fantasma check`, its JSON and the language server's fantasma/summary show.
#include <cstddef>
#include <string>

namespace fantasma {

struct Report;

// Without a profile: how rare the text's combination of habits is among the reference
// writers, never more writers than the reference holds ("rarer than any of the 1,024 writers
// in the reference" past its size). With one: the linking score in plain words (how many
// times likelier the profile's writer wrote it than a writer picked from the reference).
// `reference_writers` is the reference's size (Reference::writers()).
std::string describe_total(const Report& report, bool profiled, std::size_t reference_writers);

// "1,234,567"
std::string with_thousands(unsigned long long value);

}  // namespace fantasma
