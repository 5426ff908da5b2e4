#include <catch2/catch.hpp>

#include <algorithm>

#include "lsp/server.hpp"

using namespace fantasma;
using namespace fantasma::lsp;
using namespace std::chrono_literals;

namespace {

Workspace::Options options(unsigned threads, std::chrono::milliseconds debounce) {
    Workspace::Options result;
    result.threads = threads;
    result.debounce = debounce;
    return result;
}

const Analyzer& analyzer() {
    static const Analyzer instance;
    return instance;
}

// A client over the in-memory transport; the server analyses inline, so every reply and
// notification is there as soon as loop() returns.
class TestClient {
public:
    TestClient() : log_(LogLevel::Error), server_(transport_, analyzer(), log_, options(0, 0ms)) {}

    std::vector<json> send_raw(std::string_view bytes) {
        transport_.write_bytes(bytes);
        transport_.loop(server_);
        std::vector<json> received;
        for (const std::string& body : transport_.take_sent()) received.push_back(json::parse(body));
        return received;
    }
    std::vector<json> send(const json& message) {
        json full = message;
        full["jsonrpc"] = "2.0";
        return send_raw(frame(full.dump()));
    }
    json request(const std::string& method, const json& params = json::object()) {
        const int id = next_id_++;
        for (json& message : send({{"id", id}, {"method", method}, {"params", params}}))
            if (message.value("id", json()) == id && !message.contains("method")) return message;
        FAIL("no reply to " << method);
        return {};
    }
    std::vector<json> notify(const std::string& method, const json& params = json::object()) {
        return send({{"method", method}, {"params", params}});
    }
    void initialize() {
        REQUIRE(request("initialize", {{"capabilities", json::object()}}).contains("result"));
        notify("initialized");
    }
    Server& server() { return server_; }

private:
    InMemoryTransport transport_;
    Logger log_;
    Server server_;
    int next_id_ = 1;
};

int error_code(const json& reply) { return reply.at("error").at("code").get<int>(); }

json did_open(const std::string& text) {
    return {{"textDocument",
             {{"uri", "file:///a.md"}, {"languageId", "markdown"}, {"version", 3}, {"text", text}}}};
}

}  // namespace

TEST_CASE("the lifecycle and its error codes") {
    TestClient client;
    CHECK(error_code(client.request("textDocument/hover")) == -32002);
    CHECK(client.notify("textDocument/didOpen", did_open("x")).empty());  // dropped
    client.initialize();
    CHECK(error_code(client.request("initialize", {{"capabilities", json::object()}})) == -32600);
    CHECK(error_code(client.request("no/such/method")) == -32601);
    CHECK(client.notify("no/such/notification").empty());
    CHECK(client.request("shutdown").at("result").is_null());
    CHECK(error_code(client.request("textDocument/hover")) == -32600);
    CHECK_FALSE(client.server().finished());
    client.notify("exit");
    CHECK(client.server().finished());
    CHECK(client.server().exit_code() == 0);
}

TEST_CASE("exit without shutdown exits with 1") {
    TestClient client;
    client.initialize();
    client.notify("exit");
    CHECK(client.server().finished());
    CHECK(client.server().exit_code() == 1);
}

TEST_CASE("didOpen publishes versioned diagnostics and the summary") {
    TestClient client;
    client.initialize();
    const auto sent = client.notify("textDocument/didOpen",
                                    did_open("😀 Mail jane.doe@example.com today.\n"));
    REQUIRE(sent.size() == 2);
    CHECK(sent[0]["method"] == "textDocument/publishDiagnostics");
    CHECK(sent[0]["params"]["version"] == 3);
    // Found by code: other markers (the emoji's own) may come first.
    const json& diagnostics = sent[0]["params"]["diagnostics"];
    const auto found = std::find_if(diagnostics.begin(), diagnostics.end(),
                                    [](const json& d) { return d["code"] == "contact-detail"; });
    REQUIRE(found != diagnostics.end());
    const json& contact = *found;
    CHECK(contact["range"]["start"] == json{{"line", 0}, {"character", 8}});  // 😀 is 2 units
    CHECK(contact["data"]["span"] == json::array({10, 30}));
    CHECK(sent[1]["method"] == "fantasma/summary");
    CHECK(sent[1]["params"]["totalBits"].get<double>() > 0);

    const auto closed = client.notify("textDocument/didClose", {{"textDocument", {{"uri", "file:///a.md"}}}});
    REQUIRE(closed.size() == 1);
    CHECK(closed[0]["params"]["diagnostics"].empty());
    CHECK_FALSE(closed[0]["params"].contains("version"));
}

TEST_CASE("malformed messages get errors and the server goes on") {
    TestClient client;
    client.initialize();
    auto replies = client.send_raw(frame("{not json"));
    REQUIRE(replies.size() == 1);
    CHECK(error_code(replies[0]) == -32700);
    CHECK(replies[0]["id"].is_null());
    replies = client.send_raw("Content-Length: 5000000000\r\n\r\n{}");
    REQUIRE(replies.size() == 1);
    CHECK(error_code(replies[0]) == -32700);
    replies = client.send({{"id", 4}, {"method", "textDocument/hover"}, {"params", "text"}});
    CHECK(error_code(replies.at(0)) == -32602);
    replies = client.send({{"id", true}, {"method", "shutdown"}});
    CHECK(error_code(replies.at(0)) == -32600);
    CHECK(client.notify("textDocument/didChange", {{"textDocument", 7}}).empty());  // logged
    CHECK(client.request("textDocument/hover", {{"textDocument", {{"uri", "file:///x"}}},
                                                {"position", {{"line", 0}, {"character", 0}}}})
              .at("result")
              .is_null());
}

TEST_CASE("$/cancelRequest for an answered request changes nothing") {
    TestClient client;
    client.initialize();
    CHECK(client.notify("$/cancelRequest", {{"id", 1}}).empty());
    CHECK(client.notify("$/cancelRequest", {{"id", json::object()}}).empty());
    CHECK(client.request("shutdown").at("result").is_null());
}
