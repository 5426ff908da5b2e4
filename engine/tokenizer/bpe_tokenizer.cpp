#include "engine/tokenizer/bpe_tokenizer.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>
#include <queue>

#include "engine/error.hpp"

namespace fantasma::engine {
namespace {

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

BpeTokenizer::BpeTokenizer(const BpeDefinition& definition, const std::string& source)
    : nfc_(definition.nfc),
      pattern_(definition.pattern),
      end_of_text_(definition.end_of_text),
      chat_template_(definition.chat_template) {
    const auto count_id = [&](TokenId id) {
        if (id < 0) throw ModelError(source + ": token id out of range");
        vocab_size_ = std::max(vocab_size_, std::size_t(id) + 1);
    };
    for (const TokenId id : definition.token_ids) count_id(id);
    for (const auto& [content, id] : definition.added) count_id(id);
    // Ids index a table: a file whose ids leave gaps far larger than its tokens is refused
    // rather than given gigabytes of empty entries.
    const std::size_t tokens = definition.tokens.size() + definition.added.size();
    if (vocab_size_ > 2 * tokens + 1'000'000)
        throw ModelError(source + ": token ids reach " + std::to_string(vocab_size_ - 1) +
                         " for only " + std::to_string(tokens) + " tokens");
    tokens_ = TokenTable(vocab_size_, definition.tokens, definition.token_ids, definition.added);
    for (int byte = 0; byte < 256; ++byte) {
        const char as_char = static_cast<char>(byte);
        const auto id = tokens_.find(std::string_view(&as_char, 1));
        if (!id) throw ModelError(source + ": vocabulary lacks byte " + std::to_string(byte));
        byte_ids_[byte] = *id;
    }
    // A merge whose halves or result are not tokens can never apply (every symbol of a piece
    // is a token, from single bytes up): it is left out, as the byte-level tokens it would
    // make have no id (Hugging Face refuses such files). The look-ups of the merge a few ranks
    // on are prefetched (see token_table.hpp), and the merges go into their table a batch at a
    // time (a list of them all was 4 MB more of fresh memory).
    constexpr std::size_t kPrefetchAhead = 8, kBatch = 256;
    merges_ = MergeTable(definition.merges.size());
    std::vector<MergeTable::Entry> batch;
    batch.reserve(kBatch);
    for (std::size_t rank = 0; rank < definition.merges.size(); ++rank) {
        if (rank + kPrefetchAhead < definition.merges.size()) {
            const auto [left, right] = definition.merge(rank + kPrefetchAhead);
            tokens_.prefetch(left);
            tokens_.prefetch(right);
            tokens_.prefetch(definition.merges[rank + kPrefetchAhead]);
        }
        const auto [left, right] = definition.merge(rank);
        const auto left_id = tokens_.find(left), right_id = tokens_.find(right),
                   merged_id = tokens_.find(definition.merges[rank]);
        if (left_id && right_id && merged_id)
            batch.push_back({*left_id, *right_id, {int(rank), *merged_id}});
        if (batch.size() == kBatch || rank + 1 == definition.merges.size()) {
            merges_.add(batch);
            batch.clear();
        }
    }
    for (const auto& [content, id] : definition.added) {
        if (content.empty()) throw ModelError(source + ": an added token is empty");
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
