#include "stylometry/source_file.hpp"

#include <fstream>
#include <string>

namespace fantasma {

std::optional<std::size_t> find_invalid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        std::size_t length = 0;
        char32_t code_point = 0;
        if (lead < 0x80) {
            ++i;
            continue;
        } else if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            code_point = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            code_point = lead & 0x0F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            code_point = lead & 0x07;
        } else {
            return i;  // a continuation byte, or a lead byte no valid sequence starts with
        }
        if (i + length > text.size()) return i;
        for (std::size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xC0) != 0x80) return i;
            code_point = (code_point << 6) | (next & 0x3F);
        }
        const bool overlong =
            (length == 3 && code_point < 0x800) || (length == 4 && code_point < 0x10000);
        const bool surrogate = code_point >= 0xD800 && code_point <= 0xDFFF;
        if (overlong || surrogate || code_point > 0x10FFFF) return i;
        i += length;
    }
    return std::nullopt;
}

namespace {

std::string read_bytes(const std::filesystem::path& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) throw std::runtime_error("is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot be read (missing or not permitted)");
    std::string text;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxDocumentBytes) {
            throw std::runtime_error("is larger than the 16 MiB limit");
        }
    }
    if (in.bad()) throw std::runtime_error("cannot be read (I/O error)");
    if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
        throw std::runtime_error("looks binary (NUL byte at byte offset " + std::to_string(nul) +
                                 ")");
    }
    return text;
}

void require_utf8(std::string_view text) {
    if (const auto bad = find_invalid_utf8(text)) {
        throw std::runtime_error("is not valid UTF-8 (byte offset " + std::to_string(*bad) + ")");
    }
}

}  // namespace

std::string read_document(const std::filesystem::path& path) {
    std::string text = read_bytes(path);
    require_utf8(text);
    return text;
}

DecodedDocument read_decoded_document(const std::filesystem::path& path,
                                      std::optional<TextEncoding> encoding) {
    std::string bytes = read_bytes(path);
    if (encoding == TextEncoding::Utf8) {
        require_utf8(bytes);
        return {std::move(bytes), TextEncoding::Utf8, false};
    }
    if (encoding) return {decode_single_byte(bytes, *encoding), *encoding, false};
    if (!find_invalid_utf8(bytes)) return {std::move(bytes), TextEncoding::Utf8, false};
    const TextEncoding guessed = guess_single_byte_encoding(bytes);
    return {decode_single_byte(bytes, guessed), guessed, true};
}

std::string decoding_note(const DecodedDocument& document) {
    if (!document.guessed) return {};
    return "is not UTF-8: read as " + std::string(encoding_name(document.encoding)) +
           " (guessed from its bytes)";
}

}  // namespace fantasma
