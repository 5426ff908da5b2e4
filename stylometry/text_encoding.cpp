#include "stylometry/text_encoding.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace fantasma {
namespace {

using HighHalf = std::array<char32_t, 128>;  // the characters of bytes 0x80-0xFF

// Windows-1252 as the WHATWG Encoding Standard maps it: the five bytes Microsoft leaves
// undefined keep their Latin-1 values (C1 controls).
constexpr HighHalf kWindows1252 = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, 0x00A0, 0x00A1, 0x00A2, 0x00A3,
    0x00A4, 0x00A5, 0x00A6, 0x00A7, 0x00A8, 0x00A9, 0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF,
    0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B6, 0x00B7, 0x00B8, 0x00B9, 0x00BA, 0x00BB,
    0x00BC, 0x00BD, 0x00BE, 0x00BF, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C6, 0x00C7,
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x00D0, 0x00D1, 0x00D2, 0x00D3,
    0x00D4, 0x00D5, 0x00D6, 0x00D7, 0x00D8, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00DF,
    0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E6, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00ED, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F7,
    0x00F8, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x00FD, 0x00FE, 0x00FF,
};

// Mac OS Roman as published by Apple (ROMAN.TXT, with the euro sign at 0xDB).
constexpr HighHalf kMacRoman = {
    0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1, 0x00E0, 0x00E2, 0x00E4, 0x00E3,
    0x00E5, 0x00E7, 0x00E9, 0x00E8, 0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3,
    0x00F2, 0x00F4, 0x00F6, 0x00F5, 0x00FA, 0x00F9, 0x00FB, 0x00FC, 0x2020, 0x00B0, 0x00A2, 0x00A3,
    0x00A7, 0x2022, 0x00B6, 0x00DF, 0x00AE, 0x00A9, 0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8,
    0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211, 0x220F, 0x03C0, 0x222B, 0x00AA,
    0x00BA, 0x03A9, 0x00E6, 0x00F8, 0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248, 0x2206, 0x00AB,
    0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153, 0x2013, 0x2014, 0x201C, 0x201D,
    0x2018, 0x2019, 0x00F7, 0x25CA, 0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02,
    0x2021, 0x00B7, 0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1, 0x00CB, 0x00C8, 0x00CD, 0x00CE,
    0x00CF, 0x00CC, 0x00D3, 0x00D4, 0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC,
    0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD, 0x02DB, 0x02C7,
};

// What each byte 0x80-0xFF reads as, for the plausibility score: u/l upper/lower-case
// letter, o another letter, p common typographic punctuation (’ “ – — … • € « » ° £ © ® ™
// ¡ ¿ §), c a control or undefined byte, s any other symbol (derived from the tables above
// with Unicode's general categories).
constexpr std::string_view kWindows1252Kinds =
    "pcslspssosusucuccpppppppsplslclu"
    "spspssspsplpsspspsssslsssslpsssp"
    "uuuuuuuuuuuuuuuuuuuuuuusuuuuuuul"
    "lllllllllllllllllllllllsllllllll";
constexpr std::string_view kMacRomanKinds =
    "uuuuuuulllllllllllllllllllllllll"
    "spspppslpppsssuussssslssslsllull"
    "ppsslsspppsuuuulppppppssluspssll"
    "sssssuuuuuuuuuuusuuuulosssssssso";

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

char byte_kind(unsigned char byte, std::string_view high_kinds) {
    if (byte >= 0x80) return high_kinds[byte - 0x80];
    if (std::islower(byte)) return 'l';
    if (std::isupper(byte)) return 'u';
    return ' ';
}

bool is_letter(char kind) {
    return kind == 'u' || kind == 'l' || kind == 'o';
}

int plausibility(std::string_view bytes, std::string_view high_kinds) {
    int score = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto byte = static_cast<unsigned char>(bytes[i]);
        if (byte < 0x80) continue;
        const char kind = high_kinds[byte - 0x80];
        const char before = i > 0 ? byte_kind(bytes[i - 1], high_kinds) : ' ';
        const char after = i + 1 < bytes.size() ? byte_kind(bytes[i + 1], high_kinds) : ' ';
        if (kind == 'c') {
            score -= 5;
        } else if (kind == 'p') {
            score += 1;
        } else if (is_letter(kind)) {
            if (kind == 'u' && before == 'l') {
                score -= 2;  // "cafÉ": a capital inside a lower-case word
            } else {
                score += is_letter(before) || is_letter(after) ? 1 : -1;
            }
        } else {
            score -= 2;
        }
    }
    return score;
}

std::string lowercase(std::string_view text) {
    std::string lower(text);
    std::ranges::transform(lower, lower.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower;
}

}  // namespace

std::string_view encoding_name(TextEncoding encoding) {
    switch (encoding) {
        case TextEncoding::Utf8:
            return "UTF-8";
        case TextEncoding::Windows1252:
            return "Windows-1252";
        case TextEncoding::Latin1:
            return "Latin-1";
        case TextEncoding::MacRoman:
            return "MacRoman";
    }
    return "UTF-8";
}

std::optional<TextEncoding> parse_encoding(std::string_view name) {
    const std::string lower = lowercase(name);
    if (lower == "utf-8" || lower == "utf8") return TextEncoding::Utf8;
    if (lower == "windows-1252" || lower == "cp1252") return TextEncoding::Windows1252;
    if (lower == "latin-1" || lower == "latin1" || lower == "iso-8859-1") {
        return TextEncoding::Latin1;
    }
    if (lower == "macroman" || lower == "mac-roman" || lower == "macintosh") {
        return TextEncoding::MacRoman;
    }
    return std::nullopt;
}

std::string decode_single_byte(std::string_view bytes, TextEncoding encoding) {
    std::string text;
    text.reserve(bytes.size() + bytes.size() / 8);
    for (const char raw : bytes) {
        const auto byte = static_cast<unsigned char>(raw);
        char32_t c = byte;
        if (byte >= 0x80 && encoding == TextEncoding::Windows1252) c = kWindows1252[byte - 0x80];
        if (byte >= 0x80 && encoding == TextEncoding::MacRoman) c = kMacRoman[byte - 0x80];
        append_utf8(text, c);
    }
    return text;
}

TextEncoding guess_single_byte_encoding(std::string_view bytes) {
    return plausibility(bytes, kMacRomanKinds) > plausibility(bytes, kWindows1252Kinds)
               ? TextEncoding::MacRoman
               : TextEncoding::Windows1252;
}

SingleByteOffsets::SingleByteOffsets(std::string_view decoded) {
    std::size_t extra = 0;
    for (std::size_t i = 0; i < decoded.size();) {
        const auto lead = static_cast<unsigned char>(decoded[i]);
        const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : 3;
        i += length;
        if (length > 1) {
            extra += length - 1;
            ends_.push_back(i);
            extra_.push_back(extra);
        }
    }
}

std::size_t SingleByteOffsets::source_offset(std::size_t decoded_offset) const {
    // The multi-byte characters that end at or before the offset add their extra bytes.
    const auto it = std::upper_bound(ends_.begin(), ends_.end(), decoded_offset);
    if (it == ends_.begin()) return decoded_offset;
    return decoded_offset - extra_[static_cast<std::size_t>(it - ends_.begin()) - 1];
}

}  // namespace fantasma
