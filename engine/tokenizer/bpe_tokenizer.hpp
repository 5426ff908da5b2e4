#pragma once

#include <map>
#include <string>
#include <unordered_map>

#include "engine/tokenizer/pretokenize.hpp"
#include "engine/tokenizer/tokenizer.hpp"

namespace fantasma::engine {

// Byte-level BPE as Hugging Face `tokenizers` runs Qwen's tokenizer.json: added tokens found
// first (longest match), NFC on the text between them, the split regex, bytes mapped to
// printable characters, then merges by rank.
class BpeTokenizer final : public Tokenizer {
  public:
    // `json_text` is the content of a tokenizer.json; `source` names it in error messages.
    BpeTokenizer(std::string_view json_text, const std::string& source);

    std::vector<TokenId> encode(std::string_view text) const override;
    std::string decode(std::span<const TokenId> ids) const override;
    std::optional<TokenId> token_id(std::string_view token) const override;
    std::size_t vocab_size() const override { return vocab_size_; }

  private:
    void encode_piece(std::string_view piece, std::vector<TokenId>& ids) const;
    void encode_ordinary(std::string_view text, std::vector<TokenId>& ids) const;

    // Vocabulary and merges in raw bytes (the printable-character mapping undone).
    std::unordered_map<std::string, TokenId> bytes_to_id_;
    std::unordered_map<TokenId, std::string> id_to_bytes_;  // ids may leave gaps
    std::size_t vocab_size_ = 0;
    std::unordered_map<std::string, int> merge_rank_;  // key: merge_key(left, right)
    // Added tokens by content; longest first is found by trying every length present.
    std::map<std::string, TokenId, std::less<>> added_;
    std::vector<std::size_t> added_lengths_;
    bool nfc_ = false;
    SplitPattern pattern_ = SplitPattern::qwen35;
};

}  // namespace fantasma::engine
