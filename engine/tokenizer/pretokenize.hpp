#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fantasma::engine {

// Which split regex a byte-level BPE tokenizer uses before merging.
enum class SplitPattern {
    // Qwen2/Qwen3: (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}|
    //              ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
    qwen2,
    // Qwen3.5: the same with combining marks (\p{M}) joined to letters.
    qwen35,
};

// Splits UTF-8 text into the pieces the pattern matches, left to right, as the regex engine
// of Hugging Face tokenizers would. A hand-written scanner over Unicode categories: the
// alternatives are tried in the pattern's order at each position. Invalid UTF-8 bytes are
// pieces of their own.
std::vector<std::string_view> split_pieces(std::string_view text, SplitPattern pattern);

}  // namespace fantasma::engine
