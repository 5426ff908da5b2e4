#include "engine/gguf_requantize.hpp"

#include "engine/error.hpp"
#include "engine/gguf.hpp"
#include "engine/gguf_writer.hpp"
#include "engine/mapped_file.hpp"

#include <cstdint>
#include <cstring>

namespace fantasma::engine {
namespace {

// Reads a GGUF image front to back; every read is bounded by the image.
class Cursor {
  public:
    explicit Cursor(std::span<const std::byte> bytes) : bytes_(bytes) {}

    template <typename T>
    T read() {
        T value;
        std::memcpy(&value, take(sizeof(T)).data(), sizeof(T));
        return value;
    }
    std::span<const std::byte> take(std::uint64_t size) {
        if (size > bytes_.size() - at_) throw ModelError("GGUF metadata runs past the file");
        const auto part = bytes_.subspan(at_, std::size_t(size));
        at_ += std::size_t(size);
        return part;
    }
    std::string read_string() {
        const auto text = take(read<std::uint64_t>());
        return std::string(reinterpret_cast<const char*>(text.data()), text.size());
    }
    void skip_value(std::uint32_t type, int depth = 0) {
        switch (type) {
            case 0:
            case 1:
            case 7:
                take(1);
                break;  // u8, i8, bool
            case 2:
            case 3:
                take(2);
                break;  // u16, i16
            case 4:
            case 5:
            case 6:
                take(4);
                break;  // u32, i32, f32
            case 10:
            case 11:
            case 12:
                take(8);
                break;  // u64, i64, f64
            case 8:
                take(read<std::uint64_t>());
                break;  // string
            case 9: {   // array
                if (depth > 4) throw ModelError("GGUF metadata arrays nest too deeply");
                const auto element = read<std::uint32_t>();
                const auto count = read<std::uint64_t>();
                for (std::uint64_t i = 0; i < count; ++i) skip_value(element, depth + 1);
                break;
            }
            default:
                throw ModelError("GGUF metadata has an unknown value type");
        }
    }
    std::size_t at() const { return at_; }
    std::span<const std::byte> from(std::size_t start) const {
        return bytes_.subspan(start, at_ - start);
    }

  private:
    std::span<const std::byte> bytes_;
    std::size_t at_ = 0;
};

bool is_float(DType type) {
    return type == DType::f32 || type == DType::f16 || type == DType::bf16;
}

}  // namespace

std::vector<RawGgufEntry> raw_gguf_metadata(std::span<const std::byte> file) {
    Cursor cursor(file);
    cursor.take(8);                // magic, version
    cursor.read<std::uint64_t>();  // tensor count
    const auto count = cursor.read<std::uint64_t>();
    std::vector<RawGgufEntry> entries;
    for (std::uint64_t i = 0; i < count; ++i) {
        RawGgufEntry entry;
        entry.key = cursor.read_string();
        const std::size_t start = cursor.at();
        cursor.skip_value(cursor.read<std::uint32_t>());
        entry.typed_value = cursor.from(start);
        entries.push_back(std::move(entry));
    }
    return entries;
}

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
