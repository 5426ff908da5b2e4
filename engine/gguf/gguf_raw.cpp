#include "engine/gguf/gguf_raw.hpp"

#include "engine/error.hpp"

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

}  // namespace fantasma::engine
