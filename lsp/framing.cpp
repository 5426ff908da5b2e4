#include "lsp/framing.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace fantasma::lsp {
namespace {

constexpr std::string_view kHeaderStart = "content-";  // every LSP header begins so
constexpr std::size_t kMaxHeaderBytes = 8 * 1024;

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    return std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) ==
               std::tolower(static_cast<unsigned char>(b));
    });
}

// Offset of the first "Content-" (or, cut off by the end of `text`, of what may become one);
// npos when there is none. Searched anywhere, not only at line starts, because a header
// follows the previous body directly.
std::size_t find_header_start(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::size_t compared = std::min(text.size() - i, kHeaderStart.size());
        if (starts_with_ignoring_case(text.substr(i, compared), kHeaderStart.substr(0, compared)))
            return i;
    }
    return std::string_view::npos;
}

// End of the header block (just past its empty line), or npos when not yet complete.
std::size_t find_header_end(std::string_view text) {
    for (std::size_t newline = text.find('\n'); newline != std::string_view::npos;
         newline = text.find('\n', newline + 1)) {
        std::size_t next = newline + 1;
        if (next < text.size() && text[next] == '\r') ++next;
        if (next < text.size() && text[next] == '\n') return next + 1;
    }
    return std::string_view::npos;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

bool only_whitespace(std::string_view text) {
    return trim(text).empty();
}

}  // namespace

void MessageReader::feed(std::string_view bytes, std::vector<FramedItem>& out) {
    buffer_.append(bytes);
    for (;;) {
        if (state_ == State::Body) {
            if (buffer_.size() < body_length_) return;
            out.emplace_back(buffer_.substr(0, body_length_));
            buffer_.erase(0, body_length_);
            state_ = State::Header;
            continue;
        }
        // Header or Skip (resynchronising after an error): drop what cannot start a header.
        const std::size_t start = find_header_start(buffer_);
        const std::size_t dropped = start == std::string::npos ? buffer_.size() : start;
        if (state_ == State::Header &&
            !only_whitespace(std::string_view(buffer_).substr(0, dropped))) {
            out.emplace_back(FramingError{"discarded " + std::to_string(dropped) +
                                          " bytes that are not a message header"});
            state_ = State::Skip;
        }
        buffer_.erase(0, dropped);
        if (buffer_.empty()) return;

        const std::size_t header_end = find_header_end(buffer_);
        if (header_end == std::string::npos) {
            if (buffer_.size() <= kMaxHeaderBytes) return;  // wait for the rest of the header
            out.emplace_back(FramingError{"header longer than 8 KiB"});
            buffer_.clear();
            state_ = State::Skip;
            return;
        }
        const std::string header = buffer_.substr(0, header_end);
        buffer_.erase(0, header_end);
        state_ = parse_header(header, out) ? State::Body : State::Skip;
    }
}

bool MessageReader::parse_header(std::string_view header, std::vector<FramedItem>& out) {
    bool have_length = false;
    std::size_t length = 0;
    while (!header.empty()) {
        const std::size_t newline = header.find('\n');
        const std::string_view line = trim(header.substr(0, newline));
        header.remove_prefix(newline == std::string_view::npos ? header.size() : newline + 1);
        if (line.empty()) continue;
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) {
            out.emplace_back(FramingError{"header line without ':'"});
            return false;
        }
        if (!starts_with_ignoring_case(line, "content-length:")) continue;  // Content-Type...
        const std::string_view value = trim(line.substr(colon + 1));
        std::size_t parsed = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), parsed);
        if (value.empty() || error != std::errc() || end != value.data() + value.size()) {
            out.emplace_back(FramingError{"Content-Length is not a number of bytes"});
            return false;
        }
        if (have_length && parsed != length) {
            out.emplace_back(FramingError{"two different Content-Length headers"});
            return false;
        }
        have_length = true;
        length = parsed;
    }
    if (!have_length) {
        out.emplace_back(FramingError{"header without Content-Length"});
        return false;
    }
    if (length > max_body_) {
        // Not skipped by count: a huge bogus length would swallow every later message.
        // The body is dropped as non-header bytes until the next header instead.
        out.emplace_back(FramingError{"message of " + std::to_string(length) +
                                      " bytes exceeds the limit of " + std::to_string(max_body_)});
        return false;
    }
    body_length_ = length;
    return true;
}

std::string frame(std::string_view body) {
    std::string framed = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    framed.append(body);
    return framed;
}

}  // namespace fantasma::lsp
