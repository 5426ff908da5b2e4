#include "engine/tokenizer/bpe_definition.hpp"

#include <array>
#include <limits>
#include <nlohmann/json.hpp>

#include "engine/error.hpp"

namespace fantasma::engine {
namespace {

using nlohmann::json;

// The byte each code point of GPT-2's byte-level alphabet stands for (-1: none). Printable
// bytes stand for themselves, the others for 256 + n in order, so every code point of the
// alphabet is below 324: one or two bytes of UTF-8.
constexpr std::array<std::int16_t, 324> code_point_to_byte() {
    std::array<std::int16_t, 324> table{};
    for (auto& byte : table) byte = -1;
    int next = 256;
    for (int byte = 0; byte < 256; ++byte) {
        const bool printable = (byte >= '!' && byte <= '~') || (byte >= 0xA1 && byte <= 0xAC) ||
                               (byte >= 0xAE && byte <= 0xFF);
        table[std::size_t(printable ? byte : next++)] = std::int16_t(byte);
    }
    return table;
}

// Appends the bytes `byte_level` stands for to `bytes` (never more bytes than characters);
// false for anything outside the alphabet (invalid or overlong UTF-8 included).
bool append_bytes(std::string_view byte_level, std::string& bytes) {
    static constexpr auto table = code_point_to_byte();
    const std::size_t start = bytes.size();
    bytes.resize(start + byte_level.size());
    char* out = bytes.data() + start;
    for (std::size_t at = 0; at < byte_level.size();) {
        const auto lead = static_cast<unsigned char>(byte_level[at]);
        std::size_t code = lead;
        if (lead >= 0x80) {
            if (lead < 0xC2 || lead > 0xDF || at + 1 == byte_level.size()) return false;
            const auto next = static_cast<unsigned char>(byte_level[at + 1]);
            if ((next & 0xC0) != 0x80) return false;
            code = std::size_t(lead & 0x1F) << 6 | (next & 0x3F);
            ++at;
        }
        ++at;
        if (code >= table.size() || table[code] < 0) return false;
        *out++ = static_cast<char>(table[code]);
    }
    bytes.resize(std::size_t(out - bytes.data()));
    return true;
}

}  // namespace

void PackedStrings::reserve(std::size_t strings, std::size_t bytes) {
    ends_.reserve(strings);
    buffer_.reserve(bytes);
}

void PackedStrings::push_back(std::string_view string) {
    if (buffer_.size() + string.size() > std::numeric_limits<std::uint32_t>::max())
        throw ModelError("the vocabulary is too large");
    buffer_.append(string);
    ends_.push_back(std::uint32_t(buffer_.size()));
}

void BpeDefinition::reserve(std::size_t token_count, std::size_t token_bytes,
                            std::size_t merge_count, std::size_t merge_bytes) {
    tokens.reserve(token_count, token_bytes);
    token_ids.reserve(token_count);
    merges.reserve(merge_count, merge_bytes);
    merge_splits.reserve(merge_count);
}

void BpeDefinition::add_token(std::string_view byte_level, TokenId id, const std::string& source) {
    std::string bytes;
    if (!append_bytes(byte_level, bytes))
        throw ModelError(source + ": vocabulary entry is not byte-level: " +
                         std::string(byte_level));
    tokens.push_back(bytes);
    token_ids.push_back(id);
}

void BpeDefinition::add_merge(std::string_view left, std::string_view right,
                              const std::string& source) {
    std::string both;
    if (!append_bytes(left, both)) throw ModelError(source + ": merge is not byte-level");
    const std::size_t split = both.size();
    if (!append_bytes(right, both)) throw ModelError(source + ": merge is not byte-level");
    merges.push_back(both);
    merge_splits.push_back(std::uint32_t(split));
}

std::pair<std::string_view, std::string_view> split_bpe_merge(std::string_view merge,
                                                              const std::string& source) {
    const auto space = merge.find(' ');
    if (space == std::string_view::npos) throw ModelError(source + ": merge without a space");
    return {merge.substr(0, space), merge.substr(space + 1)};
}

std::pair<std::string, std::string> read_bpe_merge(const json& merge, const std::string& source) {
    if (merge.is_string()) {
        const auto [left, right] = split_bpe_merge(merge.get_ref<const std::string&>(), source);
        return {std::string(left), std::string(right)};
    }
    if (merge.is_array() && merge.size() == 2 && merge[0].is_string() && merge[1].is_string())
        return {merge[0].get<std::string>(), merge[1].get<std::string>()};
    throw ModelError(source + ": a merge is neither \"a b\" nor [\"a\", \"b\"]");
}

}  // namespace fantasma::engine
