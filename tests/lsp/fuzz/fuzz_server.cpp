// libFuzzer target: arbitrary bytes through the framing and into the server's dispatch, after
// a valid initialize so that the LSP methods themselves are reached. Every reply the server
// sends must be valid JSON and none may report an internal error; anything else (a crash, a
// sanitizer report, a hang, an exception) is a bug.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "lsp/server.hpp"

namespace {

using namespace fantasma::lsp;

const fantasma::Analyzer& analyzer() {
    static const fantasma::Analyzer instance;
    return instance;
}

Logger& quiet_log() {
    static Logger log(LogLevel::Error, "/dev/null");
    return log;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    InMemoryTransport transport(64 * 1024);
    Workspace::Options inline_analysis;
    inline_analysis.threads = 0;  // deterministic: each input is analysed as it arrives
    Server server(transport, analyzer(), quiet_log(), inline_analysis);
    transport.write_message(
        R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}})");
    transport.write_bytes(std::string_view(reinterpret_cast<const char*>(data), size));
    transport.loop(server);
    for (const std::string& body : transport.take_sent()) {
        if (!json::accept(body)) std::abort();
        // The server tells the writer of its internal errors (a detector or an analysis that
        // threw); any is a finding.
        if (body.find("internal error") == std::string::npos) continue;
        const json message = json::parse(body);
        if (message.is_object() && message.value("method", "") == "window/showMessage") {
            std::fprintf(stderr, "%s\n", body.c_str());
            std::abort();
        }
    }
    return 0;
}
