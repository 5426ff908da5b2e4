#include "engine/tokenizer/bpe_tokenizer.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>
#include <nlohmann/json.hpp>
#include <queue>

#include "engine/error.hpp"
#include "support/json_read.hpp"

namespace fantasma::engine {
namespace {

using nlohmann::json;

// GPT-2's byte-level alphabet: printable bytes stand for themselves, the others for 256+n.
std::array<utf8proc_int32_t, 256> byte_to_code_point() {
    std::array<utf8proc_int32_t, 256> table{};
    int next = 256;
    for (int byte = 0; byte < 256; ++byte) {
        bool printable = (byte >= '!' && byte <= '~') || (byte >= 0xA1 && byte <= 0xAC) ||
                         (byte >= 0xAE && byte <= 0xFF);
        table[static_cast<std::size_t>(byte)] = printable ? byte : next++;
    }
    return table;
}

// A vocabulary entry in the byte-level alphabet back to the bytes it stands for.
std::optional<std::string> to_bytes(std::string_view token) {
    static const auto table = byte_to_code_point();
    std::string bytes;
    std::size_t at = 0;
    while (at < token.size()) {
        utf8proc_int32_t code = -1;
        auto length = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(token.data() + at),
                                       static_cast<utf8proc_ssize_t>(token.size() - at), &code);
        if (length <= 0) return std::nullopt;
        auto found = std::find(table.begin(), table.end(), code);
        if (found == table.end()) return std::nullopt;
        bytes.push_back(static_cast<char>(found - table.begin()));
        at += static_cast<std::size_t>(length);
    }
    return bytes;
}

std::string merge_key(std::string_view left, std::string_view right) {
    std::string key = std::to_string(left.size());
    key.push_back(':');
    key.append(left);
    key.append(right);
    return key;
}

bool normalizer_is_nfc(const json& normalizer, const std::string& source) {
    if (normalizer.is_null()) return false;
    const std::string type = string_member(normalizer, "type");
    if (type == "NFC") return true;
    if (type == "Sequence" && normalizer.contains("normalizers") &&
        normalizer["normalizers"].is_array()) {
        bool nfc = false;
        for (const auto& inner : normalizer["normalizers"]) nfc |= normalizer_is_nfc(inner, source);
        return nfc;
    }
    throw ModelError(source + ": unsupported normalizer '" + type + "' (only NFC is known)");
}

// Finds the Split regex among the pre-tokenizers and tells which known pattern it is.
std::optional<std::string> find_split_regex(const json& pre) {
    if (!pre.is_object()) return std::nullopt;
    if (string_member(pre, "type") == "Split" && pre.contains("pattern") &&
        pre["pattern"].is_object() && pre["pattern"].contains("Regex") &&
        pre["pattern"]["Regex"].is_string())
        return pre["pattern"]["Regex"].get<std::string>();
    if (pre.contains("pretokenizers") && pre["pretokenizers"].is_array())
        for (const auto& inner : pre["pretokenizers"])
            if (auto found = find_split_regex(inner)) return found;
    return std::nullopt;
}

SplitPattern split_pattern(const json& pre, const std::string& source) {
    auto regex = find_split_regex(pre);
    if (!regex || regex->find("\\p{L}") == std::string::npos ||
        regex->find("\\p{N}") == std::string::npos ||
        regex->find("\\s+(?!\\S)") == std::string::npos)
        throw ModelError(source + ": unsupported pre-tokenizer (only Qwen's split regex is known)");
    return regex->find("\\p{M}") != std::string::npos ? SplitPattern::qwen35 : SplitPattern::qwen2;
}

std::string nfc(std::string_view text) {
    utf8proc_uint8_t* normalized = nullptr;
    auto length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                               static_cast<utf8proc_ssize_t>(text.size()), &normalized,
                               static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
    if (length < 0) return std::string(text);  // invalid UTF-8: tokenized byte by byte as is
    std::string result(reinterpret_cast<char*>(normalized), static_cast<std::size_t>(length));
    std::free(normalized);
    return result;
}

}  // namespace

std::pair<std::string, std::string> split_bpe_merge(std::string_view merge,
                                                    const std::string& source) {
    const auto space = merge.find(' ');
    if (space == std::string_view::npos) throw ModelError(source + ": merge without a space");
    return {std::string(merge.substr(0, space)), std::string(merge.substr(space + 1))};
}

std::pair<std::string, std::string> read_bpe_merge(const json& merge, const std::string& source) {
    if (merge.is_string()) return split_bpe_merge(merge.get_ref<const std::string&>(), source);
    if (merge.is_array() && merge.size() == 2 && merge[0].is_string() && merge[1].is_string())
        return {merge[0].get<std::string>(), merge[1].get<std::string>()};
    throw ModelError(source + ": a merge is neither \"a b\" nor [\"a\", \"b\"]");
}

BpeDefinition read_tokenizer_json(std::string_view json_text, const std::string& source) {
    JsonRead read = read_json(json_text);
    if (!read.ok()) throw ModelError(source + ": " + read.error);
    json root = std::move(read.value);
    if (!root.is_object()) throw ModelError(source + ": not a JSON tokenizer file");
    const json& model = root.contains("model") ? root["model"] : json();
    if (!model.is_object() || string_member(model, "type", "BPE") != "BPE" ||
        !model.contains("vocab") || !model["vocab"].is_object() || !model.contains("merges") ||
        !model["merges"].is_array())
        throw ModelError(source + ": 'model' is not a BPE model with a vocab and merges");

    constexpr auto max_id = std::numeric_limits<TokenId>::max() / 2;
    const auto id_of = [&](const json& id_value) {
        if (!id_value.is_number_integer() || id_value.get<std::int64_t>() < 0 ||
            id_value.get<std::int64_t>() > max_id)
            throw ModelError(source + ": token id out of range");
        return id_value.get<TokenId>();
    };
    BpeDefinition definition;
    for (const auto& [token, id] : model["vocab"].items())
        definition.vocabulary.emplace_back(token, id_of(id));
    for (const auto& merge : model["merges"])
        definition.merges.push_back(read_bpe_merge(merge, source));
    if (root.contains("added_tokens") && root["added_tokens"].is_array()) {
        for (const auto& added : root["added_tokens"]) {
            if (!added.is_object() || !added.contains("content") || !added["content"].is_string() ||
                added["content"].get<std::string>().empty() || !added.contains("id"))
                throw ModelError(source + ": an added token lacks its content or id");
            definition.added.emplace_back(added["content"].get<std::string>(), id_of(added["id"]));
        }
    }
    definition.nfc =
        normalizer_is_nfc(root.contains("normalizer") ? root["normalizer"] : json(), source);
    definition.pattern =
        split_pattern(root.contains("pre_tokenizer") ? root["pre_tokenizer"] : json(), source);
    return definition;
}

BpeTokenizer::BpeTokenizer(const BpeDefinition& definition, const std::string& source)
    : nfc_(definition.nfc),
      pattern_(definition.pattern),
      end_of_text_(definition.end_of_text),
      chat_template_(definition.chat_template) {
    const auto add_id = [&](const std::string& bytes, TokenId id) {
        if (id < 0) throw ModelError(source + ": token id out of range");
        vocab_size_ = std::max(vocab_size_, static_cast<std::size_t>(id) + 1);
        id_to_bytes_[id] = bytes;
    };
    for (const auto& [token, id] : definition.vocabulary) {
        auto bytes = to_bytes(token);
        if (!bytes) throw ModelError(source + ": vocabulary entry is not byte-level: " + token);
        add_id(*bytes, id);
        bytes_to_id_[*bytes] = id;
    }
    int rank = 0;
    for (const auto& [left, right] : definition.merges) {
        auto left_bytes = to_bytes(left), right_bytes = to_bytes(right);
        if (!left_bytes || !right_bytes) throw ModelError(source + ": merge is not byte-level");
        merge_rank_.emplace(merge_key(*left_bytes, *right_bytes), rank++);
    }
    for (int byte = 0; byte < 256; ++byte)
        if (!bytes_to_id_.contains(std::string(1, static_cast<char>(byte))))
            throw ModelError(source + ": vocabulary lacks byte " + std::to_string(byte));
    for (const auto& [content, id] : definition.added) {
        if (content.empty()) throw ModelError(source + ": an added token is empty");
        add_id(content, id);
        added_[content] = id;
        added_lengths_.push_back(content.size());
    }
    std::sort(added_lengths_.begin(), added_lengths_.end(), std::greater<>());
    added_lengths_.erase(std::unique(added_lengths_.begin(), added_lengths_.end()),
                         added_lengths_.end());
}

std::vector<TokenId> BpeTokenizer::encode(std::string_view text) const {
    std::vector<TokenId> ids;
    std::size_t ordinary_start = 0;
    for (std::size_t at = 0; at < text.size();) {
        std::optional<TokenId> found;
        std::size_t found_length = 0;
        for (auto length : added_lengths_) {
            if (length > text.size() - at) continue;
            if (auto it = added_.find(text.substr(at, length)); it != added_.end()) {
                found = it->second;
                found_length = length;
                break;
            }
        }
        if (!found) {
            ++at;
            continue;
        }
        encode_ordinary(text.substr(ordinary_start, at - ordinary_start), ids);
        ids.push_back(*found);
        at += found_length;
        ordinary_start = at;
    }
    encode_ordinary(text.substr(ordinary_start), ids);
    return ids;
}

void BpeTokenizer::encode_ordinary(std::string_view text, std::vector<TokenId>& ids) const {
    if (text.empty()) return;
    std::string normalized = nfc_ ? nfc(text) : std::string(text);
    for (auto piece : split_pieces(normalized, pattern_)) encode_piece(piece, ids);
}

// Merges the adjacent pair of lowest rank (leftmost on ties) until none is left. A queue of
// candidate pairs keeps long pieces (a run of ten thousand dashes) at n log n.
void BpeTokenizer::encode_piece(std::string_view piece, std::vector<TokenId>& ids) const {
    // Symbols are byte ranges of the piece in a linked list; a merged-away symbol has length 0.
    struct Symbol {
        std::size_t start, length;
        std::ptrdiff_t previous, next;
    };
    struct Candidate {
        int rank;
        std::size_t left;
        std::size_t length;  // of the pair when queued: any later change to it makes it longer
        bool operator>(const Candidate& other) const {
            return rank != other.rank ? rank > other.rank : left > other.left;
        }
    };
    auto count = static_cast<std::ptrdiff_t>(piece.size());
    std::vector<Symbol> symbols;
    for (std::ptrdiff_t i = 0; i < count; ++i)
        symbols.push_back({static_cast<std::size_t>(i), 1, i - 1, i + 1 < count ? i + 1 : -1});
    auto text_of = [&](const Symbol& symbol) { return piece.substr(symbol.start, symbol.length); };

    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> queue;
    auto queue_pair = [&](std::ptrdiff_t left) {
        if (left < 0 || symbols[static_cast<std::size_t>(left)].next < 0) return;
        const auto& first = symbols[static_cast<std::size_t>(left)];
        const auto& second = symbols[static_cast<std::size_t>(first.next)];
        auto it = merge_rank_.find(merge_key(text_of(first), text_of(second)));
        if (it != merge_rank_.end())
            queue.push({it->second, static_cast<std::size_t>(left), first.length + second.length});
    };
    for (std::ptrdiff_t i = 0; i + 1 < count; ++i) queue_pair(i);

    while (!queue.empty()) {
        auto candidate = queue.top();
        queue.pop();
        auto& left = symbols[candidate.left];
        if (left.length == 0 || left.next < 0 ||
            left.length + symbols[static_cast<std::size_t>(left.next)].length != candidate.length)
            continue;  // stale: one side has merged since
        auto& right = symbols[static_cast<std::size_t>(left.next)];
        left.length += right.length;
        right.length = 0;
        left.next = right.next;
        if (left.next >= 0)
            symbols[static_cast<std::size_t>(left.next)].previous =
                static_cast<std::ptrdiff_t>(candidate.left);
        queue_pair(left.previous);
        queue_pair(static_cast<std::ptrdiff_t>(candidate.left));
    }

    for (std::ptrdiff_t i = count > 0 ? 0 : -1; i >= 0;
         i = symbols[static_cast<std::size_t>(i)].next) {
        auto symbol = std::string(text_of(symbols[static_cast<std::size_t>(i)]));
        auto it = bytes_to_id_.find(symbol);
        // Every single byte is in the vocabulary (checked on load); a merge result that is
        // not would be a broken file, so fall back to its bytes.
        if (it != bytes_to_id_.end()) {
            ids.push_back(it->second);
        } else {
            for (char byte : symbol) ids.push_back(bytes_to_id_.at(std::string(1, byte)));
        }
    }
}

std::string BpeTokenizer::decode(std::span<const TokenId> ids) const {
    std::string text;
    for (auto id : ids) {
        auto it = id_to_bytes_.find(id);
        if (it == id_to_bytes_.end())
            throw ModelError("token id " + std::to_string(id) + " is not in the vocabulary");
        text += it->second;
    }
    return text;
}

std::optional<TokenId> BpeTokenizer::token_id(std::string_view token) const {
    if (auto it = added_.find(token); it != added_.end()) return it->second;
    if (auto it = bytes_to_id_.find(std::string(token)); it != bytes_to_id_.end())
        return it->second;
    return std::nullopt;
}

}  // namespace fantasma::engine
