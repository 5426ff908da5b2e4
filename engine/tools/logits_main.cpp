// fantasma-engine-logits --model PATH --tokens 1,2,3 --out FILE.npy [--mode prefill|decode]
// Writes float32 logits [n_tokens, vocab] for every position, computed by the CPU reference
// backend. A stand-in for `fantasma logits` until the CLI grows it.

#include "engine/cpu/reference_backend.hpp"
#include "engine/error.hpp"
#include "engine/npy.hpp"
#include "engine/session.hpp"

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace fe = fantasma::engine;

namespace {

std::vector<std::int32_t> parse_tokens(const std::string& list) {
    std::vector<std::int32_t> tokens;
    std::size_t pos = 0;
    while (pos <= list.size()) {
        const auto comma = std::min(list.find(',', pos), list.size());
        const std::string item = list.substr(pos, comma - pos);
        std::size_t used = 0;
        long long id = -1;
        try {
            id = std::stoll(item, &used);
        } catch (const std::exception&) {
        }
        if (used != item.size() || id < 0 || id > INT32_MAX)
            throw fe::ModelError("--tokens: '" + item + "' is not a token id");
        tokens.push_back(std::int32_t(id));
        pos = comma + 1;
    }
    return tokens;
}

int usage() {
    std::fputs(
        "usage: fantasma-engine-logits --model PATH --tokens 1,2,3 --out FILE.npy "
        "[--mode prefill|decode]\n",
        stderr);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    std::string model, tokens, out, mode = "prefill";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string_view flag = argv[i];
        std::string* target = flag == "--model"    ? &model
                              : flag == "--tokens" ? &tokens
                              : flag == "--out"    ? &out
                              : flag == "--mode"   ? &mode
                                                   : nullptr;
        if (target == nullptr) return usage();
        *target = argv[i + 1];
    }
    if (argc % 2 == 0 || model.empty() || tokens.empty() || out.empty() ||
        (mode != "prefill" && mode != "decode"))
        return usage();
    try {
        const auto ids = parse_tokens(tokens);
        fe::cpu::ReferenceBackend backend;
        auto loaded = fe::open_model(model, backend);
        const auto logits =
            fe::compute_logits(*loaded.model, ids,
                               mode == "decode" ? fe::LogitsMode::decode : fe::LogitsMode::prefill);
        fe::write_npy(out, {{std::int64_t(ids.size()), loaded.model->config().vocab_size}, logits});
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fantasma-engine-logits: %s\n", e.what());
        return 1;
    }
    return 0;
}
