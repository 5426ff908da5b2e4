#pragma once
// A unified diff (as `diff -u` and `git diff` print it) of a document before and after a set
// of edits. Built from the edits themselves, so it is exact and needs no diff algorithm.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/rewrite/rewrite.hpp"

namespace fantasma::cli {

// `edits` sorted and non-overlapping, as rewrite() returns them. Empty when there are none.
// Headers name the file "a/PATH" and "b/PATH"; three lines of context.
std::string unified_diff(std::string_view path, std::string_view source,
                         const std::vector<TextEdit>& edits);

}  // namespace fantasma::cli
