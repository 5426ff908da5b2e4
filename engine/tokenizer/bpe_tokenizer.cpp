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

// The byte each code point of the alphabet stands for (-1: none); the alphabet's code points
// are all below 324.
std::array<std::int16_t, 324> code_point_to_byte() {
    std::array<std::int16_t, 324> table;
    table.fill(-1);
    const auto forward = byte_to_code_point();
    for (std::size_t byte = 0; byte < forward.size(); ++byte)
        table[static_cast<std::size_t>(forward[byte])] = static_cast<std::int16_t>(byte);
    return table;
}

// A vocabulary entry in the byte-level alphabet back to the bytes it stands for, into `bytes`
// (reused from call to call: a load converts half a million of them); false for a character
// outside the alphabet.
bool to_bytes(std::string_view token, std::string& bytes) {
    static const auto table = code_point_to_byte();
    bytes.clear();
    std::size_t at = 0;
    while (at < token.size()) {
        utf8proc_int32_t code = -1;
        auto length = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(token.data() + at),
                                       static_cast<utf8proc_ssize_t>(token.size() - at), &code);
        if (length <= 0 || code < 0 || static_cast<std::size_t>(code) >= table.size() ||
            table[static_cast<std::size_t>(code)] < 0)
            return false;
        bytes.push_back(static_cast<char>(table[static_cast<std::size_t>(code)]));
        at += static_cast<std::size_t>(length);
    }
    return true;
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

BpeTokenizer::BpeTokenizer(const BpeDefinition& definition, const std::string& source)
    : nfc_(definition.nfc),
      pattern_(definition.pattern),
      end_of_text_(definition.end_of_text),
      chat_template_(definition.chat_template) {
    for (const auto* entries : {&definition.vocabulary, &definition.added})
        for (const auto& [text, id] : *entries) {
            if (id < 0) throw ModelError(source + ": token id out of range");
            vocab_size_ = std::max(vocab_size_, static_cast<std::size_t>(id) + 1);
        }
    // Ids index a table: a file whose ids leave gaps far larger than its tokens is refused
    // rather than given gigabytes of empty entries.
    const std::size_t tokens = definition.vocabulary.size() + definition.added.size();
    if (vocab_size_ > 2 * tokens + 1'000'000)
        throw ModelError(source + ": token ids reach " + std::to_string(vocab_size_ - 1) +
                         " for only " + std::to_string(tokens) + " tokens");
    tokens_.reserve(vocab_size_, definition.vocabulary.size());
    std::string bytes, left_bytes, right_bytes;
    for (const auto& [token, id] : definition.vocabulary) {
        if (!to_bytes(token, bytes))
            throw ModelError(source + ": vocabulary entry is not byte-level: " + token);
        tokens_.set(id, bytes, /*findable=*/true);
    }
    for (int byte = 0; byte < 256; ++byte) {
        const auto id = tokens_.find(std::string(1, static_cast<char>(byte)));
        if (!id) throw ModelError(source + ": vocabulary lacks byte " + std::to_string(byte));
        byte_ids_[byte] = *id;
    }
    // A merge whose halves or result are not tokens can never apply (every symbol of a piece
    // is a token, from single bytes up): it is left out, as the byte-level tokens it would
    // make have no id (Hugging Face refuses such files).
    merges_.reserve(definition.merges.size());
    int rank = 0;
    for (const auto& [left, right] : definition.merges) {
        if (!to_bytes(left, left_bytes) || !to_bytes(right, right_bytes))
            throw ModelError(source + ": merge is not byte-level");
        bytes.assign(left_bytes).append(right_bytes);
        const auto left_id = tokens_.find(left_bytes), right_id = tokens_.find(right_bytes),
                   merged_id = tokens_.find(bytes);
        if (left_id && right_id && merged_id) merges_.add(*left_id, *right_id, {rank, *merged_id});
        ++rank;
    }
    for (const auto& [content, id] : definition.added) {
        if (content.empty()) throw ModelError(source + ": an added token is empty");
        tokens_.set(id, content, /*findable=*/false);
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
    // Symbols are tokens over byte ranges of the piece, in a linked list; a merged-away symbol
    // has length 0.
    struct Symbol {
        TokenId id;
        std::size_t length;
        std::ptrdiff_t previous, next;
    };
    struct Candidate {
        int rank;
        std::size_t left;
        std::size_t length;  // of the pair when queued: any later change to it makes it longer
        TokenId merged;
        bool operator>(const Candidate& other) const {
            return rank != other.rank ? rank > other.rank : left > other.left;
        }
    };
    auto count = static_cast<std::ptrdiff_t>(piece.size());
    std::vector<Symbol> symbols;
    symbols.reserve(piece.size());
    for (std::ptrdiff_t i = 0; i < count; ++i)
        symbols.push_back(
            {byte_ids_[static_cast<unsigned char>(piece[static_cast<std::size_t>(i)])], 1, i - 1,
             i + 1 < count ? i + 1 : -1});

    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> queue;
    auto queue_pair = [&](std::ptrdiff_t left) {
        if (left < 0 || symbols[static_cast<std::size_t>(left)].next < 0) return;
        const auto& first = symbols[static_cast<std::size_t>(left)];
        const auto& second = symbols[static_cast<std::size_t>(first.next)];
        if (auto merge = merges_.find(first.id, second.id))
            queue.push({merge->rank, static_cast<std::size_t>(left), first.length + second.length,
                        merge->merged});
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
        left.id = candidate.merged;
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
         i = symbols[static_cast<std::size_t>(i)].next)
        ids.push_back(symbols[static_cast<std::size_t>(i)].id);
}

std::string BpeTokenizer::decode(std::span<const TokenId> ids) const {
    std::string text;
    for (auto id : ids) {
        const auto bytes = tokens_.bytes(id);
        if (!bytes)
            throw ModelError("token id " + std::to_string(id) + " is not in the vocabulary");
        text += *bytes;
    }
    return text;
}

std::optional<TokenId> BpeTokenizer::token_id(std::string_view token) const {
    if (auto it = added_.find(token); it != added_.end()) return it->second;
    return tokens_.find(token);
}

}  // namespace fantasma::engine
