#include "attacker/aim.hpp"

namespace fantasma::attacker {

RewriteAim aim_at(const Attacker& attacker, Language language, std::optional<double> target) {
    return {[&attacker, language](std::string_view source) {
                return attacker.judge(prose_of(source, language)).probability;
            },
            target};
}

}  // namespace fantasma::attacker
