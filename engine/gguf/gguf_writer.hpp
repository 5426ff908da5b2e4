#pragma once

#include "engine/tensor_data.hpp"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fantasma::engine {

// Builds a GGUF v3 file: metadata in the order added, then tensor infos and data aligned to
// 32 bytes (the default general.alignment).
class GgufWriter {
  public:
    void add_u32(std::string_view key, std::uint32_t value);
    void add_i32(std::string_view key, std::int32_t value);
    void add_f32(std::string_view key, float value);
    void add_bool(std::string_view key, bool value);
    void add_string(std::string_view key, std::string_view value);
    void add_i32_array(std::string_view key, const std::vector<std::int32_t>& values);
    void add_string_array(std::string_view key, const std::vector<std::string>& values);
    // A value copied from another GGUF file as it is stored there: u32 type, then the value.
    void add_raw(std::string_view key, std::span<const std::byte> typed_value);

    // shape outermost first (PyTorch order); data already in `type`'s layout.
    void add_tensor(std::string_view name, DType type, std::vector<std::int64_t> shape,
                    std::vector<std::byte> data);

    // Writes to a temporary file beside `path`, then renames it over `path`: a failed or
    // interrupted write never leaves a partial model behind. Throws ModelError.
    void write(const std::filesystem::path& path) const;

  private:
    struct Tensor {
        std::string name;
        DType type;
        std::vector<std::int64_t> shape;
        std::vector<std::byte> data;
    };
    std::vector<std::byte> metadata_;
    std::uint64_t kv_count_ = 0;
    std::vector<Tensor> tensors_;
};

}  // namespace fantasma::engine
