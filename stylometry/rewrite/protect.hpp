#pragma once
// The protect step of the model rewrite: every non-prose run of a passage (code, math,
// commands, URLs, markup) is swapped for a numbered placeholder before the passage goes to a
// language model, and swapped back afterwards. A candidate that does not give back every
// placeholder exactly once is not faithful and is rejected.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/language.hpp"
#include "stylometry/span.hpp"

namespace fantasma {

struct ProtectedPassage {
    std::string text;                    // the passage with placeholders for non-prose runs
    std::vector<std::string> originals;  // placeholder i stands for originals[i]
};

// The placeholder for run `index`: "⟦1⟧", "⟦2⟧"... (brackets no prose uses, which models copy).
std::string placeholder(std::size_t index);

// `passage` of `source` with its non-prose runs replaced (runs are found in the whole
// document, so that a code span is recognised whatever part of it the passage holds).
ProtectedPassage protect(std::string_view source, Span passage, Language language);

// `candidate` with every placeholder swapped back; nullopt when one is missing, repeated, or
// when the candidate has a placeholder bracket that is not one of ours.
std::optional<std::string> restore(std::string_view candidate, const ProtectedPassage& passage);

}  // namespace fantasma
