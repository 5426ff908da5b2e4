#include "engine/gguf/gguf_requantize.hpp"

#include "engine/error.hpp"
#include "engine/gguf/gguf.hpp"
#include "engine/gguf/gguf_raw.hpp"
#include "engine/gguf/gguf_writer.hpp"
#include "engine/mapped_file.hpp"

namespace fantasma::engine {
namespace {

bool is_float(DType type) {
    return type == DType::f32 || type == DType::f16 || type == DType::bf16;
}

}  // namespace

void requantize_gguf(const std::filesystem::path& in, const GgufWriteSettings& settings,
                     const std::filesystem::path& out) {
    const MappedFile file(in);
    const GgufContents contents = parse_gguf(file.bytes(), in.string());
    GgufWriter writer;
    for (const RawGgufEntry& entry : raw_gguf_metadata(file.bytes())) {
        // The writer aligns to 32 bytes and states its own file type.
        if (entry.key == "general.alignment" || entry.key == "general.file_type") continue;
        writer.add_raw(entry.key, entry.typed_value);
    }
    writer.add_u32("general.file_type", gguf_file_type(settings.matrix_type));
    std::size_t done = 0;
    for (const TensorData& tensor : contents.tensors) {
        const DType type = gguf_storage_type(tensor.name, tensor.shape, settings.matrix_type);
        if (tensor.dtype == type) {
            writer.add_tensor(tensor.name, type, tensor.shape,
                              std::vector<std::byte>(tensor.bytes.begin(), tensor.bytes.end()));
        } else if (is_float(tensor.dtype)) {
            writer.add_tensor(tensor.name, type, tensor.shape, encode_tensor(to_f32(tensor), type));
        } else {
            throw ModelError(in.string() + ": tensor '" + tensor.name + "' is already " +
                             std::string(dtype_name(tensor.dtype)) +
                             "; quantize from the F32, F16 or BF16 file instead (quantizing "
                             "twice loses precision twice)");
        }
        if (settings.progress) settings.progress(++done, contents.tensors.size());
    }
    writer.write(out);
}

}  // namespace fantasma::engine
