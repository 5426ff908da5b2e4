#pragma once
// The one way fantasma parses JSON that it did not write itself: LSP messages and settings,
// a model folder's config, generation and tokenizer files, safetensors headers and indexes.
//
// nlohmann::json parses without recursion, but copies, compares and prints its values
// recursively, one stack frame per level: a 100,000-deep array from a client or a file would
// exhaust the stack long after parsing succeeded. So size and nesting are checked first, on
// the text, and anything past the limits is refused with a sentence that says why.
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace fantasma {

struct JsonLimits {
    std::size_t max_bytes = std::size_t{64} << 20;  // the LSP framing's own cap
    int max_depth = 128;                            // real files and messages nest under 20 levels
};

enum class JsonFailure { None, Unreadable, TooLarge, TooDeep, Invalid };

struct JsonRead {
    nlohmann::json value;  // null unless ok()
    JsonFailure failure = JsonFailure::None;
    std::string error;  // for a person, after a file name: "nested deeper than 128 levels"
    bool ok() const { return failure == JsonFailure::None; }
};

JsonRead read_json(std::string_view text, const JsonLimits& limits = {});
// The same for a file; a file that cannot be opened is JsonFailure::Unreadable.
JsonRead read_json_file(const std::filesystem::path& path, const JsonLimits& limits = {});

// A member read without throwing: `object[key]` when `object` is an object holding a string
// (a boolean) there, else `fallback`. nlohmann's value(key, default) throws type_error when the
// member has another type, which a hostile file can always arrange.
std::string string_member(const nlohmann::json& object, std::string_view key,
                          std::string_view fallback = "");
bool bool_member(const nlohmann::json& object, std::string_view key, bool fallback);

// Whether no array or object in `text` opens deeper than `max_depth` levels. Brackets inside
// strings do not count; the text need not be valid JSON.
bool json_nesting_within(std::string_view text, int max_depth);

}  // namespace fantasma
