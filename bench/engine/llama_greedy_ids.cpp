// Greedy token ids from llama.cpp, to compare with `fantasma generate --temp 0 --ids`:
// tokenizes TEXT with the model's own tokenizer (no bos), decodes N tokens greedily (past
// end-of-generation tokens too), prints the prompt ids on one line and the generated ids on
// the next, comma-separated. As fantasma does, it never picks the unused [PAD…] rows past the
// tokenizer's last real token (llama.cpp's own greedy sampler would). Built by
// check_llama_cpp_agrees.sh against llama.h.
//   llama_greedy_ids MODEL.gguf N TEXT
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "llama.h"

namespace {

void print_ids(const std::vector<llama_token>& ids) {
    for (std::size_t i = 0; i < ids.size(); ++i) std::printf("%s%d", i ? "," : "", ids[i]);
    std::printf("\n");
}

void set_tokens(llama_batch& batch, const std::vector<llama_token>& tokens, llama_pos first) {
    batch.n_tokens = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const int32_t at = batch.n_tokens++;
        batch.token[at] = tokens[i];
        batch.pos[at] = first + llama_pos(i);
        batch.n_seq_id[at] = 1;
        batch.seq_id[at][0] = 0;
        batch.logits[at] = i + 1 == tokens.size();  // logits for the last one only
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s MODEL.gguf N TEXT\n", argv[0]);
        return 2;
    }
    const int count = std::atoi(argv[2]);
    const std::string text = argv[3];
    llama_backend_init();
    llama_model* model = llama_model_load_from_file(argv[1], llama_model_default_params());
    if (model == nullptr) return 1;
    const llama_vocab* vocab = llama_model_get_vocab(model);
    const int prompt_size =
        -llama_tokenize(vocab, text.c_str(), int32_t(text.size()), nullptr, 0, false, true);
    std::vector<llama_token> prompt(static_cast<std::size_t>(prompt_size));
    llama_tokenize(vocab, text.c_str(), int32_t(text.size()), prompt.data(), prompt_size, false,
                   true);
    llama_context_params context_params = llama_context_default_params();
    context_params.n_ctx = uint32_t(prompt_size + count);
    context_params.n_batch = uint32_t(prompt_size);
    llama_context* context = llama_init_from_model(model, context_params);
    if (context == nullptr) return 1;
    // One past the last token that is not an unused filler: the ids a draw may pick.
    int drawable = llama_vocab_n_tokens(vocab);
    while (drawable > 0 && (llama_vocab_get_attr(vocab, drawable - 1) & LLAMA_TOKEN_ATTR_UNUSED))
        --drawable;

    llama_batch batch = llama_batch_init(prompt_size, 0, 1);
    set_tokens(batch, prompt, 0);
    std::vector<llama_token> generated;
    llama_pos position = prompt_size;
    while (int(generated.size()) < count) {
        if (llama_decode(context, batch) != 0) return 1;
        const float* logits = llama_get_logits_ith(context, -1);
        const llama_token next = llama_token(std::max_element(logits, logits + drawable) - logits);
        generated.push_back(next);
        set_tokens(batch, {next}, position++);
    }
    print_ids(prompt);
    print_ids(generated);
    llama_batch_free(batch);
    llama_free(context);
    llama_model_free(model);
    return 0;
}
