#pragma once
// What a byte-level BPE tokenizer is made of, whichever file it comes from (a tokenizer.json,
// or a GGUF's tokenizer.ggml.* keys), in a form that costs little to build: Qwen3.5's 248k
// tokens and 247k merges as bytes in a few flat buffers, not half a million std::strings.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/tokenizer/pretokenize.hpp"
#include "engine/tokenizer/tokenizer.hpp"

namespace fantasma::engine {

// Strings one after another in one buffer, each found by where it ends.
class PackedStrings {
  public:
    void reserve(std::size_t strings, std::size_t bytes);
    void push_back(std::string_view string);
    std::size_t size() const { return ends_.size(); }
    std::size_t bytes() const { return buffer_.size(); }
    std::string_view operator[](std::size_t i) const {
        const std::uint32_t start = i == 0 ? 0 : ends_[i - 1];
        return std::string_view(buffer_).substr(start, ends_[i] - start);
    }

  private:
    std::string buffer_;
    std::vector<std::uint32_t> ends_;
};

// Vocabulary and merges are written in the files in GPT-2's byte-level alphabet (printable
// characters standing for bytes) and kept here as the bytes they stand for: the one place the
// alphabet is undone. Added tokens are kept as their text.
struct BpeDefinition {
    PackedStrings tokens;            // the vocabulary's tokens, in bytes
    std::vector<TokenId> token_ids;  // the id of each of `tokens`
    // Merges, highest priority first: the bytes of both halves one after the other, and where
    // the right half starts (so that the merged token's bytes are the whole string).
    PackedStrings merges;
    std::vector<std::uint32_t> merge_splits;
    std::vector<std::pair<std::string, TokenId>> added;  // found in the text before BPE
    bool nfc = false;
    SplitPattern pattern = SplitPattern::qwen35;
    std::vector<TokenId> end_of_text;  // ids the file names as ending a text (eos)
    std::optional<std::string> chat_template;

    // Room for `tokens` vocabulary entries and `merges` merges written in `token_bytes` and
    // `merge_bytes` bytes of the alphabet (an upper bound of their bytes).
    void reserve(std::size_t tokens, std::size_t token_bytes, std::size_t merges,
                 std::size_t merge_bytes);
    // A vocabulary entry or merge as the file writes it; ModelError naming `source` for one
    // outside the byte-level alphabet.
    void add_token(std::string_view byte_level, TokenId id, const std::string& source);
    void add_merge(std::string_view left, std::string_view right, const std::string& source);
    // Merge `rank`'s two halves, in bytes.
    std::pair<std::string_view, std::string_view> merge(std::size_t rank) const {
        const std::string_view both = merges[rank];
        return {both.substr(0, merge_splits[rank]), both.substr(merge_splits[rank])};
    }
};

// A BPE merge as tokenizer.json and GGUF write it, "left right", or as newer tokenizer.json
// files do, ["left", "right"]. Throws ModelError for anything else. The one reader of merges.
std::pair<std::string, std::string> read_bpe_merge(const nlohmann::json& merge,
                                                   const std::string& source);
std::pair<std::string_view, std::string_view> split_bpe_merge(std::string_view merge,
                                                              const std::string& source);

}  // namespace fantasma::engine
