#pragma once
// User and machine names where tools write them: home folders in paths (/home/alice/,
// /Users/alice/, C:\Users\alice\) and words in a creator or producer field that are neither
// English nor a TeX tool's name. One home for the source check (pdf-metadata, comment-identity)
// and the check of a built PDF (pdf/).
#include <string_view>
#include <vector>

#include "stylometry/reference.hpp"
#include "stylometry/span.hpp"

namespace fantasma::leaks {

// The user names of the home-folder paths in `text`; shared and CI accounts ("Shared",
// "runner") are nobody's.
std::vector<Span> home_folder_users(std::string_view text);

// Whether a creator or producer string holds a word that is neither English nor a TeX tool's
// name: likely a user or machine name ("LaTeX with hyperref (user awilkinson)").
bool names_a_user(std::string_view text, const Reference& reference);

// Whether `text` holds an e-mail address or a person's name.
bool names_someone(std::string_view text, const Reference& reference);

}  // namespace fantasma::leaks
