// The LSP methods: documents, configuration, diagnostics, hover, code actions, commands.
#include <algorithm>

#include "lsp/distinctive_words.hpp"
#include "lsp/features.hpp"
#include "lsp/server.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/submission.hpp"
#include "support/version.hpp"

namespace fantasma::lsp {
namespace {

Language language_of(const TextDocumentItem& item) {
    if (const auto language = language_from_name(item.languageId)) return *language;
    return language_for_path(item.uri);  // "rmd", "mdx"... by the file's extension
}

TextChange to_change(const TextDocumentContentChangeEvent& event) {
    TextChange change;
    if (event.range) {
        change.range = {{event.range->start.line, event.range->start.character},
                        {event.range->end.line, event.range->end.character}};
    }
    change.text = event.text;
    return change;
}

}  // namespace

void Server::bind_methods() {
    requests_["initialize"] = [this](const json& params, const Responder& responder) {
        responder.result(initialize(params));
    };
    requests_["shutdown"] = [this](const json&, const Responder& responder) {
        shutdown_requested_ = true;
        responder.result(nullptr);
    };
    requests_["textDocument/hover"] = [this](const json& params, const Responder& responder) {
        hover(params, responder);
    };
    requests_["textDocument/codeAction"] = [this](const json& params, const Responder& responder) {
        code_action(params, responder);
    };
    requests_["workspace/executeCommand"] = [this](const json& params, const Responder& responder) {
        execute_command(params, responder);
    };
    notifications_["initialized"] = [this](const json&) { initialized(); };
    notifications_["textDocument/didOpen"] = [this](const json& params) { did_open(params); };
    notifications_["textDocument/didChange"] = [this](const json& params) { did_change(params); };
    notifications_["textDocument/didClose"] = [this](const json& params) { did_close(params); };
    notifications_["textDocument/didSave"] = [](const json&) {};  // the buffer is what counts
    notifications_["workspace/didChangeConfiguration"] = [this](const json& params) {
        did_change_configuration(params);
    };
    notifications_["$/cancelRequest"] = [this](const json& params) { cancel_request(params); };
    notifications_["window/workDoneProgress/cancel"] = [this](const json& params) {
        cancel_rewrite_progress(params);
    };
}

json Server::initialize(const json& params) {
    if (initialize_answered_)
        throw RpcError(ErrorCode::InvalidRequest, "initialize was already received");
    const auto client = parse_params<InitializeParams>(params);
    encoding_ = client.utf8_positions ? PositionEncoding::Utf8 : PositionEncoding::Utf16;
    client_work_done_progress_ = client.work_done_progress;
    client_configuration_ = client.configuration;
    client_document_changes_ = client.document_changes;
    if (client.root_uri) root_folder_ = file_path(*client.root_uri);
    initialize_answered_ = true;
    if (!root_folder_.empty()) update_analysis_settings();  // its fantasma-names file
    if (!client.initializationOptions.is_null())
        apply_settings(client.initializationOptions, "initializationOptions");
    log_.info(std::string("initialized; positions in ") +
              (encoding_ == PositionEncoding::Utf8 ? "utf-8" : "utf-16"));
    return {
        {"capabilities",
         {{"positionEncoding", encoding_ == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
          {"textDocumentSync",
           {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
          {"hoverProvider", true},
          {"codeActionProvider", {{"codeActionKinds", {"quickfix", "refactor.rewrite", "source"}}}},
          {"executeCommandProvider",
           {{"commands",
             {kIgnoreInWorkspaceCommand, kResetWorkspaceIgnoresCommand, kRewriteWithModelCommand,
              kPreviewRewriteCommand, kCheckBuiltPdfCommand}}}}}},
        {"serverInfo", {{"name", "fantasma-ls"}, {"version", fantasma::version()}}}};
}

void Server::initialized() {
    if (client_configuration_) pull_configuration();
}

void Server::did_open(const json& params) {
    const auto open = parse_params<DidOpenTextDocumentParams>(params);
    const TextDocumentItem& item = open.textDocument;
    const Language language = language_of(item);
    log_.info("opened " + item.uri + " (" + std::string(language_name(language)) + ", " +
              std::to_string(item.text.size()) + " bytes, version " + std::to_string(item.version) +
              ")");
    // The included files first: the main file's summary counts their leaks.
    if (language == Language::Latex) {
        publish_included_files(item.uri, item.text, workspace_->settings());
    }
    try {
        workspace_->open(item.uri, language, item.version, item.text);
    } catch (const DocumentRefused& refused) {
        tell_refused(item.uri, refused.what());
    }
}

// A client that opens 10,000 documents hears it once, not 9,000 times: after the first
// refusal, the rest go to the log until a document is closed.
void Server::tell_refused(const std::string& uri, const std::string& why) {
    log_.warning(why);
    notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{uri, std::nullopt, {}});
    if (told_refused_) return;
    told_refused_ = true;
    show_message(kMessageWarning, "fantasma: " + why);
}

void Server::did_change(const json& params) {
    const auto change = parse_params<DidChangeTextDocumentParams>(params);
    std::vector<TextChange> changes;
    for (const auto& event : change.contentChanges) changes.push_back(to_change(event));
    log_.debug("changed " + change.uri + " to version " + std::to_string(change.version) + " (" +
               std::to_string(changes.size()) + " edits)");
    try {
        workspace_->change(change.uri, change.version, changes, encoding_);
    } catch (const std::out_of_range&) {
        log_.warning("didChange for " + change.uri + ", which is not open: ignored");
    } catch (const DocumentRefused& refused) {
        tell_refused(change.uri, refused.what());
    }
}

void Server::did_close(const json& params) {
    const auto close = parse_params<TextDocumentIdentifierParams>(params);
    log_.info("closed " + close.uri);
    workspace_->close(close.uri);
    told_refused_ = false;
    // Its diagnostics leave with it, unless an open main file includes it.
    notify("textDocument/publishDiagnostics",
           PublishDiagnosticsParams{close.uri, std::nullopt, {}});
    forget_main_file(close.uri);
    if (const std::optional<std::string> main = main_file_of(close.uri)) {
        if (const std::optional<Snapshot> snapshot = workspace_->snapshot(*main)) {
            publish_included_files(*main, *snapshot->text, workspace_->settings());
        }
    }
}

void Server::did_change_configuration(const json& params) {
    const json settings = params.is_object() ? params.value("settings", json()) : json();
    // Settings pushed with our section are used as they are; otherwise (null, or another
    // client's layout) the client is asked, if it can be.
    if (settings.is_object() && settings.contains("fantasma")) {
        apply_settings(settings, "didChangeConfiguration");
    } else if (client_configuration_) {
        pull_configuration();
    } else if (settings.is_object() && !settings.empty()) {
        apply_settings(settings, "didChangeConfiguration");
    }
}

void Server::pull_configuration() {
    call("workspace/configuration", {{"items", {{{"section", "fantasma"}}}}},
         [this](const json& result, const json& error) {
             if (!error.is_null()) {
                 log_.warning("workspace/configuration failed: " + error.dump());
                 return;
             }
             // Clients answer null, a short array, or null items for sections they do not
             // know (Neovim 0.7, eglot): nothing to apply then.
             if (!result.is_array() || result.empty() || result[0].is_null()) return;
             apply_settings(result[0], "workspace/configuration");
         });
}

void Server::apply_settings(const json& configuration, std::string_view origin) {
    std::vector<std::string> problems;
    ServerSettings settings = read_settings(configuration, problems);
    // A code no detector has would fail every analysis ("unknown marker code"): it is left
    // out and the writer told, as any setting that cannot be used.
    std::erase_if(settings.enabled_codes, [&](const std::string& code) {
        const bool known = code == kWordChoiceCode ||
                           std::ranges::any_of(analyzer_.detectors(), [&](const auto& detector) {
                               return detector->code() == code;
                           });
        if (!known) problems.push_back("fantasma.enabledCodes: no marker is called '" + code + "'");
        return !known;
    });
    for (const std::string& problem : problems)
        show_message(kMessageWarning, "fantasma: " + problem + " (setting ignored)");
    {
        const std::lock_guard lock(state_mutex_);
        if (settings == settings_) return;
    }
    log_.info("configuration from " + std::string(origin));
    std::shared_ptr<const WriterProfiles> profiles;
    if (!settings.profile_directory.empty()) {
        try {
            profiles =
                std::make_shared<const WriterProfiles>(settings.profile_directory, analyzer_);
        } catch (const std::exception& error) {
            show_message(kMessageError,
                         std::string("fantasma: profile not loaded: ") + error.what());
        }
    }
    {
        const std::lock_guard lock(state_mutex_);
        settings_ = std::move(settings);
        profiles_ = std::move(profiles);
    }
    workspace_->set_debounce(std::chrono::milliseconds(settings_.debounce_ms));
    configure_rewrite_service();
    update_analysis_settings();
}

void Server::update_analysis_settings() {
    AnalysisSettings analysis;
    {
        const std::lock_guard lock(state_mutex_);
        analysis.enabled_codes = settings_.enabled_codes;
        analysis.ignored_codes = workspace_ignores_;
        analysis.ignored_codes.insert(settings_.ignored_codes.begin(),
                                      settings_.ignored_codes.end());
        analysis.min_bits = settings_.minimum_bits;
        analysis.show_common_habits = settings_.show_common_habits;
        analysis.profiles = profiles_;
        analysis.public_names = settings_.public_names;
        analysis.word_choice = settings_.word_choice;
        analysis.attacker_evidence_share = settings_.attacker_evidence_share;
    }
    if (!root_folder_.empty()) {
        try {
            for (std::string& name : read_public_names(root_folder_)) {
                analysis.public_names.push_back(std::move(name));
            }
        } catch (const std::exception& error) {
            show_message(kMessageWarning,
                         std::string("fantasma: fantasma-names not read: ") + error.what());
        }
    }
    // The open LaTeX files' included files are read and published again, first (as on open).
    const std::vector<std::string> uris = workspace_->uris();
    for (const std::string& uri : uris) {
        const std::optional<Snapshot> snapshot = workspace_->snapshot(uri);
        if (snapshot && snapshot->language == Language::Latex) {
            publish_included_files(uri, *snapshot->text, analysis);
        }
    }
    const std::size_t documents = uris.size();
    workspace_->set_settings(std::move(analysis));
    if (documents > 0) report_progress("Re-analysing", documents);
}

void Server::report_progress(const std::string& title, std::size_t documents) {
    if (!client_work_done_progress_) return;  // only to clients that declared it
    std::string token;
    {
        const std::lock_guard lock(state_mutex_);
        token = "fantasma-progress-" + std::to_string(next_progress_token_++);
    }
    call("window/workDoneProgress/create", {{"token", token}},
         [this, token, title, documents](const json&, const json& error) {
             if (!error.is_null()) return;  // the client refused the token
             notify("$/progress", {{"token", token},
                                   {"value",
                                    {{"kind", "begin"},
                                     {"title", title},
                                     {"message", std::to_string(documents) + " documents"}}}});
             const auto uris = workspace_->uris();
             auto left = std::make_shared<std::atomic<std::size_t>>(uris.size());
             const auto done = [this, token, left](const std::optional<Snapshot>&) {
                 if (--*left == 0)
                     notify("$/progress", {{"token", token}, {"value", {{"kind", "end"}}}});
             };
             if (uris.empty())
                 notify("$/progress", {{"token", token}, {"value", {{"kind", "end"}}}});
             for (const std::string& uri : uris) workspace_->when_current(uri, done);
         });
}

void Server::publish(const Snapshot& snapshot) {
    for (const DetectorFailure& failure : snapshot.report->failed_detectors)
        tell_internal_error("detector " + failure.code,
                            "fantasma: " + snapshot.uri + ": " + failure_message(failure));
    const DoubleBlind double_blind =
        double_blind_for(snapshot.uri, *snapshot.text, snapshot.language);
    auto diagnostics = diagnostics_for(snapshot, encoding_, double_blind.on);
    log_.debug("publishing " + std::to_string(diagnostics.size()) + " diagnostics for " +
               snapshot.uri + " version " + std::to_string(snapshot.version));
    notify_serialized("textDocument/publishDiagnostics",
                      serialize_publish_diagnostics(PublishDiagnosticsParams{
                          snapshot.uri, snapshot.version, std::move(diagnostics)}));
    notify("fantasma/summary", summary_for(snapshot, double_blind, encoding_));
}

void Server::show_message(int type, const std::string& message) {
    log_.log(type == kMessageError ? LogLevel::Error : LogLevel::Warning, message);
    notify("window/showMessage", {{"type", type}, {"message", message}});
}

void Server::tell_internal_error(const std::string& key, const std::string& message) {
    bool told = false;
    {
        const std::lock_guard lock(state_mutex_);
        told = !told_internal_errors_.insert(key).second;
    }
    if (told) {
        log_.error(message);
    } else {
        show_message(kMessageError, message);
    }
}

void Server::hover(const json& params, const Responder& responder) {
    const auto request = parse_params<TextDocumentPositionParams>(params);
    if (!workspace_->is_open(request.uri)) return responder.result(nullptr);
    const PositionEncoding encoding = encoding_;
    workspace_->when_current(
        request.uri, [responder, request, encoding](std::optional<Snapshot> snapshot) {
            if (!snapshot)
                return responder.error(ErrorCode::ContentModified, "the document changed");
            const auto hover = hover_for(*snapshot, request.position, encoding);
            responder.result(hover ? json(*hover) : json());
        });
}

void Server::code_action(const json& params, const Responder& responder) {
    const auto request = parse_params<CodeActionParams>(params);
    if (!workspace_->is_open(request.uri)) return responder.result(json::array());
    const PositionEncoding encoding = encoding_;
    const bool model = !rewrite_service_->settings().model.empty();
    const Analyzer& analyzer = analyzer_;
    workspace_->when_current(request.uri, [responder, request, encoding, model,
                                           &analyzer](std::optional<Snapshot> snapshot) {
        if (!snapshot) return responder.error(ErrorCode::ContentModified, "the document changed");
        responder.result(code_actions_for(analyzer, *snapshot, request, encoding, model));
    });
}

void Server::execute_command(const json& params, const Responder& responder) {
    const auto request = parse_params<ExecuteCommandParams>(params);
    if (request.command == kRewriteWithModelCommand || request.command == kPreviewRewriteCommand)
        return rewrite_command(request, responder, request.command == kPreviewRewriteCommand);
    if (request.command == kCheckBuiltPdfCommand)
        return check_built_pdf_command(request, responder);
    if (request.command == kIgnoreInWorkspaceCommand) {
        if (request.arguments.empty() || !request.arguments[0].is_string())
            throw RpcError(ErrorCode::InvalidParams, "params.arguments[0]: expected a marker code");
        const std::string code = request.arguments[0].get<std::string>();
        log_.info("ignoring " + code + " in this workspace");
        const std::lock_guard lock(state_mutex_);
        workspace_ignores_.insert(code);
    } else if (request.command == kResetWorkspaceIgnoresCommand) {
        const std::lock_guard lock(state_mutex_);
        workspace_ignores_.clear();
    } else {
        throw RpcError(ErrorCode::InvalidParams,
                       "params.command: unknown command " + request.command);
    }
    update_analysis_settings();
    responder.result(nullptr);
}

}  // namespace fantasma::lsp
