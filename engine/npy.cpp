#include "engine/npy.hpp"

#include "engine/error.hpp"

#include <cstring>
#include <fstream>
#include <string>

namespace fantasma::engine {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::int64_t kMaxElements = std::int64_t(1) << 34;

std::vector<std::int64_t> parse_shape(const std::string& header, const std::string& source) {
    const auto fail = [&](const char* problem) -> void {
        throw ModelError(source + ": " + problem);
    };
    if (header.find("'descr': '<f4'") == std::string::npos)
        fail("not a little-endian float32 array");
    if (header.find("'fortran_order': False") == std::string::npos) fail("not in C order");
    const auto open = header.find("'shape': (");
    if (open == std::string::npos) fail("has no shape");
    const auto close = header.find(')', open);
    if (close == std::string::npos) fail("has a bad shape");
    std::vector<std::int64_t> shape;
    std::int64_t count = 1;
    std::size_t pos = open + 10;
    while (pos < close) {
        while (pos < close && (header[pos] == ' ' || header[pos] == ',')) ++pos;
        if (pos >= close) break;
        std::size_t used = 0;
        const auto dim = std::stoll(header.substr(pos, close - pos), &used);
        if (used == 0 || dim < 0 || dim > kMaxElements) fail("has a bad shape");
        shape.push_back(dim);
        count *= dim;
        if (count > kMaxElements) fail("is absurdly large");
        pos += used;
    }
    return shape;
}

}  // namespace

NpyArray read_npy(const std::filesystem::path& path) {
    const std::string source = path.string();
    std::ifstream file(path, std::ios::binary);
    if (!file) throw ModelError(source + ": cannot open");
    char preamble[10];
    if (!file.read(preamble, 10) || std::memcmp(preamble, kMagic, 6) != 0 || preamble[6] != 1)
        throw ModelError(source + ": not a version 1 .npy file");
    const std::size_t header_size = std::uint8_t(preamble[8]) | std::uint8_t(preamble[9]) << 8;
    std::string header(header_size, '\0');
    if (!file.read(header.data(), std::streamsize(header_size)))
        throw ModelError(source + ": truncated header");
    NpyArray array;
    try {
        array.shape = parse_shape(header, source);
    } catch (const std::logic_error&) {  // std::stoll on garbage
        throw ModelError(source + ": has a bad shape");
    }
    std::size_t count = 1;
    for (auto dim : array.shape) count *= std::size_t(dim);
    const auto data_begin = file.tellg();
    file.seekg(0, std::ios::end);
    if (std::size_t(file.tellg() - data_begin) != count * sizeof(float))
        throw ModelError(source + ": data size disagrees with the shape");
    file.seekg(data_begin);
    array.values.resize(count);
    file.read(reinterpret_cast<char*>(array.values.data()), std::streamsize(count * sizeof(float)));
    return array;
}

void write_npy(const std::filesystem::path& path, const NpyArray& array) {
    std::string shape;
    for (auto dim : array.shape) shape += std::to_string(dim) + ", ";
    if (array.shape.size() > 1) shape.resize(shape.size() - 1);  // "(3, 4)" but "(3,)"
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + shape + "), }";
    // Pad so the data starts on a 64-byte boundary, ending the header with a newline.
    header.append(64 - (10 + header.size() + 1) % 64, ' ');
    header += '\n';
    std::ofstream file(path, std::ios::binary);
    if (!file) throw ModelError(path.string() + ": cannot write");
    file.write(kMagic, 6);
    const char version_and_size[4] = {1, 0, char(header.size() & 0xff), char(header.size() >> 8)};
    file.write(version_and_size, 4);
    file.write(header.data(), std::streamsize(header.size()));
    file.write(reinterpret_cast<const char*>(array.values.data()),
               std::streamsize(array.values.size() * sizeof(float)));
    if (!file) throw ModelError(path.string() + ": write failed");
}

}  // namespace fantasma::engine
