#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "faulty_detector.hpp"
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
    explicit TestClient(Workspace::Options workspace = options(0, 0ms),
                        const Analyzer& with = analyzer())
        : log_(LogLevel::Error), server_(transport_, with, log_, std::move(workspace)) {}

    std::vector<json> send_raw(std::string_view bytes) {
        transport_.write_bytes(bytes);
        transport_.loop(server_);
        std::vector<json> received;
        for (const std::string& body : transport_.take_sent())
            received.push_back(json::parse(body));
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

int error_code(const json& reply) {
    return reply.at("error").at("code").get<int>();
}

json did_open(const std::string& text) {
    return {
        {"textDocument",
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
    const auto sent =
        client.notify("textDocument/didOpen", did_open("😀 Mail jane.doe@example.com today.\n"));
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

    const auto closed =
        client.notify("textDocument/didClose", {{"textDocument", {{"uri", "file:///a.md"}}}});
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
    CHECK(client
              .request("textDocument/hover", {{"textDocument", {{"uri", "file:///x"}}},
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

namespace {

std::string nested(std::string_view opener, std::string_view closer, int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += opener;
    for (int i = 0; i < depth; ++i) text += closer;
    return text;
}

json open_params(const std::string& uri, const std::string& text) {
    return {{"textDocument",
             {{"uri", uri}, {"languageId", "markdown"}, {"version", 1}, {"text", text}}}};
}

std::vector<json> with_method(const std::vector<json>& messages, std::string_view method) {
    std::vector<json> found;
    for (const json& message : messages)
        if (message.value("method", "") == method) found.push_back(message);
    return found;
}

}  // namespace

TEST_CASE("a message nested 100,000 levels deep is refused and the server goes on") {
    TestClient client;
    // Before initialize, in initializationOptions, and in an ordinary request's params.
    const std::string deep_options = R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":)"
                                     R"({"capabilities":{},"initializationOptions":)" +
                                     nested("{\"a\":", "}", 100'000) + "}}";
    auto replies = client.send_raw(frame(deep_options));
    REQUIRE(replies.size() == 1);
    CHECK(error_code(replies[0]) == -32600);
    CHECK(replies[0]["id"].is_null());
    CHECK(replies[0]["error"]["message"] == "the message is nested deeper than 128 levels");
    client.initialize();
    replies =
        client.send_raw(frame(R"({"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":)" +
                              nested("[", "]", 100'000) + "}"));
    REQUIRE(replies.size() == 1);
    CHECK(error_code(replies[0]) == -32600);
    // Deep but within the limit: an ordinary InvalidParams.
    replies = client.send_raw(
        frame(R"({"jsonrpc":"2.0","id":10,"method":"textDocument/hover","params":)" +
              nested("[", "]", 100) + "}"));
    REQUIRE(replies.size() == 1);
    CHECK(error_code(replies[0]) == -32602);
    CHECK(client.request("shutdown").at("result").is_null());
    client.notify("exit");
    CHECK(client.server().exit_code() == 0);
}

TEST_CASE("documents past the size and count limits are refused with one message") {
    Workspace::Options limits = options(0, 0ms);
    limits.max_document_bytes = 1000;
    limits.max_documents = 3;
    limits.max_total_bytes = 2500;
    TestClient client(limits);
    client.initialize();

    auto sent = client.notify("textDocument/didOpen",
                              open_params("file:///big.md", std::string(1001, 'a')));
    auto messages = with_method(sent, "window/showMessage");
    REQUIRE(messages.size() == 1);
    CHECK(messages[0]["params"]["type"] == 2);
    CHECK(messages[0]["params"]["message"] ==
          "fantasma: file:///big.md is not analysed: at 1001 bytes it is larger than the 1000 "
          "bytes a document may have");
    CHECK(with_method(sent, "textDocument/publishDiagnostics")[0]["params"]["diagnostics"].empty());
    CHECK(client.server().open_documents() == 0);

    for (const char* uri : {"file:///1.md", "file:///2.md", "file:///3.md"})
        CHECK(with_method(client.notify("textDocument/didOpen", open_params(uri, "Some words.\n")),
                          "window/showMessage")
                  .empty());
    CHECK(client.server().open_documents() == 3);
    // The fourth is refused, and the writer was already told about the limits once.
    sent = client.notify("textDocument/didOpen", open_params("file:///4.md", "More words.\n"));
    CHECK(with_method(sent, "window/showMessage").empty());
    CHECK(client.server().open_documents() == 3);
    // A close makes room, and the next refusal is told again.
    client.notify("textDocument/didClose", {{"textDocument", {{"uri", "file:///3.md"}}}});
    CHECK(with_method(client.notify("textDocument/didOpen", open_params("file:///4.md", "x\n")),
                      "window/showMessage")
              .empty());
    // An edit past the total closes the document it grows, and says so.
    const auto replace_text = [&](const char* uri, std::size_t bytes) {
        const json change = {{"textDocument", {{"uri", uri}, {"version", 2}}},
                             {"contentChanges", {{{"text", std::string(bytes, 'b')}}}}};
        return client.notify("textDocument/didChange", change);
    };
    CHECK(with_method(replace_text("file:///1.md", 990), "window/showMessage").empty());
    CHECK(with_method(replace_text("file:///2.md", 990), "window/showMessage").empty());
    sent = replace_text("file:///4.md", 990);
    messages = with_method(sent, "window/showMessage");
    REQUIRE(messages.size() == 1);
    CHECK_THAT(messages[0]["params"]["message"].get<std::string>(),
               Catch::Contains("file:///4.md is not analysed: the open documents would hold more "
                               "than 2500 bytes of text"));
    CHECK(with_method(sent, "textDocument/publishDiagnostics")[0]["params"]["diagnostics"].empty());
    CHECK(client.server().open_documents() == 2);
    CHECK(replace_text("file:///4.md", 10).empty());  // no longer open: ignored
    // A document that grows past its own limit is closed too (told in the log only now).
    CHECK(with_method(replace_text("file:///1.md", 1001), "window/showMessage").empty());
    CHECK(client.server().open_documents() == 1);
}

TEST_CASE("a detector that throws is shown once, and every other diagnostic is published") {
    static const Analyzer faulty = fantasma::testing::analyzer_with_faulty_detector();
    const std::string text =
        "I think -- as I always say -- that the colour matters.  Mail "
        "jane.doe@example.com today.\n";
    TestClient good;
    good.initialize();
    const auto expected = good.notify("textDocument/didOpen", did_open(text));
    REQUIRE(expected.size() == 2);
    REQUIRE(!expected[0]["params"]["diagnostics"].empty());

    TestClient client(options(0, 0ms), faulty);
    client.initialize();
    const auto sent = client.notify("textDocument/didOpen", did_open(text));
    REQUIRE(sent.size() == 3);
    CHECK(sent[0]["method"] == "window/showMessage");
    CHECK(sent[0]["params"]["type"] == 1);
    CHECK(sent[0]["params"]["message"] ==
          "fantasma: file:///a.md: internal error in the test-faulty detector (map::at): its "
          "markers are left out, every other marker is reported; please report this bug to "
          "fantasma");
    CHECK(sent[1]["method"] == "textDocument/publishDiagnostics");
    CHECK(sent[1]["params"]["diagnostics"] == expected[0]["params"]["diagnostics"]);

    // The same bug on the next edit is logged, not shown again.
    const json change = {{"textDocument", {{"uri", "file:///a.md"}, {"version", 4}}},
                         {"contentChanges", json::array({{{"text", text + "More.\n"}}})}};
    const auto again = client.notify("textDocument/didChange", change);
    CHECK(std::none_of(again.begin(), again.end(), [](const json& message) {
        return message["method"] == "window/showMessage";
    }));
    CHECK(std::any_of(again.begin(), again.end(), [](const json& message) {
        return message["method"] == "textDocument/publishDiagnostics";
    }));
}

TEST_CASE("an enabledCodes entry no marker has is left out with a warning, not a failed analysis") {
    // Found by the server's fuzzer ("dash-st}le"): every analysis threw "unknown marker code".
    TestClient client;
    client.initialize();
    const auto told = client.notify(
        "workspace/didChangeConfiguration",
        {{"settings", {{"fantasma", {{"enabledCodes", {"dash-st}le", "contact-detail"}}}}}}});
    REQUIRE(!told.empty());
    CHECK(told[0]["method"] == "window/showMessage");
    CHECK(told[0]["params"]["message"].get<std::string>().find(
              "no marker is called 'dash-st}le'") != std::string::npos);
    const auto sent =
        client.notify("textDocument/didOpen", did_open("Mail jane.doe@example.com -- soon.\n"));
    REQUIRE(!sent.empty());
    CHECK(sent[0]["method"] == "textDocument/publishDiagnostics");
    const json& diagnostics = sent[0]["params"]["diagnostics"];
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0]["code"] == "contact-detail");
}

TEST_CASE("a LaTeX main file's summary checks the PDF built beside it, and a command on demand") {
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() /
        ("fantasma-built-pdf-" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(folder);
    const std::string source =
        "\\documentclass{article}\n\\author{Anonymous}\n"
        "\\begin{document}\nThe tiles are kept in one folder.\n"
        "\\end{document}\n";
    std::ofstream(folder / "main.tex") << source;
    // The PDF pdfTeX would write, reduced to its Info dictionary: its Author names someone.
    std::ofstream(folder / "main.pdf")
        << "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
           "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
           "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >> endobj\n"
           "4 0 obj << /Author (Priya Raman) >> endobj\n"
           "trailer << /Root 1 0 R /Info 4 0 R /Size 5 >>\n%%EOF\n";
    const auto pdf_time = std::filesystem::last_write_time(folder / "main.pdf");
    std::filesystem::last_write_time(folder / "main.tex", pdf_time - 60s);
    const std::string uri = "file://" + (folder / "main.tex").string();

    TestClient client;
    client.initialize();
    const auto sent = client.notify(
        "textDocument/didOpen",
        {{"textDocument",
          {{"uri", uri}, {"languageId", "latex"}, {"version", 1}, {"text", source}}}});
    const auto summary = std::find_if(sent.begin(), sent.end(), [](const json& message) {
        return message.value("method", "") == "fantasma/summary";
    });
    REQUIRE(summary != sent.end());
    const json& built = (*summary)["params"]["builtPdf"];
    CHECK(built["current"] == true);
    CHECK(built["leakCount"] == 1);
    CHECK_THAT(built["verdict"].get<std::string>(),
               Catch::Contains("main.pdf: 1 leak would identify you"));
    CHECK_THAT(built["leaks"][0]["message"].get<std::string>(), Catch::Contains("Priya Raman"));

    // The source saved after the build: the PDF is no longer what the writer would submit.
    std::filesystem::last_write_time(folder / "main.tex", pdf_time + 60s);
    const json reply =
        client.request("workspace/executeCommand",
                       {{"command", std::string(kCheckBuiltPdfCommand)}, {"arguments", {uri}}});
    REQUIRE(reply.contains("result"));
    CHECK(reply["result"]["current"] == false);
    CHECK_THAT(reply["result"]["verdict"].get<std::string>(),
               Catch::Contains("older than its sources"));
    std::filesystem::remove_all(folder);
}
