#pragma once

#include <optional>
#include <string>

#include "engine/gguf/gguf.hpp"
#include "engine/tokenizer/bpe_tokenizer.hpp"

namespace fantasma::engine {

// The byte-level BPE tokenizer a GGUF carries, as llama.cpp's converter writes it:
// tokenizer.ggml.model "gpt2", tokenizer.ggml.tokens with their token_type (normal tokens are
// the BPE vocabulary; control and user-defined ones are added tokens, found in the text first;
// unused "[PAD…]" fillers are skipped), tokenizer.ggml.merges, the split pattern named by
// tokenizer.ggml.pre ("qwen35", "qwen2"; both with Qwen's NFC normalizer), and the eos ids.
// Nothing when the file has no tokenizer.ggml.tokens; ModelError for a tokenizer it cannot run.
std::optional<BpeDefinition> bpe_from_gguf(const GgufContents& gguf, const std::string& source);

}  // namespace fantasma::engine
