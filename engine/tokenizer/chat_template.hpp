#pragma once

#include <span>
#include <string>

namespace fantasma::engine {

struct ChatMessage {
    std::string role;  // "system", "user" or "assistant"
    std::string content;
};

// The ChatML prompt Qwen's instruct models expect, ending in the assistant's generation prompt:
// `<|im_start|>role\ncontent<|im_end|>\n` per message (content trimmed of surrounding
// whitespace, as Qwen3.5's template does), then `<|im_start|>assistant\n` and,
// unless `thinking`, an empty think block (`<think>\n\n</think>\n\n`) so the model answers at
// once.
std::string chatml_prompt(std::span<const ChatMessage> messages, bool thinking = false);

}  // namespace fantasma::engine
