#include "engine/tokenizer/chat_template.hpp"

#include <string_view>

namespace fantasma::engine {
namespace {

// Jinja's `trim` (Python's str.strip()), which Qwen3.5's chat template applies to every
// message's content; here the ASCII whitespace only.
std::string_view trimmed(std::string_view text) {
    constexpr std::string_view kSpace = " \t\n\r\v\f";
    const auto first = text.find_first_not_of(kSpace);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

}  // namespace

std::string chatml_prompt(std::span<const ChatMessage> messages, bool thinking) {
    std::string prompt;
    for (const auto& message : messages)
        prompt += "<|im_start|>" + message.role + "\n" + std::string(trimmed(message.content)) +
                  "<|im_end|>\n";
    prompt += "<|im_start|>assistant\n";
    prompt += thinking ? "<think>\n" : "<think>\n\n</think>\n\n";
    return prompt;
}

}  // namespace fantasma::engine
