#pragma once
// JSON-RPC 2.0 and LSP error codes, and the exception that carries one to the reply.
#include <stdexcept>
#include <string>

namespace fantasma::lsp {

enum class ErrorCode : int {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    ServerNotInitialized = -32002,
    RequestFailed = -32803,
    ServerCancelled = -32802,
    ContentModified = -32801,
    RequestCancelled = -32800,
};

// Thrown by handlers; the dispatcher turns it into the error reply.
class RpcError : public std::runtime_error {
  public:
    RpcError(ErrorCode code, const std::string& message)
        : std::runtime_error(message), code_(code) {}
    ErrorCode code() const { return code_; }

  private:
    ErrorCode code_;
};

}  // namespace fantasma::lsp
