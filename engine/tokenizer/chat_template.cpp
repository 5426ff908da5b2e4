#include "engine/tokenizer/chat_template.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>
#include <string_view>

#include "engine/error.hpp"
#include "support/json_read.hpp"

namespace fantasma::engine {
namespace {

// The characters Python's str.isspace() accepts, which Jinja's `trim` (str.strip()) removes,
// in UTF-8. Each starts with an ASCII byte or a lead byte, so one found at either end of valid
// UTF-8 text is a whole character there.
constexpr std::array<std::string_view, 29> kPythonSpaces = {
    "\t",     "\n",     "\v",     "\f",     "\r",     "\x1c",   "\x1d",   "\x1e",
    "\x1f",   " ",      "\u0085", "\u00a0", "\u1680", "\u2000", "\u2001", "\u2002",
    "\u2003", "\u2004", "\u2005", "\u2006", "\u2007", "\u2008", "\u2009", "\u200a",
    "\u2028", "\u2029", "\u202f", "\u205f", "\u3000"};

std::string_view trimmed(std::string_view text) {
    // The length of the whitespace character at the front (or the back) of `text`, or 0.
    const auto space_at = [&text](bool front) -> std::size_t {
        for (const std::string_view space : kPythonSpaces)
            if (front ? text.starts_with(space) : text.ends_with(space)) return space.size();
        return 0;
    };
    while (const std::size_t length = space_at(true)) text.remove_prefix(length);
    while (const std::size_t length = space_at(false)) text.remove_suffix(length);
    return text;
}

std::optional<std::string> read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The template's first line, shortened, to name it in a message.
std::string first_line(const std::string& text) {
    std::string line = text.substr(0, std::min(text.find('\n'), std::size_t{60}));
    return line.size() < text.size() ? line + "…" : line;
}

}  // namespace

ChatFormat chat_format(const std::optional<std::string>& chat_template) {
    if (!chat_template) return ChatFormat::qwen_thinking;
    const std::string& text = *chat_template;
    if (text.find("<|im_start|>") == std::string::npos)
        throw ModelError("the model's chat template is not ChatML (it begins \"" +
                         first_line(text) +
                         "\"): fantasma lays out chats only as Qwen's models read them");
    return text.find("<think>") != std::string::npos ? ChatFormat::qwen_thinking
                                                     : ChatFormat::chatml;
}

std::optional<std::string> hf_chat_template(const std::filesystem::path& folder) {
    const std::filesystem::path config_path = folder / "tokenizer_config.json";
    JsonRead config = read_json_file(config_path);
    if (config.failure != JsonFailure::Unreadable && !config.ok())
        throw ModelError(config_path.string() + ": " + config.error);
    if (config.ok() && config.value.is_object() && config.value.contains("chat_template") &&
        config.value["chat_template"].is_string())
        return config.value["chat_template"].get<std::string>();
    return read_text(folder / "chat_template.jinja");
}

std::string chat_prompt(ChatFormat format, std::span<const ChatMessage> messages, bool thinking) {
    std::string prompt;
    for (const auto& message : messages)
        prompt += "<|im_start|>" + message.role + "\n" + std::string(trimmed(message.content)) +
                  "<|im_end|>\n";
    prompt += "<|im_start|>assistant\n";
    if (format == ChatFormat::qwen_thinking)
        prompt += thinking ? "<think>\n" : "<think>\n\n</think>\n\n";
    return prompt;
}

}  // namespace fantasma::engine
