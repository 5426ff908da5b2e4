#include "engine/tokenizer/chat_template.hpp"

namespace fantasma::engine {

std::string chatml_prompt(std::span<const ChatMessage> messages, bool thinking) {
    std::string prompt;
    for (const auto& message : messages)
        prompt += "<|im_start|>" + message.role + "\n" + message.content + "<|im_end|>\n";
    prompt += "<|im_start|>assistant\n";
    prompt += thinking ? "<think>\n" : "<think>\n\n</think>\n\n";
    return prompt;
}

}  // namespace fantasma::engine
