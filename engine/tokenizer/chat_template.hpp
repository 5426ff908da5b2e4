#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace fantasma::engine {

struct ChatMessage {
    std::string role;  // "system", "user" or "assistant"
    std::string content;
};

// How a model's chat template lays out a conversation. fantasma runs no Jinja: it recognises
// the templates it can write itself.
enum class ChatFormat {
    // Qwen3.5's (and Qwen3's): ChatML, and the assistant's turn opens with a think block.
    qwen_thinking,
    // Plain ChatML, no think block (Qwen2.5's).
    chatml,
};

// The format of a chat template (a GGUF's tokenizer.chat_template, tokenizer_config.json's
// chat_template). No template: Qwen3.5's, the only models the engine runs. A template that is
// not ChatML throws ModelError naming what it looks like.
ChatFormat chat_format(const std::optional<std::string>& chat_template);

// The chat template of a Hugging Face model folder: tokenizer_config.json's chat_template, else
// chat_template.jinja; nothing when neither is there.
std::optional<std::string> hf_chat_template(const std::filesystem::path& folder);

// The prompt for `messages`, ending in the assistant's generation prompt:
// `<|im_start|>role\ncontent<|im_end|>\n` per message, each content trimmed of surrounding
// whitespace as Jinja's `trim` does (Python's str.strip(): Unicode whitespace too), then
// `<|im_start|>assistant\n`. In qwen_thinking, unless `thinking`, an empty think block follows
// (`<think>\n\n</think>\n\n`) so the model answers at once; with it, `<think>\n`.
std::string chat_prompt(ChatFormat format, std::span<const ChatMessage> messages,
                        bool thinking = false);

}  // namespace fantasma::engine
