// textDocument/publishDiagnostics params written straight to text, in the bytes nlohmann's
// dump would give for the same JSON: keys in sorted order (nlohmann's objects are sorted
// maps), no spaces, strings escaped by nlohmann itself unless they are plain ASCII.
#include <string>

#include "lsp/protocol.hpp"

namespace fantasma::lsp {
namespace {

// True when nlohmann would write `text` between quotes unchanged.
bool plain_ascii(std::string_view text) {
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x80 || c == '"' || c == '\\') return false;
    }
    return true;
}

void append_string(std::string& out, const std::string& text) {
    if (plain_ascii(text)) {
        out += '"';
        out += text;
        out += '"';
    } else {
        out += json(text).dump(-1, ' ', false, json::error_handler_t::replace);
    }
}

void append_number(std::string& out, std::size_t number) {
    out += std::to_string(number);
}

void append_position(std::string& out, const Position& position) {
    out += "{\"character\":";
    append_number(out, position.character);
    out += ",\"line\":";
    append_number(out, position.line);
    out += '}';
}

void append_range(std::string& out, const Range& range) {
    out += "{\"end\":";
    append_position(out, range.end);
    out += ",\"start\":";
    append_position(out, range.start);
    out += '}';
}

void append_related(std::string& out, const DiagnosticRelatedInformation& related) {
    out += "{\"location\":{\"range\":";
    append_range(out, related.location.range);
    out += ",\"uri\":";
    append_string(out, related.location.uri);
    out += "},\"message\":";
    append_string(out, related.message);
    out += '}';
}

void append_diagnostic(std::string& out, const Diagnostic& diagnostic) {
    out += "{\"code\":";
    append_string(out, diagnostic.code);
    if (!diagnostic.data.is_null()) {
        out += ",\"data\":";
        out += diagnostic.data.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    out += ",\"message\":";
    append_string(out, diagnostic.message);
    out += ",\"range\":";
    append_range(out, diagnostic.range);
    if (!diagnostic.relatedInformation.empty()) {
        out += ",\"relatedInformation\":[";
        for (std::size_t i = 0; i < diagnostic.relatedInformation.size(); ++i) {
            if (i > 0) out += ',';
            append_related(out, diagnostic.relatedInformation[i]);
        }
        out += ']';
    }
    out += ",\"severity\":";
    out += std::to_string(diagnostic.severity);
    out += ",\"source\":\"fantasma\"}";
}

}  // namespace

std::string serialize_publish_diagnostics(const PublishDiagnosticsParams& value) {
    std::string out = "{\"diagnostics\":[";
    for (std::size_t i = 0; i < value.diagnostics.size(); ++i) {
        if (i > 0) out += ',';
        append_diagnostic(out, value.diagnostics[i]);
    }
    out += "],\"uri\":";
    append_string(out, value.uri);
    if (value.version) {
        out += ",\"version\":";
        out += std::to_string(*value.version);
    }
    out += '}';
    return out;
}

}  // namespace fantasma::lsp
