#include "engine/session.hpp"

#include "engine/config.hpp"
#include "engine/error.hpp"
#include "engine/gguf/gguf_model.hpp"
#include "engine/weights.hpp"

namespace fantasma::engine {

LoadedModel open_model(const std::filesystem::path& path, Backend& backend, int max_batch) {
    const bool folder = std::filesystem::is_directory(path);
    if (!folder && !std::filesystem::exists(path))
        throw ModelError(path.string() + ": no such file or folder");
    // A downloaded GGUF alone in its folder stands for the folder.
    if (folder && !std::filesystem::exists(path / "config.json"))
        if (const auto gguf = lone_gguf(path)) return open_model(*gguf, backend, max_batch);
    LoadedModel loaded;
    ModelConfig config;
    if (!folder && is_gguf_file(path)) {
        auto gguf = std::make_unique<GgufModel>(path);
        config = gguf->config();
        loaded.source = std::move(gguf);
    } else {
        config = load_hf_config((folder ? path : path.parent_path()) / "config.json");
        loaded.source = std::make_unique<SafetensorsModel>(path);
    }
    auto weights = load_weights(config, *loaded.source, backend);
    loaded.model = std::make_unique<Model>(config, std::move(weights), backend, max_batch);
    return loaded;
}

std::vector<float> compute_logits(Model& model, std::span<const std::int32_t> tokens,
                                  LogitsMode mode) {
    const std::size_t vocab = std::size_t(model.config().vocab_size);
    std::vector<float> logits(tokens.size() * vocab);
    SequenceState sequence = model.new_sequence(int(std::max<std::size_t>(tokens.size(), 1)));
    if (mode == LogitsMode::prefill) {
        model.forward(sequence, tokens, logits);
    } else {
        for (std::size_t t = 0; t < tokens.size(); ++t)
            model.forward(sequence, tokens.subspan(t, 1),
                          std::span(logits).subspan(t * vocab, vocab));
    }
    return logits;
}

}  // namespace fantasma::engine
