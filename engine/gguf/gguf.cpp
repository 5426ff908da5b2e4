#include "engine/gguf/gguf.hpp"

#include "engine/error.hpp"

#include <array>
#include <cstring>
#include <fstream>
#include <set>

namespace fantasma::engine {
namespace {

constexpr std::uint64_t kMaxStringBytes = 1u << 20;
constexpr std::int64_t kMaxElements = std::int64_t(1) << 40;

enum ValueType : std::uint32_t {
    kU8 = 0,
    kI8,
    kU16,
    kI16,
    kU32,
    kI32,
    kF32,
    kBool,
    kString,
    kArray,
    kU64,
    kI64,
    kF64
};

// Reads little-endian fields, never past the end.
class Cursor {
  public:
    Cursor(std::span<const std::byte> bytes, std::string_view source)
        : bytes_(bytes), source_(source) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw ModelError(std::string(source_) + ": " + problem);
    }
    std::size_t position() const { return position_; }
    std::uint64_t remaining() const { return bytes_.size() - position_; }

    template <typename T>
    T read() {
        if (remaining() < sizeof(T)) fail("truncated (ends inside the header)");
        T value;
        std::memcpy(&value, bytes_.data() + position_, sizeof(T));
        position_ += sizeof(T);
        return value;
    }

    std::string string() {
        const auto length = read<std::uint64_t>();
        if (length > kMaxStringBytes || length > remaining())
            fail("a string is longer than the file allows");
        std::string text(reinterpret_cast<const char*>(bytes_.data() + position_), length);
        position_ += length;
        return text;
    }

  private:
    std::span<const std::byte> bytes_;
    std::string_view source_;
    std::size_t position_ = 0;
};

std::uint64_t scalar_size(std::uint32_t type) {
    switch (type) {
        case kU8:
        case kI8:
        case kBool:
            return 1;
        case kU16:
        case kI16:
            return 2;
        case kU32:
        case kI32:
        case kF32:
            return 4;
        case kU64:
        case kI64:
        case kF64:
            return 8;
        default:
            return 0;
    }
}

// One scalar as a value of the variant's matching kind.
GgufValue read_scalar(Cursor& in, std::uint32_t type) {
    switch (type) {
        case kU8:
            return std::uint64_t(in.read<std::uint8_t>());
        case kI8:
            return std::int64_t(in.read<std::int8_t>());
        case kU16:
            return std::uint64_t(in.read<std::uint16_t>());
        case kI16:
            return std::int64_t(in.read<std::int16_t>());
        case kU32:
            return std::uint64_t(in.read<std::uint32_t>());
        case kI32:
            return std::int64_t(in.read<std::int32_t>());
        case kU64:
            return in.read<std::uint64_t>();
        case kI64:
            return in.read<std::int64_t>();
        case kF32:
            return double(in.read<float>());
        case kF64:
            return in.read<double>();
        case kBool:
            return in.read<std::uint8_t>() != 0;
        case kString:
            return in.string();
        default:
            in.fail("unknown metadata value type " + std::to_string(type));
    }
}

GgufValue read_value(Cursor& in, std::uint32_t type, int depth);

GgufValue read_array(Cursor& in, int depth) {
    const auto type = in.read<std::uint32_t>();
    const auto count = in.read<std::uint64_t>();
    // Every element takes at least one byte (a string eight), so this bounds the allocation.
    const std::uint64_t least = type == kString ? 8 : std::max<std::uint64_t>(scalar_size(type), 1);
    if (count > in.remaining() / least) in.fail("an array is longer than the file allows");
    if (type == kString) {
        std::vector<std::string> items(count);
        for (auto& item : items) item = in.string();
        return items;
    }
    if (type == kArray) {
        if (depth > 2) in.fail("metadata arrays nest too deep");
        for (std::uint64_t i = 0; i < count; ++i) read_value(in, kArray, depth + 1);
        return std::vector<std::int64_t>{};
    }
    if (type == kF32 || type == kF64) {
        std::vector<double> items(count);
        for (auto& item : items) item = std::get<double>(read_scalar(in, type));
        return items;
    }
    if (scalar_size(type) == 0) in.fail("unknown metadata array type " + std::to_string(type));
    std::vector<std::int64_t> items(count);
    for (auto& item : items) {
        const GgufValue value = read_scalar(in, type);
        if (const auto* u = std::get_if<std::uint64_t>(&value))
            item = std::int64_t(*u);
        else if (const auto* b = std::get_if<bool>(&value))
            item = *b;
        else
            item = std::get<std::int64_t>(value);
    }
    return items;
}

GgufValue read_value(Cursor& in, std::uint32_t type, int depth) {
    return type == kArray ? read_array(in, depth) : read_scalar(in, type);
}

// The tensor types the engine reads, with ggml's ids (ggml.h enum ggml_type).
constexpr std::array<std::pair<std::uint32_t, DType>, 14> kGgmlTypes{{
    {0, DType::f32},
    {1, DType::f16},
    {2, DType::q4_0},
    {3, DType::q4_1},
    {6, DType::q5_0},
    {7, DType::q5_1},
    {8, DType::q8_0},
    {11, DType::q3_k},
    {12, DType::q4_k},
    {13, DType::q5_k},
    {14, DType::q6_k},
    {20, DType::iq4_nl},
    {23, DType::iq4_xs},
    {30, DType::bf16},
}};

}  // namespace

std::string ggml_type_name(std::uint32_t ggml_type) {
    // ggml.h's enum ggml_type (gguf-py constants.py GGMLQuantizationType); gaps are retired ids.
    static constexpr std::array<std::string_view, 42> kNames{
        "F32",     "F16",   "Q4_0",   "Q4_1",  "",      "",       "Q5_0", "Q5_1",    "Q8_0",
        "Q8_1",    "Q2_K",  "Q3_K",   "Q4_K",  "Q5_K",  "Q6_K",   "Q8_K", "IQ2_XXS", "IQ2_XS",
        "IQ3_XXS", "IQ1_S", "IQ4_NL", "IQ3_S", "IQ2_S", "IQ4_XS", "I8",   "I16",     "I32",
        "I64",     "F64",   "IQ1_M",  "BF16",  "",      "",       "",     "TQ1_0",   "TQ2_0",
        "",        "",      "",       "MXFP4", "NVFP4", "Q1_0"};
    if (ggml_type < kNames.size() && !kNames[ggml_type].empty())
        return std::string(kNames[ggml_type]);
    return "an unknown type";
}

std::string unsupported_ggml_type(std::uint32_t ggml_type) {
    std::string supported;
    for (const auto& [id, type] : kGgmlTypes)
        supported += (supported.empty() ? "" : ", ") + ggml_type_name(id);
    return ggml_type_name(ggml_type) + " (ggml type " + std::to_string(ggml_type) +
           ") is not supported; supported: " + supported;
}

std::optional<DType> dtype_from_ggml(std::uint32_t ggml_type) {
    for (const auto& [id, type] : kGgmlTypes)
        if (id == ggml_type) return type;
    return std::nullopt;
}

std::uint32_t ggml_type_of(DType type) {
    for (const auto& [id, known] : kGgmlTypes)
        if (known == type) return id;
    return 0;
}

GgufContents parse_gguf(std::span<const std::byte> file, std::string_view source,
                        bool list_unsupported) {
    Cursor in(file, source);
    if (file.size() < 4 || std::memcmp(file.data(), "GGUF", 4) != 0)
        in.fail("not a GGUF file (wrong magic)");
    in.read<std::uint32_t>();
    GgufContents gguf;
    gguf.version = in.read<std::uint32_t>();
    if (gguf.version != 2 && gguf.version != 3)
        in.fail("GGUF version " + std::to_string(gguf.version) + " is not supported (2 and 3 are)");
    const auto tensor_count = in.read<std::uint64_t>();
    const auto kv_count = in.read<std::uint64_t>();
    // A KV pair takes at least 8 + 4 + 1 bytes, a tensor info 8 + 4 + 4 + 8.
    if (kv_count > in.remaining() / 13 || tensor_count > in.remaining() / 24)
        in.fail("the header claims more entries than the file holds");

    for (std::uint64_t i = 0; i < kv_count; ++i) {
        auto key = in.string();
        const auto type = in.read<std::uint32_t>();
        auto value = read_value(in, type, 0);
        if (!gguf.metadata.emplace(std::move(key), std::move(value)).second)
            in.fail("a metadata key appears twice");
    }
    std::uint64_t alignment = 32;
    if (const auto it = gguf.metadata.find("general.alignment"); it != gguf.metadata.end()) {
        const auto* value = std::get_if<std::uint64_t>(&it->second);
        if (value == nullptr || *value == 0 || *value > 65536 || (*value & (*value - 1)) != 0)
            in.fail("general.alignment is not a power of two");
        alignment = *value;
    }

    struct Info {
        std::uint64_t offset;
        std::uint64_t size;
    };
    std::vector<Info> infos;
    std::set<std::string, std::less<>> names;
    for (std::uint64_t i = 0; i < tensor_count; ++i) {
        TensorData tensor;
        tensor.name = in.string();
        const auto bad = [&](const std::string& problem) {
            in.fail("tensor '" + tensor.name + "' " + problem);
        };
        if (!names.insert(tensor.name).second) bad("appears twice");
        const auto n_dims = in.read<std::uint32_t>();
        if (n_dims == 0 || n_dims > 4) bad("has " + std::to_string(n_dims) + " dimensions");
        std::int64_t count = 1;
        for (std::uint32_t d = 0; d < n_dims; ++d) {
            const auto ne = in.read<std::uint64_t>();
            if (ne == 0 || ne > std::uint64_t(kMaxElements) ||
                std::uint64_t(count) > std::uint64_t(kMaxElements) / ne)
                bad("has an absurd shape");
            count *= std::int64_t(ne);
            tensor.shape.insert(tensor.shape.begin(), std::int64_t(ne));  // ne0 innermost: last
        }
        const auto type = in.read<std::uint32_t>();
        const auto dtype = dtype_from_ggml(type);
        if (!dtype && list_unsupported) {
            in.read<std::uint64_t>();  // its offset: its size is not known here
            gguf.unsupported.emplace_back(std::move(tensor.name), type);
            continue;
        }
        if (!dtype) bad("has type " + unsupported_ggml_type(type));
        tensor.dtype = *dtype;
        const auto size = storage_bytes(tensor.dtype, tensor.shape);
        if (!size)
            bad("has rows that are not whole " + std::string(dtype_name(tensor.dtype)) + " blocks");
        const auto offset = in.read<std::uint64_t>();
        if (offset % alignment != 0) bad("has a misaligned offset");
        infos.push_back({offset, *size});
        gguf.tensors.push_back(std::move(tensor));
    }
    const std::uint64_t data_start = (in.position() + alignment - 1) / alignment * alignment;
    const std::uint64_t data_size = file.size() >= data_start ? file.size() - data_start : 0;
    for (std::size_t i = 0; i < infos.size(); ++i) {
        if (infos[i].offset > data_size || infos[i].size > data_size - infos[i].offset)
            in.fail("tensor '" + gguf.tensors[i].name +
                    "' lies past the end of the file (truncated?)");
        gguf.tensors[i].bytes = file.subspan(data_start + infos[i].offset, infos[i].size);
    }
    return gguf;
}

std::optional<std::int64_t> gguf_int(const GgufContents& gguf, std::string_view key) {
    const auto it = gguf.metadata.find(key);
    if (it == gguf.metadata.end()) return std::nullopt;
    if (const auto* u = std::get_if<std::uint64_t>(&it->second)) return std::int64_t(*u);
    if (const auto* i = std::get_if<std::int64_t>(&it->second)) return *i;
    return std::nullopt;
}

std::optional<double> gguf_float(const GgufContents& gguf, std::string_view key) {
    const auto it = gguf.metadata.find(key);
    if (it == gguf.metadata.end()) return std::nullopt;
    if (const auto* f = std::get_if<double>(&it->second)) return *f;
    return std::nullopt;
}

std::optional<std::string> gguf_string(const GgufContents& gguf, std::string_view key) {
    const auto it = gguf.metadata.find(key);
    if (it == gguf.metadata.end()) return std::nullopt;
    if (const auto* s = std::get_if<std::string>(&it->second)) return *s;
    return std::nullopt;
}

bool is_gguf_file(const std::filesystem::path& path) {
    char magic[4] = {};
    std::ifstream(path, std::ios::binary).read(magic, 4);
    return std::string_view(magic, 4) == "GGUF";
}

std::optional<std::filesystem::path> lone_gguf(const std::filesystem::path& folder) {
    std::optional<std::filesystem::path> found;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
        if (entry.path().extension() != ".gguf") continue;
        if (found) return std::nullopt;
        found = entry.path();
    }
    return found;
}

GgufFile::GgufFile(const std::filesystem::path& path)
    : file_(path), contents_(parse_gguf(file_.bytes(), path.string())) {}

}  // namespace fantasma::engine
