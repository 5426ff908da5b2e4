#include "engine/safetensors.hpp"

#include "engine/error.hpp"

#include <nlohmann/json.hpp>

#include "support/json_read.hpp"

#include <cstring>
#include <set>

namespace fantasma::engine {
namespace {

using nlohmann::json;

constexpr std::uint64_t kMaxHeaderBytes = 100u << 20;  // the format's own limit
constexpr std::int64_t kMaxDim = std::int64_t(1) << 40;

[[noreturn]] void fail(std::string_view source, const std::string& problem) {
    throw ModelError(std::string(source) + ": " + problem);
}

DType parse_dtype(const json& value, std::string_view source, const std::string& name) {
    if (value == "F32") return DType::f32;
    if (value == "F16") return DType::f16;
    if (value == "BF16") return DType::bf16;
    fail(source,
         "tensor '" + name + "' has dtype " + value.dump() + "; supported are F32, F16 and BF16");
}

TensorData parse_entry(const std::string& name, const json& entry, std::span<const std::byte> data,
                       std::string_view source) {
    const auto bad = [&](const std::string& problem) {
        fail(source, "tensor '" + name + "' " + problem);
    };
    if (!entry.is_object()) bad("is not described by an object");
    const auto dtype = entry.find("dtype");
    const auto shape = entry.find("shape");
    const auto offsets = entry.find("data_offsets");
    if (dtype == entry.end() || shape == entry.end() || offsets == entry.end())
        bad("lacks dtype, shape or data_offsets");
    TensorData tensor;
    tensor.name = name;
    tensor.dtype = parse_dtype(*dtype, source, name);
    if (!shape->is_array() || shape->size() > 8) bad("has a bad shape");
    std::uint64_t count = 1;
    for (const auto& dim : *shape) {
        if (!dim.is_number_integer() || dim.get<std::int64_t>() < 0 ||
            dim.get<std::int64_t>() > kMaxDim)
            bad("has a bad shape");
        const auto size = std::uint64_t(dim.get<std::int64_t>());
        if (size != 0 && count > std::uint64_t(kMaxDim) / size) bad("is absurdly large");
        count *= size;
        tensor.shape.push_back(std::int64_t(size));
    }
    if (!offsets->is_array() || offsets->size() != 2 || !(*offsets)[0].is_number_unsigned() ||
        !(*offsets)[1].is_number_unsigned())
        bad("has bad data_offsets");
    const auto begin = (*offsets)[0].get<std::uint64_t>();
    const auto end = (*offsets)[1].get<std::uint64_t>();
    if (begin > end || end > data.size()) bad("lies outside the file (truncated?)");
    if (end - begin != *storage_bytes(tensor.dtype, tensor.shape))
        bad("has a byte size that disagrees with its shape");
    tensor.bytes = data.subspan(begin, end - begin);
    return tensor;
}

json read_index(const std::filesystem::path& path) {
    JsonRead read = read_json_file(path);
    if (!read.ok()) fail(path.string(), read.error);
    return std::move(read.value);
}

}  // namespace

std::vector<TensorData> parse_safetensors(std::span<const std::byte> file,
                                          std::string_view source) {
    if (file.size() < 8) fail(source, "too short for a safetensors file");
    std::uint64_t header_size = 0;
    for (int i = 7; i >= 0; --i)
        header_size = header_size << 8 | std::uint8_t(file[std::size_t(i)]);
    if (header_size > kMaxHeaderBytes || header_size > file.size() - 8)
        fail(source,
             "the header size is larger than the file; not a safetensors file or truncated");
    const auto* header_begin = reinterpret_cast<const char*>(file.data() + 8);
    JsonRead read = read_json({header_begin, header_size}, {.max_bytes = kMaxHeaderBytes});
    if (!read.ok()) fail(source, "the header is " + read.error);
    const json header = std::move(read.value);
    if (!header.is_object()) fail(source, "the header is not a JSON object");
    const auto data = file.subspan(8 + header_size);
    std::vector<TensorData> tensors;
    for (const auto& [name, entry] : header.items()) {
        if (name == "__metadata__") continue;
        tensors.push_back(parse_entry(name, entry, data, source));
    }
    return tensors;
}

std::string canonical_tensor_name(std::string_view stored) {
    if (stored.starts_with("model.visual.") || stored.starts_with("mtp.")) return "";
    for (std::string_view prefix : {"model.language_model.", "model."})
        if (stored.starts_with(prefix)) return std::string(stored.substr(prefix.size()));
    return std::string(stored);
}

SafetensorsModel::SafetensorsModel(const std::filesystem::path& path) : path_(path) {
    if (!std::filesystem::is_directory(path)) {
        add_file(path);
        return;
    }
    const auto index_path = path / "model.safetensors.index.json";
    if (!std::filesystem::exists(index_path)) {
        add_file(path / "model.safetensors");
        return;
    }
    const json index = read_index(index_path);
    const auto map = index.find("weight_map");
    if (!index.is_object() || map == index.end() || !map->is_object())
        fail(index_path.string(), "has no weight_map object");
    std::set<std::string> shards;
    for (const auto& [name, file] : map->items()) {
        if (!file.is_string()) fail(index_path.string(), "maps '" + name + "' to a non-string");
        const auto shard = file.get<std::string>();
        if (shard.empty() || shard.find('/') != std::string::npos || shard.starts_with("."))
            fail(index_path.string(), "names a shard outside the folder: '" + shard + "'");
        shards.insert(shard);
    }
    for (const auto& shard : shards) add_file(path / shard);
}

void SafetensorsModel::add_file(const std::filesystem::path& file) {
    files_.push_back(std::make_unique<MappedFile>(file));
    for (auto& tensor : parse_safetensors(files_.back()->bytes(), file.string())) {
        auto name = canonical_tensor_name(tensor.name);
        if (name.empty()) continue;
        if (tensors_.contains(name))
            fail(file.string(), "tensor '" + tensor.name + "' appears twice");
        tensors_.emplace(std::move(name), std::move(tensor));
    }
}

const TensorData* SafetensorsModel::find(std::string_view name) const {
    const auto it = tensors_.find(name);
    return it == tensors_.end() ? nullptr : &it->second;
}

}  // namespace fantasma::engine
