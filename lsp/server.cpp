// JSON-RPC 2.0 dispatch and the LSP lifecycle. The LSP methods are in server_methods.cpp.
#include "lsp/server.hpp"

#include "support/json_read.hpp"

namespace fantasma::lsp {
namespace {

bool valid_id(const json& id) {
    return id.is_number_integer() || id.is_string();
}

std::string describe(const json& id) {
    return id.is_null() ? "null" : id.dump();
}

// Invalid UTF-8 from the client can reach a reply (a document's words in a message):
// replaced rather than thrown on.
std::string serialize(const json& message) {
    return message.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

bool Responder::claim() const {
    return !answered_->exchange(true);
}

void Responder::result(json value) const {
    if (!claim()) return;
    server_->forget_request(id_);
    server_->send_result(id_, value);
}

void Responder::error(ErrorCode code, const std::string& message) const {
    if (!claim()) return;
    server_->forget_request(id_);
    server_->send_error(id_, code, message);
}

Server::Server(Transport& transport, const Analyzer& analyzer, Logger& logger,
               Workspace::Options workspace_options, RewriteService::GeneratorFactory open_model)
    : transport_(transport), analyzer_(analyzer), log_(logger) {
    if (!open_model) {
        open_model = [](const ModelSettings&) -> RewriteService::OpenedModel {
            throw std::runtime_error("this build of fantasma-ls cannot run a model");
        };
    }
    rewrite_service_ = std::make_unique<RewriteService>(analyzer_, std::move(open_model));
    // The writer would otherwise see the document's old diagnostics, or none, and believe them.
    workspace_options.on_error = [this](const std::string& uri, const std::string& why) {
        tell_internal_error("analysis of " + uri,
                            "fantasma: internal error: " + uri + " could not be analysed (" + why +
                                "); its markers are not shown; please report this bug");
    };
    workspace_ = std::make_unique<Workspace>(
        analyzer_, workspace_options, [this](const Snapshot& snapshot) { publish(snapshot); });
    bind_methods();
}

// Stops the workers before the members their callbacks use go away.
Server::~Server() {
    rewrite_service_.reset();
    workspace_.reset();
}

void Server::on_message(std::string_view body) {
    if (log_.enabled(LogLevel::Trace)) log_.trace("received " + std::string(body));
    // Valid JSON past the depth limit would crash the server when copied or printed: it is
    // refused as a request the server cannot take, and the server goes on.
    const JsonRead read = read_json(body);
    if (!read.ok()) {
        const bool invalid = read.failure == JsonFailure::Invalid;
        log_.warning("message of " + std::to_string(body.size()) +
                     " bytes refused: " + (invalid ? "not valid JSON" : read.error));
        if (invalid)
            send_error(nullptr, ErrorCode::ParseError, "the message is not valid JSON");
        else
            send_error(nullptr, ErrorCode::InvalidRequest, "the message is " + read.error);
        return;
    }
    try {
        dispatch(read.value);
    } catch (const std::exception& error) {
        // Handlers turn their own failures into replies; this is the last line of defence.
        log_.error(std::string("unexpected failure while dispatching: ") + error.what());
    }
}

void Server::on_framing_error(std::string_view description) {
    log_.warning("framing error: " + std::string(description));
    send_error(nullptr, ErrorCode::ParseError, "framing error: " + std::string(description));
}

void Server::dispatch(const json& message) {
    if (!message.is_object()) {
        send_error(nullptr, ErrorCode::InvalidRequest, "a message must be a JSON object");
        return;
    }
    const json id = message.value("id", json());
    const bool has_id = message.contains("id");
    if (message.value("jsonrpc", json()) != "2.0") {
        send_error(valid_id(id) ? id : json(), ErrorCode::InvalidRequest,
                   "\"jsonrpc\" must be \"2.0\"");
        return;
    }
    const auto method = message.find("method");
    if (method == message.end()) {
        if (has_id && (message.contains("result") || message.contains("error"))) {
            dispatch_response(message);
        } else {
            send_error(valid_id(id) ? id : json(), ErrorCode::InvalidRequest,
                       "a message needs a \"method\", or a \"result\" or \"error\" with an \"id\"");
        }
        return;
    }
    if (!method->is_string()) {
        send_error(valid_id(id) ? id : json(), ErrorCode::InvalidRequest,
                   "\"method\" must be a string");
        return;
    }
    if (has_id && !valid_id(id)) {
        send_error(nullptr, ErrorCode::InvalidRequest, "\"id\" must be an integer or a string");
        return;
    }
    const json params = message.value("params", json());
    if (!params.is_null() && !params.is_object() && !params.is_array()) {
        if (has_id) send_error(id, ErrorCode::InvalidParams, "params: expected an object");
        return;
    }
    if (has_id) {
        dispatch_request(method->get<std::string>(), id, params);
    } else {
        dispatch_notification(method->get<std::string>(), params);
    }
}

void Server::dispatch_request(const std::string& method, const json& id, const json& params) {
    log_.debug("request " + method + " id " + describe(id));
    if (!initialize_answered_ && method != "initialize") {
        send_error(id, ErrorCode::ServerNotInitialized, "the server is not initialized yet");
        return;
    }
    if (shutdown_requested_) {
        send_error(id, ErrorCode::InvalidRequest, "the server is shutting down");
        return;
    }
    const auto handler = requests_.find(method);
    if (handler == requests_.end()) {
        send_error(id, ErrorCode::MethodNotFound, "unknown method " + method);
        return;
    }
    auto answered = std::make_shared<std::atomic<bool>>(false);
    {
        const std::lock_guard lock(state_mutex_);
        pending_[id.dump()] = answered;
    }
    const Responder responder(this, id, answered);
    try {
        handler->second(params, responder);
    } catch (const RpcError& error) {
        log_.info(method + " failed: " + error.what());
        responder.error(error.code(), error.what());
    } catch (const std::exception& error) {
        log_.error(method + " failed: " + error.what());
        responder.error(ErrorCode::InternalError, error.what());
    }
}

void Server::dispatch_notification(const std::string& method, const json& params) {
    log_.debug("notification " + method);
    if (method == "exit") {
        exited_ = true;
        return;
    }
    if (!initialize_answered_ || shutdown_requested_) return;  // dropped, as the spec says
    const auto handler = notifications_.find(method);
    if (handler == notifications_.end()) return;  // unknown notifications are ignored
    try {
        handler->second(params);
    } catch (const std::exception& error) {
        // A notification has no reply: the log is the only place to say what went wrong.
        log_.warning(method + " ignored: " + error.what());
    }
}

void Server::dispatch_response(const json& message) {
    const json& id = message["id"];
    ResponseHandler handler;
    {
        const std::lock_guard lock(state_mutex_);
        if (id.is_number_integer()) {
            const auto found = calls_.find(id.get<long long>());
            if (found != calls_.end()) {
                handler = std::move(found->second);
                calls_.erase(found);
            }
        }
    }
    if (!handler) {
        log_.warning("response to unknown request " + describe(id));
        return;
    }
    const json result = message.value("result", json());
    const json error = message.value("error", json());
    try {
        handler(result, error);
    } catch (const std::exception& failure) {
        log_.warning("handling the response " + describe(id) + ": " + failure.what());
    }
}

void Server::send_result(const json& id, const json& result) {
    transport_.send(serialize({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}));
}

void Server::send_error(const json& id, ErrorCode code, const std::string& message) {
    transport_.send(
        serialize({{"jsonrpc", "2.0"},
                   {"id", id},
                   {"error", {{"code", static_cast<int>(code)}, {"message", message}}}}));
}

void Server::notify(const std::string& method, json params) {
    transport_.send(
        serialize({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}}));
}

void Server::notify_serialized(const std::string& method, const std::string& params_text) {
    // The bytes serialize() gives: keys in sorted order.
    transport_.send("{\"jsonrpc\":\"2.0\",\"method\":" + json(method).dump() +
                    ",\"params\":" + params_text + "}");
}

void Server::call(const std::string& method, json params, ResponseHandler on_response) {
    long long id = 0;
    {
        const std::lock_guard lock(state_mutex_);
        id = next_call_id_++;
        calls_[id] = std::move(on_response);
    }
    transport_.send(
        serialize({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}));
}

void Server::forget_request(const json& id) {
    const std::lock_guard lock(state_mutex_);
    pending_.erase(id.dump());
}

void Server::cancel_request(const json& params) {
    if (!params.is_object() || !params.contains("id") || !valid_id(params["id"])) return;
    cancel_rewrite_request(params["id"]);
    std::shared_ptr<std::atomic<bool>> answered;
    {
        const std::lock_guard lock(state_mutex_);
        const auto found = pending_.find(params["id"].dump());
        if (found == pending_.end()) return;  // already answered: nothing to do
        answered = found->second;
    }
    log_.debug("cancelling request " + params["id"].dump());
    Responder(this, params["id"], answered).error(ErrorCode::RequestCancelled, "cancelled");
}

}  // namespace fantasma::lsp
