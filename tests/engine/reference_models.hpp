#pragma once
// The tiny reference models of tests/reference, as the engine and OpenCL tests use them: their
// folder, their token sequences, and GGUF conversions made for one test.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine/config.hpp"
#include "engine/gguf/gguf_convert.hpp"
#include "engine/npy.hpp"
#include "engine/safetensors.hpp"
#include "engine/tensor_data.hpp"

namespace fantasma::testing {

inline const std::filesystem::path kReference =
    std::filesystem::path(FANTASMA_SOURCE_DIR) / "tests/reference";

// A comma-separated token file (tokens.txt of a reference model).
inline std::vector<std::int32_t> read_tokens(const std::filesystem::path& path) {
    std::ifstream file(path);
    std::vector<std::int32_t> tokens;
    std::string item;
    while (std::getline(file, item, ',')) tokens.push_back(std::stoi(item));
    return tokens;
}

// The worst error at any position of `logits` [positions, vocab], relative to that position's
// largest golden logit.
inline double worst_relative_error(const std::vector<float>& logits, const engine::NpyArray& golden,
                                   std::size_t vocab) {
    double worst = 0;
    for (std::size_t row = 0; row * vocab < golden.values.size(); ++row) {
        double scale = 0, error = 0;
        for (std::size_t i = 0; i < vocab; ++i) {
            const std::size_t at = row * vocab + i;
            scale = std::max(scale, double(std::fabs(golden.values[at])));
            error = std::max(error, double(std::fabs(logits[at] - golden.values[at])));
        }
        worst = std::max(worst, error / scale);
    }
    return worst;
}

// The fraction of positions where `logits` and `golden` ([positions, vocab]) have the same
// arg-max.
inline double top1_agreement(const std::vector<float>& logits, const engine::NpyArray& golden,
                             std::size_t vocab) {
    const std::size_t rows = golden.values.size() / vocab;
    std::size_t same = 0;
    for (std::size_t row = 0; row < rows; ++row) {
        const auto ours = logits.begin() + std::ptrdiff_t(row * vocab);
        const auto theirs = golden.values.begin() + std::ptrdiff_t(row * vocab);
        same += std::max_element(ours, ours + std::ptrdiff_t(vocab)) - ours ==
                std::max_element(theirs, theirs + std::ptrdiff_t(vocab)) - theirs;
    }
    return double(same) / double(rows);
}

// A reference model converted to GGUF in the temp folder, removed again afterwards.
struct ConvertedModel {
    std::filesystem::path path;
    ConvertedModel(const std::string& name, engine::DType type)
        : path(std::filesystem::temp_directory_path() /
               ("fantasma-test-" + std::to_string(::getpid()) + "-" + name + "-" +
                std::string(engine::dtype_name(type)) + ".gguf")) {
        const auto folder = kReference / name;
        const engine::SafetensorsModel source(folder);
        engine::write_qwen35_gguf(engine::load_hf_config(folder / "config.json"), source, type,
                                  path);
    }
    ~ConvertedModel() { std::filesystem::remove(path); }
    ConvertedModel(const ConvertedModel&) = delete;
    ConvertedModel& operator=(const ConvertedModel&) = delete;
};

}  // namespace fantasma::testing
