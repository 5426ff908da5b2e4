#pragma once
// An authorship marker: spans of a document that identify its writer, with what they reveal
// and how much, in bits of identifying information.
#include <string>
#include <vector>

#include "stylometry/span.hpp"

namespace fantasma {

enum class Severity { Hint, Information, Warning };

// A deterministic neutral alternative: replace the source of the marker's first span.
struct Fix {
    std::string title;     // "Use 'color'"
    std::string new_text;  // "color"
    // The fix changes nothing a reader sees: it removes an invisible character or puts a
    // plain letter or space for its look-alike. Such fixes may touch quotations and names,
    // which other fixes leave alone (rewrite.hpp).
    bool keeps_appearance = false;
};

struct Marker {
    std::string code;         // stable, kebab-case: "regional-spelling"
    std::vector<Span> spans;  // source byte spans; the first is the one fixes replace
    std::string message;      // plain English: what it reveals, why, the reference figure
    double bits = 0;          // reported score (linking bits when a profile is given)
    double population_bits = 0;  // -log2(share of reference writers with this habit)
    std::vector<Fix> fixes;
    // The habit this marker rests on, as measured by the detector (see MarkerSink::measure);
    // empty for markers that are not a rate (self-identifying content).
    std::string feature;
    // Self-identifying content (names, e-mail addresses, places...): flagged for the writer to
    // decide, never rewritten automatically.
    bool identity = false;
    // A rate that the general-prose reference cannot tell from the genre or the topic (a
    // function word's, a repeated phrase's, colons'): what most writers of a HOWTO, a paper or a
    // story do scores as rare. Such a marker is at most a hint and hidden with the common
    // habits, whatever its bits.
    bool genre_bound = false;
    // Every span is an occurrence of the same text (AnalysisOptions::group_by_paragraph): the
    // first fix applies at each one, as it would to the separate markers they were.
    bool fix_each_span = false;
};

// A habit that a quarter of writers or more share singles nobody out: it is at most a hint,
// and hidden unless asked for (AnalysisOptions::hide_common_habits). The line is drawn where
// the share a message shows, rounded to a whole percent, falls below 25 % (-log2 0.245): a
// habit 24.9 % of writers share reads "25 %" to the writer and to an editor alike, a quarter.
inline constexpr double kCommonHabitBits = 2.03;

// < kCommonHabitBits: hint, < 4: information, else warning
Severity severity_for_bits(double bits);
// A genre-bound marker is a hint; any other, by its bits.
Severity severity_of(const Marker& marker);
// A habit hidden unless asked for: shared by more than about a quarter of writers, or
// genre-bound. Self-identifying content never is.
bool is_common_habit(const Marker& marker);
std::string_view severity_name(Severity severity);

}  // namespace fantasma
