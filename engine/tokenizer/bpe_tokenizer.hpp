#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/tokenizer/bpe_definition.hpp"
#include "engine/tokenizer/pretokenize.hpp"
#include "engine/tokenizer/token_table.hpp"
#include "engine/tokenizer/tokenizer.hpp"

namespace fantasma::engine {

// A tokenizer.json's BPE model, added tokens, normalizer and split regex.
BpeDefinition read_tokenizer_json(std::string_view json_text, const std::string& source);

// Byte-level BPE as Hugging Face `tokenizers` runs Qwen's tokenizer.json: added tokens found
// first (longest match), NFC on the text between them, the split regex, then merges by rank
// (on the bytes themselves: the definition holds the vocabulary with GPT-2's byte-level
// alphabet undone).
class BpeTokenizer final : public Tokenizer {
  public:
    // `source` names the file in error messages.
    BpeTokenizer(const BpeDefinition& definition, const std::string& source);

    std::vector<TokenId> encode(std::string_view text) const override;
    std::string decode(std::span<const TokenId> ids) const override;
    std::optional<TokenId> token_id(std::string_view token) const override;
    std::size_t vocab_size() const override { return vocab_size_; }
    std::vector<TokenId> end_of_text_ids() const override { return end_of_text_; }
    std::optional<std::string> chat_template() const override { return chat_template_; }

  private:
    void encode_piece(std::string_view piece, std::vector<TokenId>& ids) const;
    void encode_ordinary(std::string_view text, std::vector<TokenId>& ids) const;

    // Vocabulary in bytes, merges by the ids of their halves.
    TokenTable tokens_;
    std::size_t vocab_size_ = 0;
    MergeTable merges_;
    TokenId byte_ids_[256] = {};
    // Added tokens by content; longest first is found by trying every length present.
    std::map<std::string, TokenId, std::less<>> added_;
    std::vector<std::size_t> added_lengths_;
    bool nfc_ = false;
    SplitPattern pattern_ = SplitPattern::qwen35;
    std::vector<TokenId> end_of_text_;
    std::optional<std::string> chat_template_;
};

}  // namespace fantasma::engine
