#pragma once

#include "engine/gguf/gguf_writer.hpp"

#include <filesystem>
#include <vector>

namespace fantasma::engine {

// Adds llama.cpp's `tokenizer.*` keys for a byte-level BPE `tokenizer.json` (Qwen's) in
// `folder`, as llama.cpp's converter writes them: model "gpt2", pre "qwen35", one token per id
// below `vocab_size` (ids past it dropped with the merges that need them, gaps filled with
// unused "[PADn]" tokens), token types (normal, control for special added tokens,
// user-defined for the other added tokens), merges, bos/eos/padding ids, add_bos false, and
// the chat template from tokenizer_config.json or chat_template.jinja.
// Without a tokenizer.json only the eos id (from `config_eos`, when given) is written and
// false is returned: the file then runs in fantasma but not in llama.cpp.
// Throws ModelError for a tokenizer.json that is not a BPE model.
bool add_tokenizer_metadata(GgufWriter& out, const std::filesystem::path& folder, int vocab_size,
                            const std::vector<int>& config_eos);

}  // namespace fantasma::engine
