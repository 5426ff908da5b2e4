#include <catch2/catch.hpp>

#include "lsp/json_rpc.hpp"
#include "lsp/protocol.hpp"
#include "lsp/settings.hpp"

using namespace fantasma::lsp;

namespace {

// The InvalidParams message parsing `params` as T throws.
template <class T>
std::string parse_error(const json& params) {
    try {
        parse_params<T>(params);
    } catch (const RpcError& error) {
        CHECK(error.code() == ErrorCode::InvalidParams);
        return error.what();
    }
    FAIL("no error for " << params.dump());
    return "";
}

}  // namespace

TEST_CASE("didChange parses incremental and full changes") {
    const auto params = parse_params<DidChangeTextDocumentParams>(json::parse(R"({
        "textDocument": {"uri": "file:///a.md", "version": 7},
        "contentChanges": [
            {"range": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 4}},
             "rangeLength": 2, "text": "xy"},
            {"text": "whole"}]})"));
    CHECK(params.uri == "file:///a.md");
    CHECK(params.version == 7);
    REQUIRE(params.contentChanges.size() == 2);
    CHECK(params.contentChanges[0].range == Range{{1, 2}, {1, 4}});
    CHECK(params.contentChanges[0].text == "xy");
    CHECK_FALSE(params.contentChanges[1].range.has_value());
}

TEST_CASE("parse errors name the field and what was expected") {
    CHECK(parse_error<DidOpenTextDocumentParams>(json::parse(R"({"textDocument": {
              "uri": 5, "languageId": "markdown", "version": 1, "text": ""}})")) ==
          "params.textDocument.uri: expected a string");
    CHECK(parse_error<DidChangeTextDocumentParams>(json::parse(R"({
              "textDocument": {"uri": "u", "version": 1},
              "contentChanges": [{"range": {"start": {"line": -1, "character": 0},
                                            "end": {"line": 0, "character": 0}},
                                  "text": ""}]})")) ==
          "params.contentChanges[0].range.start.line: expected an integer in range");
    CHECK(parse_error<TextDocumentPositionParams>(json::parse(R"({"textDocument": {"uri": "u"}})")) ==
          "params.position: expected a value (it is missing)");
    CHECK(parse_error<CodeActionParams>(json(nullptr)) == "params: expected an object");
    CHECK(parse_error<DidChangeTextDocumentParams>(json::parse(R"({
              "textDocument": {"uri": "u", "version": "1"}, "contentChanges": []})")) ==
          "params.textDocument.version: expected an integer");
}

TEST_CASE("initialize reads the capabilities fantasma uses") {
    const auto neovim = parse_params<InitializeParams>(json::parse(R"({
        "capabilities": {"window": {"workDoneProgress": true},
                         "workspace": {"applyEdit": true}},
        "rootUri": "file:///home/w", "initializationOptions": {"minimumBits": 2}})"));
    CHECK(neovim.work_done_progress);
    CHECK_FALSE(neovim.configuration);
    CHECK(neovim.apply_edit);
    CHECK_FALSE(neovim.utf8_positions);
    CHECK(neovim.root_uri == "file:///home/w");
    CHECK(neovim.initializationOptions["minimumBits"] == 2);

    const auto modern = parse_params<InitializeParams>(json::parse(R"({
        "capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]},
                         "workspace": {"configuration": true}},
        "workspaceFolders": [{"uri": "file:///w", "name": "w"}]})"));
    CHECK(modern.utf8_positions);
    CHECK(modern.configuration);
    CHECK(modern.root_uri == "file:///w");
}

TEST_CASE("code action requests keep the echoed data, not the echoed range") {
    const auto params = parse_params<CodeActionParams>(json::parse(R"({
        "textDocument": {"uri": "u"},
        "range": {"start": {"line": 0, "character": 3}, "end": {"line": 0, "character": 3}},
        "context": {"diagnostics": [{"range": {"start": {"line": 0, "character": 99},
                                                "end": {"line": 0, "character": 99}},
                                      "code": "c", "message": "m", "data": {"k": 1}}],
                    "only": ["quickfix"]}})"));
    REQUIRE(params.diagnostics.size() == 1);
    CHECK(params.diagnostics[0].code == "c");
    CHECK(params.diagnostics[0].data == json{{"k", 1}});
    CHECK(params.only == std::vector<std::string>{"quickfix"});
}

TEST_CASE("diagnostics serialise with LSP names and the source") {
    Diagnostic diagnostic;
    diagnostic.range = {{0, 1}, {0, 4}};
    diagnostic.severity = 2;
    diagnostic.code = "regional-spelling";
    diagnostic.message = "British spelling";
    diagnostic.relatedInformation.push_back({{"file:///a", {{2, 0}, {2, 3}}}, "another"});
    diagnostic.data = {{"code", "regional-spelling"}};
    const json j = diagnostic;
    CHECK(j["source"] == "fantasma");
    CHECK(j["range"]["end"]["character"] == 4);
    CHECK(j["relatedInformation"][0]["location"]["range"]["start"]["line"] == 2);
    CHECK(j["data"]["code"] == "regional-spelling");
}

TEST_CASE("published diagnostics are written as nlohmann would dump them") {
    Diagnostic plain;
    plain.range = {{0, 1}, {0, 4}};
    plain.severity = 4;
    plain.code = "dash-style";
    plain.message = "Spaced dashes";
    // Quotes, a backslash, control characters, non-ASCII and invalid UTF-8 (replaced).
    Diagnostic awkward;
    awkward.range = {{12, 30}, {13, 0}};
    awkward.severity = 2;
    awkward.code = "regional-spelling";
    awkward.message = "\"colour\" \\ tab\there\nnew line \x01 caf\xC3\xA9 \xFF bad";
    const std::string uri = "file:///caf\xC3\xA9 dir/a.md";
    awkward.relatedInformation.push_back({{uri, {{2, 0}, {2, 3}}}, "another occurrence"});
    awkward.relatedInformation.push_back({{uri, {{7, 9}, {8, 1}}}, "another occurrence"});
    awkward.data = {{"code", "regional-spelling"}, {"version", 3}, {"span", {10, 16}}};
    const auto dumped = [](const PublishDiagnosticsParams& params) {
        return json(params).dump(-1, ' ', false, json::error_handler_t::replace);
    };
    const PublishDiagnosticsParams published{uri, 3, {plain, awkward}};
    CHECK(serialize_publish_diagnostics(published) == dumped(published));
    const PublishDiagnosticsParams closed{"file:///a.md", std::nullopt, {}};
    CHECK(serialize_publish_diagnostics(closed) == dumped(closed));
    CHECK(serialize_publish_diagnostics(closed) == R"({"diagnostics":[],"uri":"file:///a.md"})");
}

TEST_CASE("settings read from either nesting, with readable problems") {
    std::vector<std::string> problems;
    const auto nested = read_settings(json::parse(R"({"fantasma": {"minimumBits": 1.5,
        "enabledCodes": ["a", "b"], "backend": "cpu", "debounceMs": 40}})"), problems);
    CHECK(problems.empty());
    CHECK(nested.minimum_bits == 1.5);
    CHECK(nested.enabled_codes == std::vector<std::string>{"a", "b"});
    CHECK(nested.backend == "cpu");
    CHECK(nested.debounce_ms == 40);

    const auto flat = read_settings(json::parse(R"({"minimumBits": "high",
        "enabledCodes": [1], "backend": "gpu", "profileDirectory": "/p"})"), problems);
    CHECK(flat.minimum_bits == 0.0);
    CHECK(flat.enabled_codes.empty());
    CHECK(flat.backend == "auto");
    CHECK(flat.profile_directory == "/p");
    CHECK(problems.size() == 3);

    problems.clear();
    CHECK(read_settings(json::parse(R"({"doubleBlind": true})"), problems).double_blind == true);
    CHECK(read_settings(json::parse(R"({"doubleBlind": false})"), problems).double_blind == false);
    CHECK_FALSE(read_settings(json::parse(R"({"doubleBlind": null})"), problems).double_blind);
    CHECK(problems.empty());
    CHECK_FALSE(read_settings(json::parse(R"({"doubleBlind": "yes"})"), problems).double_blind);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].starts_with("fantasma.doubleBlind must be true, false or null"));

    problems.clear();
    CHECK(read_settings(json(nullptr), problems) == ServerSettings{});
    CHECK(read_settings(json::parse(R"({"fantasma": null})"), problems) == ServerSettings{});
    CHECK(problems.empty());
}
