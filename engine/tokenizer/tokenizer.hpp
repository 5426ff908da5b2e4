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
    // Ids the tokenizer's own file names as ending a text (a GGUF's eos_token_id); stop_tokens
    // adds those of the model folder's config files.
    virtual std::vector<TokenId> end_of_text_ids() const { return {}; }
    // The chat template the tokenizer's files carry (a GGUF's tokenizer.chat_template; beside a
    // tokenizer.json, tokenizer_config.json's or chat_template.jinja), if any.
    virtual std::optional<std::string> chat_template() const { return std::nullopt; }
};

// The tokenizer of a model, from any path a `--model` option takes: a HF `tokenizer.json`
// (byte-level BPE), a sentencepiece `.model` file, a GGUF file (the tokenizer.ggml.* keys
// inside it, or, for a file written without them, the tokenizer files beside it), or a model
// folder holding one of these (a lone GGUF counts). Throws ModelError with a one-line message
// for a bad or unknown file.
std::unique_ptr<Tokenizer> load_tokenizer(const std::filesystem::path& path);

}  // namespace fantasma::engine
