#include "engine/safetensors_writer.hpp"

#include "engine/error.hpp"

#include <nlohmann/json.hpp>

#include <fstream>

namespace fantasma::engine {

void write_safetensors(const std::filesystem::path& file, std::span<const SafetensorsEntry> entries,
                       const std::function<std::span<const std::byte>(std::size_t)>& bytes_of) {
    const auto fail = [&](const std::string& problem) {
        throw ModelError(file.string() + ": " + problem);
    };
    nlohmann::ordered_json header;
    header["__metadata__"] = {{"format", "pt"}};
    std::vector<std::uint64_t> sizes;
    std::uint64_t offset = 0;
    for (const SafetensorsEntry& entry : entries) {
        if (entry.dtype != DType::f32 && entry.dtype != DType::f16 && entry.dtype != DType::bf16)
            fail("tensor '" + entry.name + "': safetensors holds F32, F16 and BF16, not " +
                 std::string(dtype_name(entry.dtype)));
        const auto size = storage_bytes(entry.dtype, entry.shape);
        if (!size) fail("tensor '" + entry.name + "' has a bad shape");
        header[entry.name] = {{"dtype", dtype_name(entry.dtype)},
                              {"shape", entry.shape},
                              {"data_offsets", {offset, offset + *size}}};
        sizes.push_back(*size);
        offset += *size;
    }
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' ');  // the data starts 8-byte aligned
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (!out) fail("cannot be created");
    char size_bytes[8];
    for (int i = 0; i < 8; ++i) size_bytes[i] = char((text.size() >> (8 * i)) & 0xff);
    out.write(size_bytes, 8);
    out.write(text.data(), std::streamsize(text.size()));
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::span<const std::byte> bytes = bytes_of(i);
        if (bytes.size() != sizes[i])
            fail("tensor '" + entries[i].name + "' came with " + std::to_string(bytes.size()) +
                 " bytes for a shape of " + std::to_string(sizes[i]));
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    }
    out.flush();
    if (!out) fail("could not be written completely (disk full?)");
}

}  // namespace fantasma::engine
