#include "support/json_read.hpp"

#include <fstream>
#include <sstream>

namespace fantasma {
namespace {

JsonRead failed(JsonFailure failure, std::string error) {
    JsonRead read;
    read.failure = failure;
    read.error = std::move(error);
    return read;
}

std::string size_limit(std::size_t bytes) {
    return bytes % (1 << 20) == 0 ? std::to_string(bytes >> 20) + " MiB"
                                  : std::to_string(bytes) + "-byte";
}

// nlohmann's messages start with "[json.exception.parse_error.101] parse error at ...": the
// bracketed id means nothing to a person.
std::string parse_error_text(const nlohmann::json::exception& error) {
    std::string_view text = error.what();
    if (text.starts_with('[')) {
        const auto close = text.find("] ");
        if (close != std::string_view::npos) text.remove_prefix(close + 2);
    }
    return std::string(text);
}

}  // namespace

bool json_nesting_within(std::string_view text, int max_depth) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;  // an escaped quote does not end the string
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_depth) return false;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return true;
}

JsonRead read_json(std::string_view text, const JsonLimits& limits) {
    if (text.size() > limits.max_bytes)
        return failed(JsonFailure::TooLarge,
                      "larger than the " + size_limit(limits.max_bytes) + " limit");
    if (!json_nesting_within(text, limits.max_depth))
        return failed(JsonFailure::TooDeep,
                      "nested deeper than " + std::to_string(limits.max_depth) + " levels");
    JsonRead read;
    try {
        read.value = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& error) {
        return failed(JsonFailure::Invalid, "not valid JSON (" + parse_error_text(error) + ")");
    }
    return read;
}

std::string string_member(const nlohmann::json& object, std::string_view key,
                          std::string_view fallback) {
    if (!object.is_object()) return std::string(fallback);
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>()
                                                       : std::string(fallback);
}

bool bool_member(const nlohmann::json& object, std::string_view key, bool fallback) {
    if (!object.is_object()) return fallback;
    const auto found = object.find(key);
    return found != object.end() && found->is_boolean() ? found->get<bool>() : fallback;
}

JsonRead read_json_file(const std::filesystem::path& path, const JsonLimits& limits) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return failed(JsonFailure::Unreadable, "cannot be opened");
    std::error_code size_error;
    const auto size = std::filesystem::file_size(path, size_error);
    if (!size_error && size > limits.max_bytes)
        return failed(JsonFailure::TooLarge,
                      "larger than the " + size_limit(limits.max_bytes) + " limit");
    std::ostringstream text;
    text << file.rdbuf();
    return read_json(text.str(), limits);
}

}  // namespace fantasma
