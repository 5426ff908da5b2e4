#pragma once
// Scoring a habit measured as a rate (events per opportunity) against the population.
#include <string_view>

#include "stylometry/reference.hpp"

namespace fantasma {

struct HabitScore {
    double rate = 0;     // observed, shrunk toward the population median
    double median = 0;   // the population's median rate
    double share = 1;    // share of reference writers at least this far out
    double bits = 0;     // bits_for_share(share)
    bool known = false;  // the reference has this feature
};

// Scores `count` events in `opportunities` trials against the reference distribution of
// `feature`, in the direction the rate departs from the population's median (a rate above
// the median is scored by the upper tail, below by the lower tail). `prior_weight` is how
// many trials of evidence the population's median is worth (see shrunk_rate).
HabitScore score_habit(const Reference& reference, std::string_view feature, double count,
                       double opportunities, double prior_weight);

}  // namespace fantasma
