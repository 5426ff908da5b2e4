#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fantasma::engine {

using TokenId = std::int32_t;

// Text to token ids and back, whatever the model's tokenizer file is.
class Tokenizer {
  public:
    virtual ~Tokenizer() = default;

    // Special and added tokens written in the text (`<|im_start|>`) become their ids.
    virtual std::vector<TokenId> encode(std::string_view text) const = 0;
    // The bytes the ids stand for; a token may end in the middle of a UTF-8 character.
    virtual std::string decode(std::span<const TokenId> ids) const = 0;
    // The id of a token written out as text (a special token, or one vocabulary entry).
    virtual std::optional<TokenId> token_id(std::string_view token) const = 0;
    // One more than the largest id.
    virtual std::size_t vocab_size() const = 0;
};

// A HF `tokenizer.json` (byte-level BPE), a sentencepiece `.model` file, or a model folder
// holding one of them. Throws ModelError with a one-line message for a bad or unknown file.
std::unique_ptr<Tokenizer> load_tokenizer(const std::filesystem::path& path);

}  // namespace fantasma::engine
