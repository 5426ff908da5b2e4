// libFuzzer target: arbitrary bytes as a .safetensors file. parse_safetensors must accept or
// refuse them with ModelError; every tensor it accepts must convert to float32 within its
// bytes. Anything else (a crash, a sanitizer report, another exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/error.hpp"
#include "engine/safetensors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace fe = fantasma::engine;
    const std::span<const std::byte> file(reinterpret_cast<const std::byte*>(data), size);
    try {
        for (const fe::TensorData& tensor : fe::parse_safetensors(file, "fuzz.safetensors"))
            if (tensor.element_count() <= (1 << 20)) (void)fe::to_f32(tensor);
    } catch (const fe::ModelError&) {
    }
    return 0;
}
