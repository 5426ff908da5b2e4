#pragma once
// JSON-RPC base protocol framing: `Content-Length: N\r\n` (+ optional other headers)
// `\r\n` then N bytes of body. Pure and incremental so that it can be tested and fuzzed
// without any I/O: bytes go in as they arrive, whole messages and framing errors come out.
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fantasma::lsp {

// A framing problem the reader recovered from; the connection goes on after it.
struct FramingError {
    std::string description;
};

using FramedItem = std::variant<std::string, FramingError>;  // a body or an error

class MessageReader {
  public:
    // Bodies above `max_body_bytes` are skipped (not buffered) and reported as errors.
    explicit MessageReader(std::size_t max_body_bytes = 64 << 20) : max_body_(max_body_bytes) {}

    // Consumes `bytes` and appends every message or error they complete to `out`.
    void feed(std::string_view bytes, std::vector<FramedItem>& out);

    // Bytes held for an incomplete header or body.
    std::size_t buffered() const { return buffer_.size(); }

  private:
    enum class State { Header, Body, Skip };

    // Parses the header block buffer_[0, header_end); returns false with an error when it
    // has no usable Content-Length.
    bool parse_header(std::string_view header, std::vector<FramedItem>& out);

    std::size_t max_body_;
    State state_ = State::Header;
    std::string buffer_;
    std::size_t body_length_ = 0;  // Body: expected bytes; Skip: bytes left to drop
};

// The bytes that carry `body` on the wire.
std::string frame(std::string_view body);

}  // namespace fantasma::lsp
