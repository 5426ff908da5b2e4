#pragma once
// The language server: JSON-RPC dispatch, the LSP lifecycle, and the LSP methods bound to
// the workspace (documents, analyses) and features (diagnostics, hover, code actions).
// Messages are dispatched on the transport's thread and never wait for an analysis:
// requests that need one are answered by the worker that finishes it.
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "lsp/built_pdf.hpp"
#include "lsp/features.hpp"
#include "lsp/json_rpc.hpp"
#include "lsp/log.hpp"
#include "lsp/protocol.hpp"
#include "lsp/rewrite_service.hpp"
#include "lsp/settings.hpp"
#include "lsp/transport.hpp"
#include "lsp/workspace.hpp"
#include "stylometry/submission.hpp"

namespace fantasma::lsp {

class Server;

// Answers one request exactly once: later answers (after a $/cancelRequest, say) are dropped.
class Responder {
  public:
    void result(json value) const;
    void error(ErrorCode code, const std::string& message) const;
    const json& id() const { return id_; }

  private:
    friend class Server;
    Responder(Server* server, json id, std::shared_ptr<std::atomic<bool>> answered)
        : server_(server), id_(std::move(id)), answered_(std::move(answered)) {}
    bool claim() const;

    Server* server_;
    json id_;
    std::shared_ptr<std::atomic<bool>> answered_;
};

class Server : public MessageHandler {
  public:
    // `open_model` opens the rewrite model (main.cpp: the engine); empty: model rewrites
    // answer that this server has no model support.
    Server(Transport& transport, const Analyzer& analyzer, Logger& logger,
           Workspace::Options workspace_options = {},
           RewriteService::GeneratorFactory open_model = {});
    ~Server() override;

    void on_message(std::string_view body) override;
    void on_framing_error(std::string_view description) override;
    bool finished() const override { return exited_; }
    std::size_t open_documents() const { return workspace_->open_count(); }

    // The process exit code once finished: 0 after shutdown, 1 when exit came without it.
    int exit_code() const { return shutdown_requested_ ? 0 : 1; }
    Workspace& workspace() { return *workspace_; }
    RewriteService& rewrite_service() { return *rewrite_service_; }

  private:
    friend class Responder;
    using RequestHandler = std::function<void(const json& params, const Responder&)>;
    using NotificationHandler = std::function<void(const json& params)>;
    using ResponseHandler = std::function<void(const json& result, const json& error)>;

    // server.cpp: JSON-RPC and the lifecycle
    void dispatch(const json& message);
    void dispatch_request(const std::string& method, const json& id, const json& params);
    void dispatch_notification(const std::string& method, const json& params);
    void dispatch_response(const json& message);
    void send_error(const json& id, ErrorCode code, const std::string& message);
    void send_result(const json& id, const json& result);
    void notify(const std::string& method, json params);
    // `params_text`: params already serialized (the large publishDiagnostics).
    void notify_serialized(const std::string& method, const std::string& params_text);
    void call(const std::string& method, json params, ResponseHandler on_response);
    void forget_request(const json& id);

    // server_methods.cpp: the LSP methods
    void bind_methods();
    json initialize(const json& params);
    void initialized();
    void did_open(const json& params);
    void did_change(const json& params);
    void did_close(const json& params);
    // server_submission.cpp: a LaTeX main file's project. Diagnostics for the files it
    // includes and its .bib files that are not open themselves (submission.hpp), analysed
    // with `settings`; their leaks are kept for the main file's double-blind summary.
    void publish_included_files(const std::string& uri, const std::string& text,
                                const AnalysisSettings& settings);
    // Whether `uri` is checked as a double-blind submission (so are the files a review copy
    // includes), and the leaks of its included files (features.hpp).
    DoubleBlind double_blind_for(const std::string& uri, std::string_view text, Language language);
    // The PDF built from the main file `uri` (built_pdf.hpp), checked again only when it was
    // written since; none when there is no such PDF.
    void update_built_pdf(const std::string& uri, const SubmissionFiles& project,
                          const AnalysisSettings& settings);
    void check_built_pdf_command(const ExecuteCommandParams& request, const Responder& responder);
    // The open main file that includes `uri`, if any; forgetting a main file that closed.
    std::optional<std::string> main_file_of(const std::string& uri);
    void forget_main_file(const std::string& uri);
    void did_change_configuration(const json& params);
    void hover(const json& params, const Responder& responder);
    void code_action(const json& params, const Responder& responder);
    void execute_command(const json& params, const Responder& responder);
    void cancel_request(const json& params);
    void pull_configuration();
    void apply_settings(const json& configuration, std::string_view origin);
    void update_analysis_settings();
    void publish(const Snapshot& snapshot);
    void show_message(int type, const std::string& message);
    // An internal error (a detector that threw, an analysis that failed): logged each time,
    // shown to the writer once per `key` (a detector's code, a document), since the same bug
    // recurs on every keystroke.
    void tell_internal_error(const std::string& key, const std::string& message);
    // A document the workspace would not keep (past its limits): logged, its diagnostics
    // cleared, the writer told.
    void tell_refused(const std::string& uri, const std::string& why);
    void report_progress(const std::string& title, std::size_t documents);

    // server_rewrite_commands.cpp: the model rewrite commands
    struct RunningRewrite;
    void rewrite_command(const ExecuteCommandParams& request, const Responder& responder,
                         bool preview);
    void start_rewrite(const std::shared_ptr<RunningRewrite>& running);
    void finish_rewrite(const RunningRewrite& running, const ModelRewriteResult& result);
    void end_rewrite(const RunningRewrite& running, const std::string& message);
    void cancel_rewrite_progress(const json& params);
    void cancel_rewrite_request(const json& id);
    void configure_rewrite_service();

    Transport& transport_;
    const Analyzer& analyzer_;
    Logger& log_;
    std::unique_ptr<Workspace> workspace_;

    std::map<std::string, RequestHandler> requests_;
    std::map<std::string, NotificationHandler> notifications_;

    // Lifecycle (transport thread only).
    bool initialize_answered_ = false;
    bool shutdown_requested_ = false;
    bool exited_ = false;
    bool told_refused_ = false;  // since the last didClose

    // Fixed by initialize, read by workers afterwards.
    PositionEncoding encoding_ = PositionEncoding::Utf16;
    bool client_work_done_progress_ = false;
    bool client_configuration_ = false;
    bool client_document_changes_ = false;
    std::string root_folder_;  // the workspace's folder, for its `fantasma-names` file

    std::mutex state_mutex_;                                             // guards what follows
    std::map<std::string, std::shared_ptr<std::atomic<bool>>> pending_;  // by id.dump()
    std::map<long long, ResponseHandler> calls_;                         // ours, by id
    long long next_call_id_ = 1;
    int next_progress_token_ = 1;
    ServerSettings settings_;
    std::set<std::string> workspace_ignores_;
    std::shared_ptr<const WriterProfiles> profiles_;
    std::map<std::string, std::size_t> included_leaks_;  // by main file, as last published
    std::map<std::string, BuiltPdfCheck> built_pdfs_;    // by main file, as last checked
    std::set<std::string> told_internal_errors_;         // tell_internal_error's keys
    struct IncludingFile {
        std::string main_uri;
        bool review_copy = false;  // double_blind_by_default of the main file
    };
    std::map<std::string, IncludingFile> included_by_;                 // by included file
    std::map<std::string, std::shared_ptr<RunningRewrite>> rewrites_;  // by request id.dump()
    int next_rewrite_token_ = 1;

    std::unique_ptr<RewriteService> rewrite_service_;  // its thread calls back into the above
};

}  // namespace fantasma::lsp
