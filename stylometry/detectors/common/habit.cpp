#include "stylometry/detectors/common/habit.hpp"

#include <algorithm>

namespace fantasma {

HabitScore score_habit(const Reference& reference, std::string_view feature, double count,
                       double opportunities, double prior_weight) {
    HabitScore score;
    const Distribution* distribution = reference.distribution(feature);
    if (distribution == nullptr || distribution->writers() == 0) {
        score.rate = opportunities > 0 ? count / opportunities : 0;
        return score;
    }
    score.known = true;
    score.median = distribution->median();
    score.rate = shrunk_rate(count, opportunities, score.median, prior_weight);
    score.share = score.rate >= score.median ? distribution->share_at_least(score.rate)
                                             : distribution->share_at_most(score.rate);
    // Half the writers sit on either side of the median by definition: only the departure
    // beyond that is identifying, so a median rate scores 0 bits, not 1.
    score.share = std::min(1.0, 2.0 * score.share);
    score.bits = bits_for_share(score.share, distribution->writers());
    return score;
}

}  // namespace fantasma
