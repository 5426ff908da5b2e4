#include "engine/model_info.hpp"

#include <map>

#include "engine/error.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/gguf/gguf_model.hpp"
#include "engine/mapped_file.hpp"
#include "engine/safetensors.hpp"
#include "engine/tokenizer/tokenizer.hpp"
#include "support/json_read.hpp"

namespace fantasma::engine {
namespace {

void count_type(ModelInfo& info, const std::string& name, std::uint64_t bytes, bool supported) {
    for (auto& type : info.types)
        if (type.name == name) {
            ++type.tensors;
            type.bytes += bytes;
            return;
        }
    info.types.push_back({name, 1, bytes, supported});
}

void inspect_gguf(const std::filesystem::path& path, ModelInfo& info) {
    const MappedFile file(path);
    const GgufContents gguf = parse_gguf(file.bytes(), path.string(), /*list_unsupported=*/true);
    info.format = "GGUF v" + std::to_string(gguf.version);
    info.architecture = gguf_string(gguf, "general.architecture").value_or("(none)");
    for (const TensorData& tensor : gguf.tensors) {
        count_type(info, std::string(dtype_name(tensor.dtype)), tensor.bytes.size(), true);
        info.weight_bytes += tensor.bytes.size();
    }
    std::map<std::uint32_t, std::size_t> unsupported;
    for (const auto& [name, type] : gguf.unsupported) {
        count_type(info, ggml_type_name(type), 0, false);
        ++unsupported[type];
    }
    for (const auto& [type, count] : unsupported)
        info.problems.push_back(unsupported_ggml_type(type) + " (" + std::to_string(count) +
                                (count == 1 ? " tensor)" : " tensors)"));
    try {
        info.config = config_from_gguf(gguf, path.string());
    } catch (const ModelError& error) {
        info.problems.push_back(error.what());
    }
}

void inspect_safetensors(const std::filesystem::path& path, ModelInfo& info) {
    const auto folder = std::filesystem::is_directory(path) ? path : path.parent_path();
    info.file = folder / "config.json";
    info.format = "Hugging Face safetensors";
    if (const JsonRead config = read_json_file(info.file); config.ok() && config.value.is_object())
        if (const auto it = config.value.find("architectures");
            it != config.value.end() && it->is_array() && !it->empty() && it->front().is_string())
            info.architecture = it->front().get<std::string>();
    try {
        info.config = load_hf_config(info.file);
    } catch (const ModelError& error) {
        info.problems.push_back(error.what());
    }
    const SafetensorsModel model(path);
    for (const auto& [name, tensor] : model.tensors()) {
        count_type(info, std::string(dtype_name(tensor.dtype)), tensor.bytes.size(), true);
        info.weight_bytes += tensor.bytes.size();
    }
}

}  // namespace

std::uint64_t ModelInfo::state_bytes() const {
    return config ? config->recurrent_state_bytes() : 0;
}

std::uint64_t ModelInfo::kv_bytes_per_token() const {
    if (!config) return 0;
    std::uint64_t layers = 0;
    for (const LayerKind kind : config->layer_types) layers += kind == LayerKind::full_attention;
    return layers * 2 * std::uint64_t(config->num_key_value_heads) * config->head_dim * 4;
}

ModelInfo inspect_model(const std::filesystem::path& path) {
    if (!std::filesystem::exists(path))
        throw ModelError(path.string() + ": no such file or folder");
    ModelInfo info;
    info.file = path;
    const bool folder = std::filesystem::is_directory(path);
    if (folder && !std::filesystem::exists(path / "config.json"))
        if (const auto gguf = lone_gguf(path)) info.file = *gguf;
    if (!std::filesystem::is_directory(info.file) && is_gguf_file(info.file))
        inspect_gguf(info.file, info);
    else if (folder || path.extension() == ".safetensors")
        inspect_safetensors(path, info);
    else
        throw ModelError(path.string() +
                         ": neither a GGUF file nor a Hugging Face model folder or .safetensors "
                         "file");
    try {
        info.tokenizer_vocabulary = load_tokenizer(path)->vocab_size();
    } catch (const ModelError& error) {
        info.problems.push_back(std::string("tokenizer: ") + error.what());
    }
    return info;
}

}  // namespace fantasma::engine
