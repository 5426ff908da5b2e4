// libFuzzer target: arbitrary bytes as a GGUF file. parse_gguf must accept or refuse them with
// ModelError; what it accepts must survive every use the engine makes of a parsed file
// (typed look-ups, the raw metadata walk of requantizing, converting each tensor to float32).
// Anything else (a crash, a sanitizer report, another exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/error.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/gguf/gguf_raw.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace fe = fantasma::engine;
    const std::span<const std::byte> file(reinterpret_cast<const std::byte*>(data), size);
    fe::GgufContents contents;
    try {
        contents = fe::parse_gguf(file, "fuzz.gguf");
    } catch (const fe::ModelError&) {
        return 0;
    }
    (void)fe::gguf_int(contents, "general.alignment");
    (void)fe::gguf_float(contents, "qwen35.rope.freq_base");
    (void)fe::gguf_string(contents, "general.architecture");
    (void)fe::raw_gguf_metadata(file);  // must not throw on a file parse_gguf accepted
    for (const fe::TensorData& tensor : contents.tensors)
        if (tensor.element_count() <= (1 << 20)) (void)fe::to_f32(tensor);
    return 0;
}
