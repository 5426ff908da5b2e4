#include "engine/gguf/gguf_tokenizer.hpp"

#include "engine/error.hpp"
#include "engine/tokenizer/bpe_tokenizer.hpp"
#include "engine/tokenizer/chat_template.hpp"
#include "support/json_read.hpp"

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_set>

namespace fantasma::engine {
namespace {

using nlohmann::json;

// llama.cpp's token types (llama_token_type).
enum TokenType : std::int32_t { kNormal = 1, kUnused = 5, kControl = 3, kUserDefined = 4 };

// The file's JSON, or null when the folder has no such file.
json read_optional_json(const std::filesystem::path& path) {
    JsonRead read = read_json_file(path);
    if (read.failure == JsonFailure::Unreadable) return json();
    if (!read.ok()) throw ModelError(path.string() + ": " + read.error);
    return std::move(read.value);
}

// A special token named in tokenizer_config.json: a string or {"content": string}.
std::optional<std::string> special_token(const json& config, const char* key) {
    if (!config.is_object() || !config.contains(key)) return std::nullopt;
    const json& value = config[key];
    if (value.is_string()) return value.get<std::string>();
    if (value.is_object() && value.contains("content") && value["content"].is_string())
        return value["content"].get<std::string>();
    return std::nullopt;
}

struct Vocabulary {
    std::vector<std::string> tokens;
    std::vector<std::int32_t> types;
    std::map<std::string, std::int32_t, std::less<>> ids;
};

Vocabulary read_vocabulary(const json& root, int vocab_size, const std::string& source) {
    const json& model = root.contains("model") ? root["model"] : json();
    if (!model.is_object() || string_member(model, "type", "BPE") != "BPE" ||
        !model.contains("vocab") || !model["vocab"].is_object())
        throw ModelError(source + ": 'model' is not a BPE model with a vocab");
    Vocabulary vocab;
    vocab.tokens.resize(std::size_t(vocab_size));
    vocab.types.assign(std::size_t(vocab_size), kUnused);
    const auto place = [&](const std::string& token, const json& id, std::int32_t type) {
        if (!id.is_number_integer()) throw ModelError(source + ": token id is not an integer");
        const auto value = id.get<std::int64_t>();
        if (value < 0 || value >= vocab_size) return;  // past the model's embedding table
        vocab.tokens[std::size_t(value)] = token;
        vocab.types[std::size_t(value)] = type;
        vocab.ids[token] = std::int32_t(value);
    };
    for (const auto& [token, id] : model["vocab"].items()) place(token, id, kNormal);
    if (root.contains("added_tokens") && root["added_tokens"].is_array())
        for (const auto& added : root["added_tokens"]) {
            if (!added.is_object() || !added.contains("content") || !added["content"].is_string())
                throw ModelError(source + ": an added token lacks its content");
            place(added["content"].get<std::string>(), added.value("id", json()),
                  bool_member(added, "special", false) ? kControl : kUserDefined);
        }
    for (std::size_t id = 0; id < vocab.tokens.size(); ++id)
        if (vocab.types[id] == kUnused) vocab.tokens[id] = "[PAD" + std::to_string(id) + "]";
    return vocab;
}

// Merges as "left right", keeping those whose parts and result all have ids.
std::vector<std::string> read_merges(const json& model, const Vocabulary& vocab,
                                     const std::string& source) {
    std::vector<std::string> merges;
    if (!model.contains("merges") || !model["merges"].is_array())
        throw ModelError(source + ": the BPE model has no merges");
    for (const auto& merge : model["merges"]) {
        const auto [left, right] = read_bpe_merge(merge, source);
        if (vocab.ids.contains(left) && vocab.ids.contains(right) &&
            vocab.ids.contains(left + right))
            merges.push_back(left + " " + right);
    }
    return merges;
}

std::optional<std::int32_t> id_of(const Vocabulary& vocab,
                                  const std::optional<std::string>& token) {
    if (!token) return std::nullopt;
    const auto found = vocab.ids.find(*token);
    if (found == vocab.ids.end()) return std::nullopt;
    return found->second;
}

}  // namespace

bool add_tokenizer_metadata(GgufWriter& out, const std::filesystem::path& folder, int vocab_size,
                            const std::vector<int>& config_eos) {
    const std::filesystem::path tokenizer_path = folder / "tokenizer.json";
    const json root = read_optional_json(tokenizer_path);
    if (root.is_null()) {
        if (!config_eos.empty())
            out.add_u32("tokenizer.ggml.eos_token_id", std::uint32_t(config_eos.front()));
        return false;
    }
    const std::string source = tokenizer_path.string();
    if (!root.is_object()) throw ModelError(source + ": not a JSON tokenizer file");
    const Vocabulary vocab = read_vocabulary(root, vocab_size, source);
    const std::vector<std::string> merges = read_merges(root["model"], vocab, source);
    const json config = read_optional_json(folder / "tokenizer_config.json");

    out.add_string("tokenizer.ggml.model", "gpt2");
    out.add_string("tokenizer.ggml.pre", "qwen35");
    out.add_string_array("tokenizer.ggml.tokens", vocab.tokens);
    out.add_i32_array("tokenizer.ggml.token_type", vocab.types);
    out.add_string_array("tokenizer.ggml.merges", merges);

    // Qwen has no bos token of its own; llama.cpp's converter names <|endoftext|> there.
    const std::optional<std::int32_t> endoftext = id_of(vocab, std::string("<|endoftext|>"));
    std::optional<std::int32_t> eos = id_of(vocab, special_token(config, "eos_token"));
    if (!eos && !config_eos.empty() && config_eos.front() < vocab_size) eos = config_eos.front();
    const std::optional<std::int32_t> bos = id_of(vocab, special_token(config, "bos_token"));
    const std::optional<std::int32_t> padding = id_of(vocab, special_token(config, "pad_token"));
    if (eos) out.add_u32("tokenizer.ggml.eos_token_id", std::uint32_t(*eos));
    if (bos || endoftext)
        out.add_u32("tokenizer.ggml.bos_token_id", std::uint32_t(bos ? *bos : *endoftext));
    if (padding || endoftext)
        out.add_u32("tokenizer.ggml.padding_token_id",
                    std::uint32_t(padding ? *padding : *endoftext));
    out.add_bool("tokenizer.ggml.add_bos_token", false);

    if (const auto chat_template = hf_chat_template(folder))
        out.add_string("tokenizer.chat_template", *chat_template);
    return true;
}

}  // namespace fantasma::engine
