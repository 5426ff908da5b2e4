#include "engine/tokenizer/gguf_vocabulary.hpp"

#include "engine/error.hpp"

namespace fantasma::engine {
namespace {

// llama.cpp's llama_token_type values (gguf-py constants.py TokenType).
enum TokenType : std::int64_t {
    kNormal = 1,
    kUnknown = 2,
    kControl = 3,
    kUserDefined = 4,
    kUnused = 5,
    kByte = 6
};

template <typename T>
const T* array_of(const GgufContents& gguf, std::string_view key) {
    const auto it = gguf.metadata.find(key);
    return it == gguf.metadata.end() ? nullptr : std::get_if<T>(&it->second);
}

}  // namespace

std::optional<BpeDefinition> bpe_from_gguf(const GgufContents& gguf, const std::string& source) {
    const auto* tokens = array_of<std::vector<std::string>>(gguf, "tokenizer.ggml.tokens");
    if (tokens == nullptr) return std::nullopt;
    const auto fail = [&](const std::string& problem) {
        return ModelError(source + ": " + problem);
    };
    const auto model = gguf_string(gguf, "tokenizer.ggml.model").value_or("");
    if (model != "gpt2")
        throw fail("tokenizer.ggml.model '" + model +
                   "' is not supported (only byte-level BPE, 'gpt2', is)");
    const auto pre = gguf_string(gguf, "tokenizer.ggml.pre").value_or("");
    BpeDefinition definition;
    definition.nfc = true;  // Qwen2's and Qwen3.5's tokenizer.json both normalize to NFC
    if (pre == "qwen35")
        definition.pattern = SplitPattern::qwen35;
    else if (pre == "qwen2")
        definition.pattern = SplitPattern::qwen2;
    else
        throw fail("tokenizer.ggml.pre '" + pre +
                   "' is not supported (the Qwen tokenizers, 'qwen35' and 'qwen2', are)");

    const auto* merges = array_of<std::vector<std::string>>(gguf, "tokenizer.ggml.merges");
    if (merges == nullptr) throw fail("tokenizer.ggml.merges is missing");
    const auto bytes_of = [](const std::vector<std::string>& strings) {
        std::size_t bytes = 0;
        for (const auto& string : strings) bytes += string.size();
        return bytes;
    };
    definition.reserve(tokens->size(), bytes_of(*tokens), merges->size(), bytes_of(*merges));

    const auto* types = array_of<std::vector<std::int64_t>>(gguf, "tokenizer.ggml.token_type");
    if (types != nullptr && types->size() != tokens->size())
        throw fail("tokenizer.ggml.token_type does not have one entry per token");
    for (std::size_t id = 0; id < tokens->size(); ++id) {
        const std::int64_t type = types != nullptr ? (*types)[id] : kNormal;
        const auto& token = (*tokens)[id];
        if (type == kNormal)
            definition.add_token(token, TokenId(id), source);
        else if (type == kControl || type == kUserDefined)
            definition.added.emplace_back(token, TokenId(id));
        else if (type != kUnused)
            throw fail("token " + std::to_string(id) + " has token type " + std::to_string(type) +
                       ", which byte-level BPE does not use");
    }
    for (const auto& merge : *merges) {
        const auto [left, right] = split_bpe_merge(merge, source);
        definition.add_merge(left, right, source);
    }
    for (const char* key : {"tokenizer.ggml.eos_token_id", "tokenizer.ggml.eot_token_id"})
        if (const auto id = gguf_int(gguf, key);
            id && *id >= 0 && std::size_t(*id) < tokens->size())
            definition.end_of_text.push_back(TokenId(*id));
    definition.chat_template = gguf_string(gguf, "tokenizer.chat_template");
    return definition;
}

}  // namespace fantasma::engine
