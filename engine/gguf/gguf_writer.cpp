#include "engine/gguf/gguf_writer.hpp"

#include "engine/error.hpp"
#include "engine/gguf/gguf.hpp"

#include <unistd.h>

#include <cstring>
#include <fstream>

namespace fantasma::engine {
namespace {

constexpr std::uint64_t kAlignment = 32;

template <typename T>
void put(std::vector<std::byte>& out, T value) {
    const auto* bytes = reinterpret_cast<const std::byte*>(&value);
    out.insert(out.end(), bytes, bytes + sizeof(T));
}

void put_string(std::vector<std::byte>& out, std::string_view text) {
    put<std::uint64_t>(out, text.size());
    const auto* bytes = reinterpret_cast<const std::byte*>(text.data());
    out.insert(out.end(), bytes, bytes + text.size());
}

std::uint64_t aligned(std::uint64_t n) {
    return (n + kAlignment - 1) / kAlignment * kAlignment;
}

enum ValueType : std::uint32_t { kI32 = 5, kU32 = 4, kF32 = 6, kBool = 7, kString = 8, kArray = 9 };

}  // namespace

void GgufWriter::add_u32(std::string_view key, std::uint32_t value) {
    put_string(metadata_, key);
    put<std::uint32_t>(metadata_, kU32);
    put(metadata_, value);
    ++kv_count_;
}

void GgufWriter::add_i32(std::string_view key, std::int32_t value) {
    put_string(metadata_, key);
    put<std::uint32_t>(metadata_, kI32);
    put(metadata_, value);
    ++kv_count_;
}

void GgufWriter::add_f32(std::string_view key, float value) {
    put_string(metadata_, key);
    put<std::uint32_t>(metadata_, kF32);
    put(metadata_, value);
    ++kv_count_;
}

void GgufWriter::add_bool(std::string_view key, bool value) {
    put_string(metadata_, key);
    put<std::uint32_t>(metadata_, kBool);
    put<std::uint8_t>(metadata_, value ? 1 : 0);
    ++kv_count_;
}

void GgufWriter::add_string(std::string_view key, std::string_view value) {
    put_string(metadata_, key);
    put<std::uint32_t>(metadata_, kString);
    put_string(metadata_, value);
    ++kv_count_;
}

void GgufWriter::add_i32_array(std::string_view key, const std::vector<std::int32_t>& values) {
    put_string(metadata_, key);
    put<std::uint32_t>(metadata_, kArray);
    put<std::uint32_t>(metadata_, kI32);
    put<std::uint64_t>(metadata_, values.size());
    for (auto value : values) put(metadata_, value);
    ++kv_count_;
}

void GgufWriter::add_string_array(std::string_view key, const std::vector<std::string>& values) {
    put_string(metadata_, key);
    put<std::uint32_t>(metadata_, kArray);
    put<std::uint32_t>(metadata_, kString);
    put<std::uint64_t>(metadata_, values.size());
    for (const auto& value : values) put_string(metadata_, value);
    ++kv_count_;
}

void GgufWriter::add_raw(std::string_view key, std::span<const std::byte> typed_value) {
    put_string(metadata_, key);
    metadata_.insert(metadata_.end(), typed_value.begin(), typed_value.end());
    ++kv_count_;
}

void GgufWriter::add_tensor(std::string_view name, DType type, std::vector<std::int64_t> shape,
                            std::vector<std::byte> data) {
    const auto size = storage_bytes(type, shape);
    if (!size || *size != data.size())
        throw ModelError("GGUF writer: tensor '" + std::string(name) +
                         "' data does not fit its shape");
    tensors_.push_back({std::string(name), type, std::move(shape), std::move(data)});
}

void GgufWriter::write(const std::filesystem::path& path) const {
    std::vector<std::byte> header;
    header.insert(header.end(), reinterpret_cast<const std::byte*>("GGUF"),
                  reinterpret_cast<const std::byte*>("GGUF") + 4);
    put<std::uint32_t>(header, 3);
    put<std::uint64_t>(header, tensors_.size());
    put<std::uint64_t>(header, kv_count_);
    header.insert(header.end(), metadata_.begin(), metadata_.end());
    std::uint64_t offset = 0;
    for (const auto& tensor : tensors_) {
        put_string(header, tensor.name);
        put<std::uint32_t>(header, std::uint32_t(tensor.shape.size()));
        for (auto it = tensor.shape.rbegin(); it != tensor.shape.rend(); ++it)  // ne0 first
            put<std::uint64_t>(header, std::uint64_t(*it));
        put<std::uint32_t>(header, ggml_type_of(tensor.type));
        put<std::uint64_t>(header, offset);
        offset = aligned(offset + tensor.data.size());
    }
    header.resize(aligned(header.size()));
    // A name of our own beside the target: rename within one folder is atomic.
    std::filesystem::path temporary = path;
    temporary += ".partial-" + std::to_string(::getpid());
    try {
        std::ofstream file(temporary, std::ios::binary);
        if (!file) throw ModelError(path.string() + ": cannot write (" + temporary.string() + ")");
        file.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
        const char zeros[kAlignment] = {};
        for (const auto& tensor : tensors_) {
            file.write(reinterpret_cast<const char*>(tensor.data.data()),
                       std::streamsize(tensor.data.size()));
            file.write(zeros, std::streamsize(aligned(tensor.data.size()) - tensor.data.size()));
        }
        file.close();
        if (!file) throw ModelError(path.string() + ": write failed (disk full?)");
        std::filesystem::rename(temporary, path);
    } catch (const std::filesystem::filesystem_error& error) {
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        throw ModelError(path.string() + ": cannot write: " + error.code().message());
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        throw;
    }
}

}  // namespace fantasma::engine
