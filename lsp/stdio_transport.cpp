// The stdio transport on Boost.Asio: reads stdin asynchronously on the calling thread's
// io_context, writes stdout synchronously under a mutex so any thread may send.
#include <unistd.h>

#include <utility>  // before Asio: Boost 1.74 needs it with g++ 12 in C++20

#include <boost/asio.hpp>

#include "lsp/transport.hpp"

namespace fantasma::lsp {

StdioTransport::StdioTransport(std::size_t max_body_bytes) : max_body_(max_body_bytes) {}

void StdioTransport::send(std::string body) {
    const std::string framed = frame(body);
    const std::lock_guard lock(write_mutex_);
    std::string_view rest = framed;
    while (!rest.empty()) {
        const ssize_t written = ::write(STDOUT_FILENO, rest.data(), rest.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            return;  // the client is gone; the read side will see end of input
        }
        rest.remove_prefix(static_cast<std::size_t>(written));
    }
}

void StdioTransport::loop(MessageHandler& handler) {
    boost::asio::io_context io;
    boost::asio::posix::stream_descriptor input(io, ::dup(STDIN_FILENO));
    MessageReader reader(max_body_);
    std::array<char, 64 * 1024> chunk{};
    std::vector<FramedItem> items;

    std::function<void()> read_more = [&] {
        input.async_read_some(
            boost::asio::buffer(chunk), [&](const boost::system::error_code& error, std::size_t n) {
                if (error) return;  // end of input or a closed pipe: the loop ends
                items.clear();
                reader.feed(std::string_view(chunk.data(), n), items);
                for (const FramedItem& item : items) {
                    if (handler.finished()) return;
                    if (const auto* body = std::get_if<std::string>(&item)) {
                        handler.on_message(*body);
                    } else {
                        handler.on_framing_error(std::get<FramingError>(item).description);
                    }
                }
                if (!handler.finished()) read_more();
            });
    };
    read_more();
    io.run();
}

}  // namespace fantasma::lsp
