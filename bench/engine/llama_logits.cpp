// llama.cpp's next-token logits at every position of a token list, written as fantasma
// `logits` writes them (a float32 .npy, [tokens, vocab]), to compare the two engines on one GGUF
// file. Built by tests/engine/gguf_py/make_llama_cpp_logits.py against llama.h.
//   llama_logits MODEL.gguf IDS OUT.npy [prefill|decode]
// IDS is comma-separated; prefill runs them as one batch, decode one token per call.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "llama.h"

namespace {

std::vector<llama_token> parse_ids(const char* list) {
    std::vector<llama_token> ids;
    for (const char* at = list; *at != '\0';) {
        char* end = nullptr;
        ids.push_back(static_cast<llama_token>(std::strtol(at, &end, 10)));
        at = *end == ',' ? end + 1 : end;
        if (end == at && *at != '\0') break;  // not a number: stop rather than loop
    }
    return ids;
}

// NumPy's .npy format, version 1.0: magic, header length, a Python dict padded to 64 bytes.
bool write_npy(const char* path, const std::vector<float>& values, std::size_t rows,
               std::size_t cols) {
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" +
                         std::to_string(rows) + ", " + std::to_string(cols) + "), }";
    while ((10 + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::FILE* file = std::fopen(path, "wb");
    if (file == nullptr) return false;
    const unsigned char preamble[8] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
    const std::uint16_t length = static_cast<std::uint16_t>(header.size());
    const unsigned char length_bytes[2] = {static_cast<unsigned char>(length & 0xff),
                                           static_cast<unsigned char>(length >> 8)};
    bool ok = std::fwrite(preamble, 1, 8, file) == 8 &&
              std::fwrite(length_bytes, 1, 2, file) == 2 &&
              std::fwrite(header.data(), 1, header.size(), file) == header.size() &&
              std::fwrite(values.data(), sizeof(float), values.size(), file) == values.size();
    ok = std::fclose(file) == 0 && ok;
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr, "usage: %s MODEL.gguf IDS OUT.npy [prefill|decode]\n", argv[0]);
        return 2;
    }
    const std::vector<llama_token> ids = parse_ids(argv[2]);
    const bool decode = argc == 5 && std::strcmp(argv[4], "decode") == 0;
    llama_backend_init();
    llama_model* model = llama_model_load_from_file(argv[1], llama_model_default_params());
    if (model == nullptr) return 1;
    const int vocab = llama_vocab_n_tokens(llama_model_get_vocab(model));
    llama_context_params params = llama_context_default_params();
    params.n_ctx = static_cast<uint32_t>(ids.size() + 16);
    params.n_batch = params.n_ubatch = static_cast<uint32_t>(ids.size());
    params.n_threads = params.n_threads_batch = 2;
    llama_context* context = llama_init_from_model(model, params);
    if (context == nullptr) return 1;

    std::vector<float> logits;
    const auto keep = [&](int32_t output) {
        const float* row = llama_get_logits_ith(context, output);
        logits.insert(logits.end(), row, row + vocab);
    };
    llama_batch batch = llama_batch_init(static_cast<int32_t>(ids.size()), 0, 1);
    const std::size_t per_call = decode ? 1 : ids.size();
    for (std::size_t first = 0; first < ids.size(); first += per_call) {
        batch.n_tokens = 0;
        for (std::size_t i = first; i < first + per_call; ++i) {
            const int32_t at = batch.n_tokens++;
            batch.token[at] = ids[i];
            batch.pos[at] = static_cast<llama_pos>(i);
            batch.n_seq_id[at] = 1;
            batch.seq_id[at][0] = 0;
            batch.logits[at] = 1;
        }
        if (llama_decode(context, batch) != 0) return 1;
        for (int32_t i = 0; i < batch.n_tokens; ++i) keep(i);
    }
    const bool written = write_npy(argv[3], logits, ids.size(), static_cast<std::size_t>(vocab));
    llama_batch_free(batch);
    llama_free(context);
    llama_model_free(model);
    return written ? 0 : 1;
}
