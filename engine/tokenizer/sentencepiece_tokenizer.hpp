#pragma once

#include <memory>
#include <string>

#include "engine/tokenizer/tokenizer.hpp"

namespace sentencepiece {
class SentencePieceProcessor;
}

namespace fantasma::engine {

// A sentencepiece `.model` file, run by the sentencepiece library. Control symbols written in
// the text (`<s>`, user-defined symbols) are matched by the library's own rules.
class SentencepieceTokenizer final : public Tokenizer {
  public:
    // `model_proto` is the content of the .model file; `source` names it in error messages.
    SentencepieceTokenizer(const std::string& model_proto, const std::string& source);
    ~SentencepieceTokenizer() override;

    std::vector<TokenId> encode(std::string_view text) const override;
    std::string decode(std::span<const TokenId> ids) const override;
    std::optional<TokenId> token_id(std::string_view token) const override;
    std::size_t vocab_size() const override;

  private:
    std::unique_ptr<sentencepiece::SentencePieceProcessor> processor_;
};

}  // namespace fantasma::engine
