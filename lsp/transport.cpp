#include "lsp/transport.hpp"

#include <chrono>

namespace fantasma::lsp {

void InMemoryTransport::send(std::string body) {
    {
        const std::lock_guard lock(mutex_);
        sent_.push_back(std::move(body));
    }
    sent_signal_.notify_all();
}

void InMemoryTransport::write_bytes(std::string_view bytes) {
    const std::lock_guard lock(mutex_);
    input_.append(bytes);
}

void InMemoryTransport::loop(MessageHandler& handler) {
    std::string input;
    {
        const std::lock_guard lock(mutex_);
        input.swap(input_);
    }
    std::vector<FramedItem> items;
    reader_.feed(input, items);
    for (const FramedItem& item : items) {
        if (handler.finished()) return;
        if (const auto* body = std::get_if<std::string>(&item)) {
            handler.on_message(*body);
        } else {
            handler.on_framing_error(std::get<FramingError>(item).description);
        }
    }
}

std::vector<std::string> InMemoryTransport::take_sent() {
    const std::lock_guard lock(mutex_);
    std::vector<std::string> sent(sent_.begin(), sent_.end());
    sent_.clear();
    return sent;
}

std::optional<std::string> InMemoryTransport::wait_sent(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    if (!sent_signal_.wait_for(lock, timeout, [&] { return !sent_.empty(); })) return {};
    std::string body = std::move(sent_.front());
    sent_.pop_front();
    return body;
}

}  // namespace fantasma::lsp
