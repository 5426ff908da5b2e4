#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace fantasma::engine {

// A float32 array in NumPy's .npy format (version 1, little-endian, C order).
struct NpyArray {
    std::vector<std::int64_t> shape;
    std::vector<float> values;
};

NpyArray read_npy(const std::filesystem::path& path);  // throws ModelError
void write_npy(const std::filesystem::path& path, const NpyArray& array);

}  // namespace fantasma::engine
