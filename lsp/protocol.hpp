#pragma once
// The LSP structures fantasma uses, with LSP field names. Each has an adjacent from_json
// (requests and notifications it receives) or to_json (what it sends). A from_json failure
// throws RpcError(InvalidParams) naming the field: "params.textDocument.uri: expected a
// string".
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fantasma::lsp {

// window/showMessage's types.
inline constexpr int kMessageError = 1;
inline constexpr int kMessageWarning = 2;
inline constexpr int kMessageInfo = 3;

using json = nlohmann::json;

struct Position {
    std::size_t line = 0;
    std::size_t character = 0;
    friend bool operator==(const Position&, const Position&) = default;
};

struct Range {
    Position start;
    Position end;
    friend bool operator==(const Range&, const Range&) = default;
};

struct Location {
    std::string uri;
    Range range;
};

struct TextDocumentItem {
    std::string uri;
    std::string languageId;
    int version = 0;
    std::string text;
};

struct TextDocumentContentChangeEvent {
    std::optional<Range> range;  // absent: `text` replaces the whole document
    std::string text;
};

struct DidOpenTextDocumentParams {
    TextDocumentItem textDocument;
};

struct DidChangeTextDocumentParams {
    std::string uri;  // textDocument.uri
    int version = 0;  // textDocument.version
    std::vector<TextDocumentContentChangeEvent> contentChanges;
};

struct TextDocumentIdentifierParams {  // didClose, didSave
    std::string uri;
};

struct TextDocumentPositionParams {
    std::string uri;
    Position position;
};

// A diagnostic as a client echoes it in a code action request: only `data` is trusted
// (Neovim 0.7 sends byte columns back as UTF-16 ranges).
struct EchoedDiagnostic {
    std::optional<std::string> code;
    json data;
};

struct CodeActionParams {
    std::string uri;
    Range range;
    std::vector<EchoedDiagnostic> diagnostics;  // context.diagnostics
    std::optional<std::vector<std::string>> only;
};

struct ExecuteCommandParams {
    std::string command;
    json arguments = json::array();
    std::optional<json> workDoneToken;
};

// What fantasma reads from the client's capabilities and options.
struct InitializeParams {
    bool work_done_progress = false;      // window.workDoneProgress
    bool configuration = false;           // workspace.configuration
    bool apply_edit = false;              // workspace.applyEdit
    bool document_changes = false;        // workspace.workspaceEdit.documentChanges
    bool utf8_positions = false;          // general.positionEncodings contains "utf-8"
    json initializationOptions;           // null when absent
    std::optional<std::string> root_uri;  // rootUri, else the first workspace folder
};

// The local path a file: URI names (percent-escapes decoded), or empty for other schemes.
std::string file_path(std::string_view uri);

void from_json(const json& j, Position& out, const std::string& path);
void from_json(const json& j, Range& out, const std::string& path);
void from_json(const json& j, DidOpenTextDocumentParams& out, const std::string& path);
void from_json(const json& j, DidChangeTextDocumentParams& out, const std::string& path);
void from_json(const json& j, TextDocumentIdentifierParams& out, const std::string& path);
void from_json(const json& j, TextDocumentPositionParams& out, const std::string& path);
void from_json(const json& j, CodeActionParams& out, const std::string& path);
void from_json(const json& j, ExecuteCommandParams& out, const std::string& path);
void from_json(const json& j, InitializeParams& out, const std::string& path);

// Parses a message's params; `params` may be null for structures without required fields.
template <class T>
T parse_params(const json& params) {
    T out;
    from_json(params, out, "params");
    return out;
}

// ---- sent by the server ----

struct TextEdit {
    Range range;
    std::string newText;
};

struct DiagnosticRelatedInformation {
    Location location;
    std::string message;
};

struct Diagnostic {
    Range range;
    int severity = 3;  // 1 error, 2 warning, 3 information, 4 hint
    std::string code;
    std::string message;
    std::vector<DiagnosticRelatedInformation> relatedInformation;
    json data;
};

struct PublishDiagnosticsParams {
    std::string uri;
    std::optional<int> version;
    std::vector<Diagnostic> diagnostics;
};

struct Command {
    std::string title;
    std::string command;
    json arguments = json::array();
};

struct CodeAction {
    std::string title;
    std::string kind;  // "quickfix", "refactor.rewrite", "source"
    std::vector<Diagnostic> diagnostics;
    bool isPreferred = false;
    // The edit: uri -> edits (WorkspaceEdit.changes). Empty when the action is a command.
    std::string edit_uri;
    std::vector<TextEdit> edits;
    std::optional<Command> command;
};

struct Hover {
    std::string markdown;
    Range range;
};

void to_json(json& j, const Position& value);
void to_json(json& j, const Range& value);
void to_json(json& j, const Location& value);
void to_json(json& j, const TextEdit& value);
void to_json(json& j, const Diagnostic& value);
void to_json(json& j, const PublishDiagnosticsParams& value);
// The same JSON, serialized as the server sends it (keys sorted, invalid UTF-8 replaced),
// written directly: a large document's thousands of diagnostics and related locations
// would otherwise be built as a tree of nlohmann objects first, most of the publication's
// time. Equal, byte for byte, to json(value).dump(-1, ' ', false, replace).
std::string serialize_publish_diagnostics(const PublishDiagnosticsParams& value);
void to_json(json& j, const Command& value);
void to_json(json& j, const CodeAction& value);
void to_json(json& j, const Hover& value);

}  // namespace fantasma::lsp
