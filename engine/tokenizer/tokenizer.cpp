#include "engine/tokenizer/tokenizer.hpp"

#include "engine/error.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/mapped_file.hpp"
#include "engine/tokenizer/bpe_tokenizer.hpp"
#include "engine/tokenizer/chat_template.hpp"
#include "engine/tokenizer/gguf_vocabulary.hpp"
#if FANTASMA_HAS_SENTENCEPIECE
#include "engine/tokenizer/sentencepiece_tokenizer.hpp"
#endif

namespace fantasma::engine {
namespace {

// Tokenizer files are a few MB; anything far larger is not one.
constexpr std::uintmax_t max_tokenizer_bytes = 256u << 20;

// The file mapped into memory and read in place: a copy of Qwen3.5's 11 MB tokenizer.json into
// fresh memory is a large part of a load that touches little else as much.
MappedFile map_tokenizer_file(const std::filesystem::path& path) {
    std::error_code error;
    auto size = std::filesystem::file_size(path, error);
    if (error) throw ModelError(path.string() + ": cannot read the tokenizer file");
    if (size > max_tokenizer_bytes) throw ModelError(path.string() + ": too large for a tokenizer");
    return MappedFile(path);
}

}  // namespace

std::unique_ptr<Tokenizer> load_tokenizer(const std::filesystem::path& path) {
    if (std::filesystem::is_directory(path)) {
        for (const char* name : {"tokenizer.json", "tokenizer.model"})
            if (std::filesystem::exists(path / name)) return load_tokenizer(path / name);
        if (const auto gguf = lone_gguf(path)) return load_tokenizer(*gguf);
        throw ModelError(path.string() +
                         ": no tokenizer.json, tokenizer.model or single GGUF file in the folder");
    }
    // A model file (a GGUF written without tokenizer keys, a .safetensors file): the tokenizer
    // files beside it.
    const auto beside = [&path]() -> std::unique_ptr<Tokenizer> {
        const auto folder = path.parent_path().empty() ? "." : path.parent_path();
        for (const char* name : {"tokenizer.json", "tokenizer.model"})
            if (std::filesystem::exists(folder / name)) return load_tokenizer(folder / name);
        return nullptr;
    };
    if (is_gguf_file(path)) {
        const GgufFile file(path);
        if (auto definition = bpe_from_gguf(file.contents(), path.string()))
            return std::make_unique<BpeTokenizer>(*definition, path.string());
        if (auto tokenizer = beside()) return tokenizer;
        throw ModelError(path.string() +
                         ": the GGUF file has no tokenizer (no tokenizer.ggml.tokens) and no "
                         "tokenizer.json or tokenizer.model is beside it");
    }
    if (path.extension() == ".safetensors") {
        if (auto tokenizer = beside()) return tokenizer;
        throw ModelError(path.string() + ": no tokenizer.json or tokenizer.model beside it");
    }
    const MappedFile file = map_tokenizer_file(path);
    const std::string_view content(reinterpret_cast<const char*>(file.bytes().data()),
                                   file.bytes().size());
    if (path.extension() == ".model") {
#if FANTASMA_HAS_SENTENCEPIECE
        return std::make_unique<SentencepieceTokenizer>(std::string(content), path.string());
#else
        throw ModelError(path.string() +
                         ": this build of fantasma reads no sentencepiece .model tokenizers (it "
                         "was configured with -DFANTASMA_SENTENCEPIECE=OFF)");
#endif
    }
    BpeDefinition definition = read_tokenizer_json(content, path.string());
    definition.chat_template =
        hf_chat_template(path.parent_path().empty() ? "." : path.parent_path());
    return std::make_unique<BpeTokenizer>(definition, path.string());
}

}  // namespace fantasma::engine
