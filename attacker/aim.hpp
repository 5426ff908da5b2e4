#pragma once
// A rewrite aimed at fantasma's own attacker: the rewrite (stylometry/rewrite/rewrite.hpp)
// keeps the edits that lower the attacker's chance of picking the writer, until it falls
// below the target.
#include <optional>

#include "attacker/attacker.hpp"
#include "stylometry/language.hpp"
#include "stylometry/rewrite/rewrite.hpp"

namespace fantasma::attacker {

// `attacker` (which must outlive the aim) judging a source in `language`.
RewriteAim aim_at(const Attacker& attacker, Language language, std::optional<double> target);

}  // namespace fantasma::attacker
