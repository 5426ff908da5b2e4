#include "stylometry/text/mail_headers.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "stylometry/text/codepoint.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// Fields a mail message's header has and running prose does not open a line with.
constexpr std::array<std::string_view, 24> kMailFields = {"from",
                                                          "to",
                                                          "cc",
                                                          "bcc",
                                                          "subject",
                                                          "date",
                                                          "received",
                                                          "message-id",
                                                          "reply-to",
                                                          "sender",
                                                          "return-path",
                                                          "delivered-to",
                                                          "in-reply-to",
                                                          "references",
                                                          "mime-version",
                                                          "content-type",
                                                          "content-transfer-encoding",
                                                          "precedence",
                                                          "list-id",
                                                          "organization",
                                                          "user-agent",
                                                          "newsgroups",
                                                          "x-mailer",
                                                          "nntp-posting-host"};

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

// The field name opening `line` ("Received" of "Received: from ..."), or empty when the
// line is no header field: a name of letters, digits and hyphens, a colon, then a blank or
// the line's end.
std::string_view field_name(std::string_view line) {
    if (line.empty() || std::isalpha(static_cast<unsigned char>(line.front())) == 0) return {};
    std::size_t end = 0;
    while (end < line.size() && end <= 40 &&
           (std::isalnum(static_cast<unsigned char>(line[end])) != 0 || line[end] == '-')) {
        ++end;
    }
    if (end >= line.size() || line[end] != ':') return {};
    if (end + 1 < line.size() && !is_blank(line[end + 1]) && line[end + 1] != '\r') return {};
    return line.substr(0, end);
}

bool is_mail_field(std::string_view name) {
    const std::string lower = text::ascii_lower(name);
    return lower.starts_with("x-") || lower.starts_with("list-") ||
           std::ranges::find(kMailFields, lower) != kMailFields.end();
}

// Fields whose value is the writer's running prose, not the mail system's: git's howto
// documents open with an "Abstract:" written as the text is.
bool is_prose_field(std::string_view name) {
    const std::string lower = text::ascii_lower(name);
    return lower == "abstract" || lower == "summary" || lower == "description" ||
           lower == "comments";
}

// A line of text: its span without the newline.
struct Line {
    std::size_t begin;
    std::size_t end;
};

std::vector<Line> lines_of(std::string_view text) {
    std::vector<Line> lines;
    for (std::size_t begin = 0; begin <= text.size();) {
        std::size_t end = text.find('\n', begin);
        if (end == npos) end = text.size();
        lines.push_back({begin, end});
        begin = end + 1;
    }
    return lines;
}

}  // namespace

std::vector<Span> mail_header_blocks(std::string_view text) {
    std::vector<Span> blocks;
    const std::vector<Line> lines = lines_of(text);
    for (std::size_t i = 0; i < lines.size();) {
        // The block's fields: where each begins and ends (with its folded lines).
        std::vector<std::pair<Span, std::string_view>> fields;
        bool mail = false;
        std::size_t j = i;
        for (; j < lines.size(); ++j) {
            const std::string_view line =
                text.substr(lines[j].begin, lines[j].end - lines[j].begin);
            const std::string_view name = field_name(line);
            const bool folded = !fields.empty() && !line.empty() && is_blank(line.front()) &&
                                line.find_first_not_of(" \t\r") != npos;
            if (name.empty() && !folded) break;
            if (!name.empty()) {
                fields.push_back({Span(lines[j].begin, lines[j].end), name});
                mail = mail || is_mail_field(name);
            } else {
                fields.back().first.end = lines[j].end;
            }
        }
        i = std::max(j, i + 1);
        if (fields.size() < 2 || !mail) continue;
        for (const auto& [span, name] : fields) {
            if (is_prose_field(name)) continue;
            if (!blocks.empty() && blocks.back().end + 1 == span.begin) {
                blocks.back().end = span.end;
            } else {
                blocks.push_back(span);
            }
        }
    }
    return blocks;
}

std::string mail_header_field(std::string_view text, const std::vector<Span>& blocks,
                              std::size_t offset) {
    const auto block = std::ranges::find_if(
        blocks, [&](Span span) { return span.begin <= offset && offset < span.end; });
    if (block == blocks.end()) return "";
    // The field is the one named last on the block's lines up to `offset`'s: a folded
    // continuation line belongs to the field above it.
    std::string_view field;
    for (std::size_t begin = block->begin; begin <= offset;) {
        const std::size_t end = std::min(text.find('\n', begin), text.size());
        const std::string_view name = field_name(text.substr(begin, end - begin));
        if (!name.empty()) field = name;
        begin = end + 1;
    }
    return text::ascii_lower(field);
}

}  // namespace fantasma
