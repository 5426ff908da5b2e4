#pragma once

// GGUF (ggml-org/ggml docs/gguf.md), versions 2 and 3, little-endian:
//   u32 magic "GGUF", u32 version, u64 tensor_count, u64 kv_count,
//   kv_count × (string key, u32 type, value), tensor_count × (string name, u32 n_dims,
//   u64 ne[n_dims] (ne0 innermost), u32 type, u64 offset), padding to general.alignment
//   (default 32), tensor data at those offsets. string = u64 length + bytes.

#include "engine/mapped_file.hpp"
#include "engine/tensor_data.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace fantasma::engine {

// A metadata value. Integer types widen to 64 bits (signed or not), floats to double; arrays
// keep one vector per element kind (bool and integer arrays as int64). Nested arrays are
// skipped (read past, kept empty).
using GgufValue =
    std::variant<std::int64_t, std::uint64_t, double, bool, std::string, std::vector<std::int64_t>,
                 std::vector<double>, std::vector<std::string>>;

// GGML type ids of the tensor types the engine reads.
std::optional<DType> dtype_from_ggml(std::uint32_t ggml_type);
std::uint32_t ggml_type_of(DType type);
// "Q5_K" for 13, as ggml names its types.
std::string ggml_type_name(std::uint32_t ggml_type);
// "IQ2_XXS (ggml type 16) is not supported; supported: F32, F16, …".
std::string unsupported_ggml_type(std::uint32_t ggml_type);

struct GgufContents {
    std::uint32_t version = 0;
    std::map<std::string, GgufValue, std::less<>> metadata;
    std::vector<TensorData> tensors;  // shapes outermost first (ne reversed), as PyTorch's
    // Tensors of types the engine does not read, by name, with their ggml type: only when
    // parse_gguf was asked to list them (they are not in `tensors`).
    std::vector<std::pair<std::string, std::uint32_t>> unsupported;
};

// Parses and checks a whole GGUF image: every count, length, type, shape and offset is
// bounded by the bytes present. Throws ModelError naming `source` and the problem; a tensor
// of a type the engine does not read is such a problem unless `list_unsupported` (then it is
// listed in GgufContents::unsupported, for a report of what a file holds).
GgufContents parse_gguf(std::span<const std::byte> file, std::string_view source,
                        bool list_unsupported = false);

// Typed metadata look-ups; nothing when the key is absent or of another kind.
std::optional<std::int64_t> gguf_int(const GgufContents& gguf, std::string_view key);
std::optional<double> gguf_float(const GgufContents& gguf, std::string_view key);
std::optional<std::string> gguf_string(const GgufContents& gguf, std::string_view key);

// Whether the file starts with GGUF's magic.
bool is_gguf_file(const std::filesystem::path& path);
// The folder's one .gguf file, as a GGUF shared on its own lies in a download folder; nothing
// when the folder holds none or several.
std::optional<std::filesystem::path> lone_gguf(const std::filesystem::path& folder);

// A mapped GGUF file.
class GgufFile {
  public:
    explicit GgufFile(const std::filesystem::path& path);
    const GgufContents& contents() const { return contents_; }
    const std::filesystem::path& path() const { return file_.path(); }

  private:
    MappedFile file_;
    GgufContents contents_;
};

}  // namespace fantasma::engine
