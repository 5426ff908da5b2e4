#include "stylometry/extract/markdown_entities.hpp"

#include <utility>

namespace fantasma::markdown {
namespace {

// The named references writers actually type; others stay as literal text.
constexpr std::pair<std::string_view, std::string_view> kNamed[] = {
    {"amp", "&"},         {"lt", "<"},          {"gt", ">"},          {"quot", "\""},
    {"apos", "'"},        {"nbsp", "\u00a0"},   {"ndash", "\u2013"},  {"mdash", "\u2014"},
    {"hellip", "\u2026"}, {"lsquo", "\u2018"},  {"rsquo", "\u2019"},  {"ldquo", "\u201c"},
    {"rdquo", "\u201d"},  {"laquo", "\u00ab"},  {"raquo", "\u00bb"},  {"copy", "\u00a9"},
    {"reg", "\u00ae"},    {"trade", "\u2122"},  {"deg", "\u00b0"},    {"times", "\u00d7"},
    {"eacute", "\u00e9"}, {"egrave", "\u00e8"}, {"agrave", "\u00e0"}, {"ccedil", "\u00e7"},
    {"uuml", "\u00fc"},   {"ouml", "\u00f6"},   {"auml", "\u00e4"},   {"szlig", "\u00df"},
    {"euro", "\u20ac"},   {"pound", "\u00a3"},  {"middot", "\u00b7"}, {"bull", "\u2022"},
    {"shy", "\u00ad"},    {"thinsp", "\u2009"}, {"minus", "\u2212"},  {"sect", "\u00a7"},
};

bool is_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

void append_utf8(std::string& out, char32_t code) {
    if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) code = 0xFFFD;
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

bool decode_numeric(std::string_view text, std::size_t& length, std::string& decoded) {
    const bool hex = text.size() > 2 && (text[2] == 'x' || text[2] == 'X');
    std::size_t i = hex ? 3 : 2;
    const std::size_t digits_begin = i;
    char32_t code = 0;
    while (i < text.size() && i - digits_begin < (hex ? 6u : 7u)) {
        const int digit =
            hex ? hex_value(text[i]) : (text[i] >= '0' && text[i] <= '9' ? text[i] - '0' : -1);
        if (digit < 0) break;
        code = code * (hex ? 16 : 10) + static_cast<char32_t>(digit);
        ++i;
    }
    if (i == digits_begin || i >= text.size() || text[i] != ';') return false;
    decoded.clear();
    append_utf8(decoded, code);
    length = i + 1;
    return true;
}

}  // namespace

bool decode_entity(std::string_view text, std::size_t& length, std::string& decoded) {
    if (text.size() < 3 || text[0] != '&') return false;
    if (text[1] == '#') return decode_numeric(text, length, decoded);
    std::size_t i = 1;
    while (i < text.size() && i <= 32 && is_alnum(text[i])) ++i;
    if (i == 1 || i >= text.size() || text[i] != ';') return false;
    const std::string_view name = text.substr(1, i - 1);
    for (const auto& [known, value] : kNamed) {
        if (known == name) {
            decoded = value;
            length = i + 1;
            return true;
        }
    }
    return false;
}

}  // namespace fantasma::markdown
