#pragma once
// Moves JSON-RPC message bodies between the server and its client. The server never sees
// bytes or headers: a transport hands it whole bodies (or framing errors) and sends bodies.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lsp/framing.hpp"

namespace fantasma::lsp {

class MessageHandler {
  public:
    virtual ~MessageHandler() = default;
    virtual void on_message(std::string_view body) = 0;
    virtual void on_framing_error(std::string_view description) = 0;
    // True once the handler wants the loop to end (after `exit`).
    virtual bool finished() const = 0;
};

class Transport {
  public:
    virtual ~Transport() = default;
    // Thread-safe: analysis workers publish diagnostics while the I/O thread reads.
    virtual void send(std::string body) = 0;
    // Reads and dispatches messages on the calling thread until end of input or until the
    // handler is finished.
    virtual void loop(MessageHandler& handler) = 0;
};

// stdin/stdout with Content-Length framing on Boost.Asio.
class StdioTransport : public Transport {
  public:
    explicit StdioTransport(std::size_t max_body_bytes = 64 << 20);
    void send(std::string body) override;
    void loop(MessageHandler& handler) override;

  private:
    std::size_t max_body_;
    std::mutex write_mutex_;
};

// In-process transport for tests, fuzzing and benchmarks: the test writes raw bytes (framed
// or deliberately broken) and reads the server's bodies.
class InMemoryTransport : public Transport {
  public:
    explicit InMemoryTransport(std::size_t max_body_bytes = 64 << 20) : reader_(max_body_bytes) {}

    void send(std::string body) override;
    // Dispatches everything written so far, then returns (no blocking).
    void loop(MessageHandler& handler) override;

    void write_bytes(std::string_view bytes);  // raw input, as a client would write it
    void write_message(std::string_view body) { write_bytes(frame(body)); }

    // Bodies the server sent, oldest first; take_sent() empties the list.
    std::vector<std::string> take_sent();
    // Waits up to `timeout` for a sent body; nullopt on timeout.
    std::optional<std::string> wait_sent(std::chrono::milliseconds timeout);

  private:
    MessageReader reader_;
    std::string input_;
    std::mutex mutex_;
    std::condition_variable sent_signal_;
    std::deque<std::string> sent_;
};

}  // namespace fantasma::lsp
