#include "lsp/protocol.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <string>

#include "lsp/json_rpc.hpp"

namespace fantasma::lsp {
namespace {

[[noreturn]] void invalid(const std::string& path, std::string_view expected) {
    throw RpcError(ErrorCode::InvalidParams, path + ": expected " + std::string(expected));
}

const json& object_at(const json& j, const std::string& path) {
    if (!j.is_object()) invalid(path, "an object");
    return j;
}

// The member `key` of object `j`; throws when missing.
const json& required(const json& j, const char* key, const std::string& path) {
    const json& object = object_at(j, path);
    const auto found = object.find(key);
    if (found == object.end()) invalid(path + "." + key, "a value (it is missing)");
    return *found;
}

// The member `key` of object `j`, or nullptr when missing or null.
const json* optional_member(const json& j, const char* key, const std::string& path) {
    const json& object = object_at(j, path);
    const auto found = object.find(key);
    if (found == object.end() || found->is_null()) return nullptr;
    return &*found;
}

std::string string_at(const json& j, const char* key, const std::string& path) {
    const json& value = required(j, key, path);
    if (!value.is_string()) invalid(path + "." + key, "a string");
    return value.get<std::string>();
}

long long integer(const json& value, const std::string& path, long long min) {
    if (!value.is_number_integer()) invalid(path, "an integer");
    const long long number = value.get<long long>();
    if (number < min || number > std::numeric_limits<int>::max())
        invalid(path, "an integer in range");
    return number;
}

std::size_t unsigned_at(const json& j, const char* key, const std::string& path) {
    return static_cast<std::size_t>(integer(required(j, key, path), path + "." + key, 0));
}

int int_at(const json& j, const char* key, const std::string& path) {
    return static_cast<int>(
        integer(required(j, key, path), path + "." + key, std::numeric_limits<int>::min()));
}

bool flag_at(const json& j, std::initializer_list<const char*> keys) {
    const json* value = &j;
    for (const char* key : keys) {
        if (!value->is_object()) return false;
        const auto found = value->find(key);
        if (found == value->end()) return false;
        value = &*found;
    }
    return value->is_boolean() && value->get<bool>();
}

}  // namespace

void from_json(const json& j, Position& out, const std::string& path) {
    out.line = unsigned_at(j, "line", path);
    out.character = unsigned_at(j, "character", path);
}

void from_json(const json& j, Range& out, const std::string& path) {
    from_json(required(j, "start", path), out.start, path + ".start");
    from_json(required(j, "end", path), out.end, path + ".end");
}

void from_json(const json& j, DidOpenTextDocumentParams& out, const std::string& path) {
    const std::string item_path = path + ".textDocument";
    const json& item = required(j, "textDocument", path);
    out.textDocument.uri = string_at(item, "uri", item_path);
    out.textDocument.languageId = string_at(item, "languageId", item_path);
    out.textDocument.version = int_at(item, "version", item_path);
    out.textDocument.text = string_at(item, "text", item_path);
}

void from_json(const json& j, DidChangeTextDocumentParams& out, const std::string& path) {
    const std::string document_path = path + ".textDocument";
    const json& document = required(j, "textDocument", path);
    out.uri = string_at(document, "uri", document_path);
    out.version = int_at(document, "version", document_path);
    const json& changes = required(j, "contentChanges", path);
    if (!changes.is_array()) invalid(path + ".contentChanges", "an array");
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const std::string change_path = path + ".contentChanges[" + std::to_string(i) + "]";
        TextDocumentContentChangeEvent change;
        if (const json* range = optional_member(changes[i], "range", change_path)) {
            change.range.emplace();
            from_json(*range, *change.range, change_path + ".range");
        }
        change.text = string_at(changes[i], "text", change_path);
        out.contentChanges.push_back(std::move(change));
    }
}

void from_json(const json& j, TextDocumentIdentifierParams& out, const std::string& path) {
    out.uri = string_at(required(j, "textDocument", path), "uri", path + ".textDocument");
}

void from_json(const json& j, TextDocumentPositionParams& out, const std::string& path) {
    out.uri = string_at(required(j, "textDocument", path), "uri", path + ".textDocument");
    from_json(required(j, "position", path), out.position, path + ".position");
}

void from_json(const json& j, CodeActionParams& out, const std::string& path) {
    out.uri = string_at(required(j, "textDocument", path), "uri", path + ".textDocument");
    from_json(required(j, "range", path), out.range, path + ".range");
    const std::string context_path = path + ".context";
    const json& context = required(j, "context", path);
    const json& diagnostics = required(context, "diagnostics", context_path);
    if (!diagnostics.is_array()) invalid(context_path + ".diagnostics", "an array");
    for (const json& diagnostic : diagnostics) {
        EchoedDiagnostic echoed;
        if (diagnostic.is_object()) {
            if (auto code = diagnostic.find("code"); code != diagnostic.end() && code->is_string())
                echoed.code = code->get<std::string>();
            if (auto data = diagnostic.find("data"); data != diagnostic.end()) echoed.data = *data;
        }
        out.diagnostics.push_back(std::move(echoed));
    }
    if (const json* only = optional_member(context, "only", context_path)) {
        if (!only->is_array()) invalid(context_path + ".only", "an array of strings");
        out.only.emplace();
        for (const json& kind : *only) {
            if (!kind.is_string()) invalid(context_path + ".only", "an array of strings");
            out.only->push_back(kind.get<std::string>());
        }
    }
}

void from_json(const json& j, ExecuteCommandParams& out, const std::string& path) {
    out.command = string_at(j, "command", path);
    if (const json* arguments = optional_member(j, "arguments", path)) {
        if (!arguments->is_array()) invalid(path + ".arguments", "an array");
        out.arguments = *arguments;
    }
    if (const json* token = optional_member(j, "workDoneToken", path)) out.workDoneToken = *token;
}

void from_json(const json& j, InitializeParams& out, const std::string& path) {
    const json& capabilities = required(j, "capabilities", path);
    object_at(capabilities, path + ".capabilities");
    out.work_done_progress = flag_at(capabilities, {"window", "workDoneProgress"});
    out.configuration = flag_at(capabilities, {"workspace", "configuration"});
    out.apply_edit = flag_at(capabilities, {"workspace", "applyEdit"});
    out.document_changes = flag_at(capabilities, {"workspace", "workspaceEdit", "documentChanges"});
    if (auto general = capabilities.find("general");
        general != capabilities.end() && general->is_object()) {
        if (auto encodings = general->find("positionEncodings");
            encodings != general->end() && encodings->is_array()) {
            for (const json& encoding : *encodings)
                if (encoding == "utf-8") out.utf8_positions = true;
        }
    }
    if (const json* options = optional_member(j, "initializationOptions", path))
        out.initializationOptions = *options;
    if (const json* root = optional_member(j, "rootUri", path); root && root->is_string()) {
        out.root_uri = root->get<std::string>();
    } else if (const json* folders = optional_member(j, "workspaceFolders", path);
               folders && folders->is_array() && !folders->empty() && (*folders)[0].is_object() &&
               (*folders)[0].value("uri", json()).is_string()) {
        out.root_uri = (*folders)[0]["uri"].get<std::string>();
    }
}

void to_json(json& j, const Position& value) {
    j = {{"line", value.line}, {"character", value.character}};
}

void to_json(json& j, const Range& value) {
    j = {{"start", value.start}, {"end", value.end}};
}

void to_json(json& j, const Location& value) {
    j = {{"uri", value.uri}, {"range", value.range}};
}

void to_json(json& j, const TextEdit& value) {
    j = {{"range", value.range}, {"newText", value.newText}};
}

void to_json(json& j, const Diagnostic& value) {
    j = {{"range", value.range},
         {"severity", value.severity},
         {"code", value.code},
         {"source", "fantasma"},
         {"message", value.message}};
    if (!value.relatedInformation.empty()) {
        json related = json::array();
        for (const auto& info : value.relatedInformation)
            related.push_back({{"location", info.location}, {"message", info.message}});
        j["relatedInformation"] = std::move(related);
    }
    if (!value.data.is_null()) j["data"] = value.data;
}

void to_json(json& j, const PublishDiagnosticsParams& value) {
    j = {{"uri", value.uri}, {"diagnostics", value.diagnostics}};
    if (value.version) j["version"] = *value.version;
}

void to_json(json& j, const Command& value) {
    j = {{"title", value.title}, {"command", value.command}, {"arguments", value.arguments}};
}

void to_json(json& j, const CodeAction& value) {
    j = {{"title", value.title}, {"kind", value.kind}};
    if (!value.diagnostics.empty()) j["diagnostics"] = value.diagnostics;
    if (value.isPreferred) j["isPreferred"] = true;
    if (!value.edits.empty()) j["edit"] = {{"changes", {{value.edit_uri, value.edits}}}};
    if (value.command) j["command"] = *value.command;
}

void to_json(json& j, const Hover& value) {
    j = {{"contents", {{"kind", "markdown"}, {"value", value.markdown}}}, {"range", value.range}};
}

std::string file_path(std::string_view uri) {
    constexpr std::string_view kScheme = "file://";
    if (!uri.starts_with(kScheme)) return {};
    uri.remove_prefix(kScheme.size());
    if (!uri.starts_with('/')) uri.remove_prefix(std::min(uri.find('/'), uri.size()));  // host
    std::string path;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() &&
            std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
            path += static_cast<char>(std::stoi(std::string(uri.substr(i + 1, 2)), nullptr, 16));
            i += 2;
        } else {
            path += uri[i];
        }
    }
    return path;
}

}  // namespace fantasma::lsp
